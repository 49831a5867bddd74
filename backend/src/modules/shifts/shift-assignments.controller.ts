import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import {
  ASSIGNMENT_REQUIRED,
  CreateShiftAssignmentDto,
  ShiftAssignmentResponseDto,
  UpdateShiftAssignmentDto,
} from './dto/shift-assignment.dto';
import { ASSIGNMENT_LIST, ShiftAssignmentsService } from './shift-assignments.service';
import { DeletedDto } from './shifts.controller';

/** Who works which shift where, from when to when: at most one active assignment per employee and date. */
@ApiTags('shift-roster')
@ApiAuthErrors()
@Roles('company_admin', 'superadmin')
@Controller('hr/shift-assignments')
export class ShiftAssignmentsController {
  constructor(private readonly assignments: ShiftAssignmentsService) {}

  @Get()
  @RequireModule('attendance', 'view')
  @ApiOperation({
    summary: 'Shift assignments',
    description: 'filter: q (employee name or code, shift name), id, employee_id, shift_id, location_id, is_active, active_on (YYYY-MM-DD)',
  })
  @ApiListQuery()
  @ApiEnvelope(ShiftAssignmentResponseDto, { isArray: true })
  list(@ListParams(ASSIGNMENT_LIST) q: ListQuery) {
    return this.assignments.list(q);
  }

  @Get(':id')
  @RequireModule('attendance', 'view')
  @ApiOperation({ summary: 'One shift assignment' })
  @ApiEnvelope(ShiftAssignmentResponseDto)
  @ApiNotFoundResponse({ description: 'Shift assignment not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.assignments.get(id);
  }

  @Post()
  @RequireModule('attendance', 'create')
  @ApiOperation({ summary: 'Assign a shift (and optionally a work location) to an employee' })
  @ApiEnvelope(ShiftAssignmentResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: `'${ASSIGNMENT_REQUIRED}', or end_date before start_date` })
  @ApiNotFoundResponse({ description: "The employee, shift or location is not the company's" })
  @ApiConflictResponse({ description: 'The employee already has an active assignment overlapping these dates' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateShiftAssignmentDto) {
    return ok(await this.assignments.create(ctx, dto), 'Shift assigned successfully');
  }

  @Put(':id')
  @RequireModule('attendance', 'edit')
  @ApiOperation({ summary: 'Update a shift assignment' })
  @ApiEnvelope(ShiftAssignmentResponseDto)
  @ApiNotFoundResponse({ description: 'Shift assignment (or a referenced row) not found' })
  @ApiConflictResponse({ description: 'The employee already has an active assignment overlapping these dates' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateShiftAssignmentDto) {
    return ok(await this.assignments.update(ctx, id, dto), 'Assignment updated successfully');
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireModule('attendance', 'delete')
  @ApiOperation({ summary: 'Delete a shift assignment' })
  @ApiEnvelope(DeletedDto)
  @ApiNotFoundResponse({ description: 'Shift assignment not found' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.assignments.remove(id);
    return ok({ id }, 'Assignment deleted successfully');
  }
}
