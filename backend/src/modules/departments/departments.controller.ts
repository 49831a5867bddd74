import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Auth, RequireModule } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateDepartmentDto, DepartmentResponseDto, UpdateDepartmentDto } from './dto/department.dto';
import { DEPARTMENT_LIST, DepartmentsService } from './departments.service';

class DepartmentDeletedDto {
  @ApiProperty() id!: number;
}

@ApiTags('departments')
@Controller('hr/departments')
export class DepartmentsController {
  constructor(private readonly departments: DepartmentsService) {}

  @Get()
  @RequireModule('departments', 'view')
  @ApiOperation({ summary: 'List departments', description: 'filter: q (code or name), id, cost_center (exact; one or a list), is_active, manager_id, company_id' })
  @ApiListQuery()
  @ApiEnvelope(DepartmentResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @ListParams(DEPARTMENT_LIST) q: ListQuery) {
    return this.departments.list(ctx, q);
  }

  @Get(':id')
  @RequireModule('departments', 'view')
  @ApiOperation({ summary: 'One department' })
  @ApiEnvelope(DepartmentResponseDto)
  @ApiNotFoundResponse({ description: "Not a department of the caller's company" })
  get(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return this.departments.get(ctx, id);
  }

  @Post()
  @RequireModule('departments', 'create')
  @ApiOperation({ summary: 'Create a department' })
  @ApiEnvelope(DepartmentResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'Department code and name are required' })
  @ApiNotFoundResponse({ description: "manager_id is not an employee of the caller's company" })
  @ApiConflictResponse({ description: 'Department code already exists' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateDepartmentDto) {
    return ok(await this.departments.create(ctx, dto), 'Department created successfully');
  }

  @Put(':id')
  @RequireModule('departments', 'edit')
  @ApiOperation({ summary: 'Update a department (department_code cannot change)' })
  @ApiEnvelope(DepartmentResponseDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or department_code differs from the current one' })
  @ApiNotFoundResponse({ description: "The department or the manager is not the caller's company's" })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateDepartmentDto) {
    return ok(await this.departments.update(ctx, id, dto), 'Department updated successfully');
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireModule('departments', 'delete')
  @ApiOperation({ summary: 'Delete a department that no employee or position belongs to' })
  @ApiEnvelope(DepartmentDeletedDto)
  @ApiConflictResponse({ description: 'Employees or positions still belong to it (the message says how many)' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.departments.remove(id);
    return ok({ id }, 'Department deleted successfully');
  }
}
