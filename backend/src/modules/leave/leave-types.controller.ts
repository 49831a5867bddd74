import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../common/auth/decorators';
import { SelfService } from '../../common/auth/self-service';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateLeaveTypeDto, LeaveTypeResponseDto, UpdateLeaveTypeDto } from './dto/leave-type.dto';
import { LEAVE_TYPE_LIST, LeaveTypesService } from './leave-types.service';

/** Leave types (hr.md 2 Leave Settings, 3, 5): everyone with leave view reads; admins change them. */
@ApiTags('leave')
@ApiAuthErrors()
@Controller('hr/leave-types')
export class LeaveTypesController {
  constructor(private readonly types: LeaveTypesService) {}

  @Get()
  @RequireModule('leave', 'view')
  @SelfService()
  @ApiOperation({ summary: 'Leave types (filters q, is_active, is_paid, policy_id)' })
  @ApiListQuery()
  @ApiEnvelope(LeaveTypeResponseDto, { isArray: true })
  list(@ListParams(LEAVE_TYPE_LIST) q: ListQuery) {
    return this.types.list(q);
  }

  @Get(':id')
  @RequireModule('leave', 'view')
  @SelfService()
  @ApiOperation({ summary: 'One leave type' })
  @ApiEnvelope(LeaveTypeResponseDto)
  @ApiNotFoundResponse({ description: 'Leave type not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.types.get(id);
  }

  @Post()
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'create')
  @ApiOperation({ summary: 'Create a leave type (defaults: max days 0 = no limit, paid, needs approval, no attachment, active)' })
  @ApiEnvelope(LeaveTypeResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: "'Type name and code are required'; max_days_per_year must be a whole number of at least 0" })
  @ApiConflictResponse({ description: 'A leave type with that code already exists' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateLeaveTypeDto) {
    return ok(await this.types.create(ctx, dto), 'Leave type created successfully');
  }

  @Put(':id')
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'edit')
  @ApiOperation({ summary: 'Update a leave type (also the activate/deactivate toggle: {"is_active": false})' })
  @ApiEnvelope(LeaveTypeResponseDto)
  @ApiNotFoundResponse({ description: 'Leave type not found' })
  @ApiConflictResponse({ description: 'A leave type with that code already exists' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateLeaveTypeDto) {
    const onlyToggle = Object.keys(dto).every((k) => k === 'is_active' || k === 'company_id') && dto.is_active !== undefined;
    return ok(
      await this.types.update(ctx, id, dto),
      onlyToggle ? 'Leave type activated or deactivated successfully' : 'Leave type updated successfully',
    );
  }

  @Delete(':id')
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'delete')
  @ApiOperation({ summary: 'Delete a leave type that no request uses' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Leave type not found' })
  @ApiConflictResponse({ description: 'The type is used by leave requests (deactivate it instead)' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.types.remove(id);
    return ok(null, 'Leave type deleted successfully');
  }
}
