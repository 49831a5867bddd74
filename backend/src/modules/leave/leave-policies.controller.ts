import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { CreateLeavePolicyDto, LeavePolicyResponseDto, UpdateLeavePolicyDto } from './dto/leave-policy.dto';
import { LeavePoliciesService } from './leave-policies.service';

/** Leave policies (hr.md 3), attached to leave types through their policy_id. */
@ApiTags('leave')
@ApiAuthErrors()
@Controller('hr/leave-policies')
export class LeavePoliciesController {
  constructor(private readonly policies: LeavePoliciesService) {}

  @Get()
  @RequireModule('leave', 'view')
  @ApiOperation({ summary: 'Leave policies, with the ids of the types following each' })
  @ApiEnvelope(LeavePolicyResponseDto, { isArray: true })
  list() {
    return this.policies.list();
  }

  @Get(':id')
  @RequireModule('leave', 'view')
  @ApiOperation({ summary: 'One leave policy' })
  @ApiEnvelope(LeavePolicyResponseDto)
  @ApiNotFoundResponse({ description: 'Leave policy not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.policies.get(id);
  }

  @Post()
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'create')
  @ApiOperation({ summary: 'Create a leave policy' })
  @ApiEnvelope(LeavePolicyResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'Name missing, or a number below 0' })
  @ApiConflictResponse({ description: 'A policy with that name already exists' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateLeavePolicyDto) {
    return ok(await this.policies.create(ctx, dto), 'Leave policy created successfully');
  }

  @Put(':id')
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'edit')
  @ApiOperation({ summary: 'Update a leave policy (only the fields sent; null clears an optional number)' })
  @ApiEnvelope(LeavePolicyResponseDto)
  @ApiNotFoundResponse({ description: 'Leave policy not found' })
  @ApiConflictResponse({ description: 'A policy with that name already exists' })
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateLeavePolicyDto) {
    return ok(await this.policies.update(id, dto), 'Leave policy updated successfully');
  }

  @Delete(':id')
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'delete')
  @ApiOperation({ summary: 'Delete a leave policy (its types keep their own rules)' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Leave policy not found' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.policies.remove(id);
    return ok(null, 'Leave policy deleted successfully');
  }
}
