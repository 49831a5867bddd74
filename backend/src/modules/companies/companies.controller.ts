import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiAuthErrors, Auth, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok, Page } from '../../common/http/envelope';
import { ApiListQuery, Filter, ListParams, type ListQuery } from '../../common/http/list-query';
import { UserResponseDto } from '../auth/dto/user-response.dto';
import { toUserResponse } from '../users/user.mapper';
import { SUBSCRIPTION_STATUSES } from './company.entity';
import { CompaniesService } from './companies.service';
import { CompanyResponseDto, CreateCompanyAdminDto, CreateCompanyDto, UpdateCompanyDto } from './dto/company.dto';

const LIST = {
  sortable: ['id', 'company_name', 'company_code', 'subscription_status', 'subscription_plan', 'created_at'],
  filterable: ['q', 'subscription_status', 'package_id'],
  defaultSort: ['company_name', 'ASC'] as ['company_name', 'ASC'],
  filters: { subscription_status: Filter.oneOf(SUBSCRIPTION_STATUSES) },
};

/** The platform's companies (superadmin). The path is under auth as the spec's calls have it. */
@ApiTags('companies')
@ApiAuthErrors()
@Roles('superadmin')
@Controller('auth/companies')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  @Get()
  @ApiOperation({ summary: 'Companies with their package, subscription and users_count' })
  @ApiListQuery()
  @ApiEnvelope(CompanyResponseDto, { isArray: true })
  async list(@ListParams(LIST) q: ListQuery) {
    const [items, total] = await this.companies.list(q);
    return new Page('auth/companies', items, q.offset, total);
  }

  @Post()
  @ApiOperation({ summary: 'Create a company (on the default package unless package_id is given)' })
  @ApiEnvelope(CompanyResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiConflictResponse({ description: 'A company with this code already exists' })
  async create(@Body() dto: CreateCompanyDto) {
    return ok(await this.companies.create(dto), 'Company created successfully!');
  }

  @Get(':id')
  @ApiOperation({ summary: 'A company' })
  @ApiEnvelope(CompanyResponseDto)
  @ApiNotFoundResponse({ description: 'Company not found' })
  detail(@Param('id', ParseIntPipe) id: number): Promise<CompanyResponseDto> {
    return this.companies.detail(id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a company (its package, subscription status, trial end...)' })
  @ApiEnvelope(CompanyResponseDto)
  @ApiNotFoundResponse({ description: 'Company not found' })
  @ApiConflictResponse({ description: 'A company with this code already exists' })
  @ApiUnprocessableEntityResponse({ description: 'The company has more employees or admins than the package allows' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateCompanyDto, @Req() req: FastifyRequest) {
    return ok(await this.companies.update(id, dto, { userId: ctx.userId, ip: req.ip, path: req.url.split('?')[0] }), 'Company updated successfully!');
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a company and all of its data (users, employees, departments, ...)' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Company not found' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.companies.remove(id);
    return ok({ id }, 'Company deleted successfully!');
  }

  @Post(':id/admin')
  @ApiOperation({ summary: "Create a company_admin of the company (within the package's max_admins)" })
  @ApiEnvelope(UserResponseDto, { status: 201 })
  @ApiNotFoundResponse({ description: 'Company not found' })
  @ApiConflictResponse({ description: 'Email or username already in use' })
  @ApiUnprocessableEntityResponse({ description: 'The package allows no more admins' })
  async createAdmin(@Param('id', ParseIntPipe) id: number, @Body() dto: CreateCompanyAdminDto) {
    const user = await this.companies.createAdmin(id, dto);
    return ok(toUserResponse(user), 'Company admin created successfully!');
  }
}
