import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateShiftDto, SHIFT_REQUIRED, ShiftResponseDto, UpdateShiftDto } from './dto/shift.dto';
import { SHIFT_LIST, ShiftsService } from './shifts.service';

export class DeletedDto {
  @ApiProperty({ example: 1 }) id!: number;
}

/** Shift roster (hr.md 2, 3): company_admin and an impersonating superadmin, companies with attendance. */
@ApiTags('shift-roster')
@ApiAuthErrors()
@Roles('company_admin', 'superadmin')
@Controller('hr/shifts')
export class ShiftsController {
  constructor(private readonly shifts: ShiftsService) {}

  @Get()
  @RequireModule('attendance', 'view')
  @ApiOperation({ summary: 'Shifts', description: 'filter: q (name or code), id, is_active' })
  @ApiListQuery()
  @ApiEnvelope(ShiftResponseDto, { isArray: true })
  list(@ListParams(SHIFT_LIST) q: ListQuery) {
    return this.shifts.list(q);
  }

  @Get(':id')
  @RequireModule('attendance', 'view')
  @ApiOperation({ summary: 'One shift' })
  @ApiEnvelope(ShiftResponseDto)
  @ApiNotFoundResponse({ description: 'Shift not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.shifts.get(id);
  }

  @Post()
  @RequireModule('attendance', 'create')
  @ApiOperation({ summary: 'Create a shift (grace_period default 15 minutes)' })
  @ApiEnvelope(ShiftResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: `'${SHIFT_REQUIRED}', or a field out of bounds` })
  @ApiConflictResponse({ description: 'Shift code already exists' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateShiftDto) {
    return ok(await this.shifts.create(ctx, dto), 'Shift created successfully');
  }

  @Put(':id')
  @RequireModule('attendance', 'edit')
  @ApiOperation({ summary: 'Update a shift' })
  @ApiEnvelope(ShiftResponseDto)
  @ApiNotFoundResponse({ description: 'Shift not found' })
  @ApiConflictResponse({ description: 'Shift code already exists' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateShiftDto) {
    return ok(await this.shifts.update(ctx, id, dto), 'Shift updated successfully');
  }

  @Delete(':id')
  @HttpCode(200)
  @RequireModule('attendance', 'delete')
  @ApiOperation({ summary: 'Delete a shift that no assignment uses' })
  @ApiEnvelope(DeletedDto)
  @ApiNotFoundResponse({ description: 'Shift not found' })
  @ApiConflictResponse({ description: 'Assignments still use the shift' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.shifts.remove(id);
    return ok({ id }, 'Shift deleted successfully');
  }
}
