import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateHolidayDto, HolidayResponseDto, UpdateHolidayDto } from './dto/holiday.dto';
import { HOLIDAY_LIST, HolidaysService } from './holidays.service';

/** Company holidays: not working days for leave requests. */
@ApiTags('leave')
@ApiAuthErrors()
@Controller('hr/holidays')
export class HolidaysController {
  constructor(private readonly holidays: HolidaysService) {}

  @Get()
  @RequireModule('leave', 'view')
  @ApiOperation({ summary: 'Company holidays (filters year, from, to)' })
  @ApiListQuery()
  @ApiEnvelope(HolidayResponseDto, { isArray: true })
  list(@ListParams(HOLIDAY_LIST) q: ListQuery) {
    return this.holidays.list(q);
  }

  @Get(':id')
  @RequireModule('leave', 'view')
  @ApiOperation({ summary: 'One holiday' })
  @ApiEnvelope(HolidayResponseDto)
  @ApiNotFoundResponse({ description: 'Holiday not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.holidays.get(id);
  }

  @Post()
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'create')
  @ApiOperation({ summary: 'Add a holiday' })
  @ApiEnvelope(HolidayResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'holiday_date or name missing or invalid' })
  @ApiConflictResponse({ description: 'There is already a holiday on that date' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateHolidayDto) {
    return ok(await this.holidays.create(ctx, dto), 'Holiday created successfully');
  }

  @Put(':id')
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'edit')
  @ApiOperation({ summary: 'Change a holiday' })
  @ApiEnvelope(HolidayResponseDto)
  @ApiNotFoundResponse({ description: 'Holiday not found' })
  @ApiConflictResponse({ description: 'There is already a holiday on that date' })
  async update(@Param('id', ParseIntPipe) id: number, @Body() dto: UpdateHolidayDto) {
    return ok(await this.holidays.update(id, dto), 'Holiday updated successfully');
  }

  @Delete(':id')
  @Roles('company_admin', 'superadmin')
  @RequireModule('leave', 'delete')
  @ApiOperation({ summary: 'Delete a holiday' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Holiday not found' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.holidays.remove(id);
    return ok(null, 'Holiday deleted successfully');
  }
}
