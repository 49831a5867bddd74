import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { ApiAuthErrors, Auth, RequireModule, Roles, ScopedRecords } from '../../common/auth/decorators';
import { SelfService } from '../../common/auth/self-service';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { AttendanceCorrectionsService } from './attendance-corrections.service';
import { ATTENDANCE_LIST, AttendanceService, NO_EMPLOYEE_RECORD, NOT_CHECKED_IN, type PunchResult } from './attendance.service';
import type { ClientInfo } from './attendance-rules.service';
import {
  AttendanceResponseDto,
  AttendanceSummaryDto,
  AttendanceTodayDto,
  CreateAttendanceDto,
  UpdateAttendanceDto,
} from './dto/attendance.dto';
import { CheckInDto, CheckOutDto } from './dto/check-in.dto';

const DEVICE_HEADER = ApiHeader({
  name: 'X-Device-Id',
  required: false,
  description:
    'A stable id of the device (the body field device_id wins). Used by the device settings: restrict_by_device_id, ' +
    'device_whitelist, max_devices_per_user. Mobile or desktop is read from the User-Agent header.',
});

const REFUSALS =
  'A company rule refused it, the message says which: outside the work location radius, location accuracy worse than ' +
  'the threshold, location required but not sent, network not allowed, device not allowed or over the device limit, ' +
  "an offline entry not allowed or older than the company's offline_checkin_max_age_hours (an offline entry meets every rule: " +
  'its position and device as recorded at the time, the network it is sent from); or the account has no employee record';

function client(req: FastifyRequest): ClientInfo {
  const header = req.headers['x-device-id'];
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    deviceId: Array.isArray(header) ? header[0] : header,
  };
}

/**
 * Attendance (hr.md 2, 3, 4, 7): everyone with the attendance module checks in and out for their
 * own employee record and reads their own records, and the records of the people within the
 * scope of their attendance view (a line manager their team's; company_admin, an impersonating
 * superadmin and holders of view over the company every employee's); company_admin corrects them.
 * The static paths come before `:id`.
 */
@ApiTags('attendance')
@ApiAuthErrors()
@Controller('hr/attendance')
export class AttendanceController {
  constructor(
    private readonly attendance: AttendanceService,
    private readonly corrections: AttendanceCorrectionsService,
  ) {}

  @Get()
  @RequireModule('attendance', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({
    summary: "Attendance records: the caller's own and those of the people within the scope of their attendance view",
    description:
      'Query start_date, end_date (YYYY-MM-DD, inclusive), status (present, late, absent, leave; comma-separated for several), ' +
      'or the same in filter, with filter employee_id, department_id, q (employee name or code) among the records one sees and ' +
      'filter mine=true for the caller’s own records only.',
  })
  @ApiListQuery()
  @ApiQuery({ name: 'start_date', required: false, schema: { type: 'string', format: 'date', example: '2026-02-01' } })
  @ApiQuery({ name: 'end_date', required: false, schema: { type: 'string', format: 'date', example: '2026-03-02' } })
  @ApiQuery({ name: 'status', required: false, enum: ['present', 'late', 'absent', 'leave'] })
  @ApiQuery({ name: 'employee_id', required: false, description: 'One employee (among those whose records one sees)', schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } })
  @ApiEnvelope(AttendanceResponseDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'A date or status is not valid' })
  list(
    @Auth() ctx: AuthContext,
    @Req() req: AuthedRequest,
    @ListParams(ATTENDANCE_LIST) q: ListQuery,
    @Query('start_date') startDate?: string,
    @Query('end_date') endDate?: string,
    @Query('status') status?: string,
    @Query('employee_id') employeeId?: string,
  ) {
    const plain = { start_date: startDate, end_date: endDate, status, employee_id: employeeId };
    for (const [key, value] of Object.entries(plain)) {
      if (value !== undefined && value !== '' && q.filter[key] === undefined) q.filter[key] = value;
    }
    return this.attendance.list(ctx, q, req.permissions);
  }

  @Get('today')
  @RequireModule('attendance', 'view')
  @SelfService()
  @ApiOperation({ summary: "The caller's record today (company time zone), what they can do, and the check-in rules to apply" })
  @ApiEnvelope(AttendanceTodayDto)
  today(@Auth() ctx: AuthContext) {
    return this.attendance.today(ctx);
  }

  @Get('summary')
  @RequireModule('attendance', 'view')
  @SelfService()
  @ApiOperation({ summary: "The caller's statistics over a date range (default the last 30 days)" })
  @ApiQuery({ name: 'start_date', required: false, schema: { type: 'string', format: 'date', example: '2026-02-01' } })
  @ApiQuery({ name: 'end_date', required: false, schema: { type: 'string', format: 'date', example: '2026-03-02' } })
  @ApiEnvelope(AttendanceSummaryDto)
  @ApiBadRequestResponse({ description: 'A date is not valid, or start_date is after end_date' })
  summary(@Auth() ctx: AuthContext, @Query('start_date') startDate?: string, @Query('end_date') endDate?: string) {
    return this.attendance.summary(ctx, startDate || undefined, endDate || undefined);
  }

  @Post('check-in')
  @RequireModule('attendance', 'create')
  @SelfService()
  @DEVICE_HEADER
  @ApiOperation({
    summary: "Check in the caller's employee record for today (company time zone)",
    description:
      'Verified against the company attendance settings. Late after the assigned shift start plus its grace period, or, ' +
      'with no shift, when the check-in hour is after 9. A repeated submit answers the first check-in (200), never a second record. ' +
      "A day the absent-marking job marked absent becomes the check-in; a day an administrator recorded or corrected is never changed (409).",
  })
  @ApiEnvelope(AttendanceResponseDto, { status: 201, description: "'Check-in successful!'" })
  @ApiOkResponse({ description: 'Already checked in today: the existing record' })
  @ApiConflictResponse({ description: "This day's attendance was recorded by an administrator and cannot be changed by a check-in" })
  @ApiUnprocessableEntityResponse({ description: REFUSALS })
  async checkIn(@Auth() ctx: AuthContext, @Body() dto: CheckInDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(await this.attendance.checkIn(ctx, dto, client(req)), reply);
  }

  @Post('check-out')
  @RequireModule('attendance', 'create')
  @SelfService()
  @DEVICE_HEADER
  @ApiOperation({
    summary: "Check out the caller's open record (today's, or yesterday's for a shift past midnight)",
    description: 'work_hours = check-out minus check-in, less the shift break. Location and network are recorded; device rules apply.',
  })
  @ApiEnvelope(AttendanceResponseDto, { status: 201, description: "'Check-out successful!'" })
  @ApiOkResponse({ description: 'Already checked out today: the existing record' })
  @ApiUnprocessableEntityResponse({ description: `'${NOT_CHECKED_IN}'; '${NO_EMPLOYEE_RECORD}'; a device rule; an offline entry refused` })
  async checkOut(@Auth() ctx: AuthContext, @Body() dto: CheckOutDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(await this.attendance.checkOut(ctx, dto, client(req)), reply);
  }

  @Post()
  @Roles('company_admin', 'superadmin')
  @RequireModule('attendance', 'edit')
  @ApiOperation({ summary: 'Admins: record a day that has no record yet (audited)' })
  @ApiEnvelope(AttendanceResponseDto, { status: 201 })
  @ApiNotFoundResponse({ description: "The employee is not the company's" })
  @ApiConflictResponse({ description: 'The employee already has a record on that date' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateAttendanceDto, @Req() req: FastifyRequest) {
    const record = await this.corrections.create(ctx, dto, { path: req.url.split('?')[0], ip: req.ip });
    return ok(record, 'Attendance record created successfully');
  }

  @Get(':id')
  @RequireModule('attendance', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: "One attendance record (own, or one within the scope of the caller's attendance view)" })
  @ApiEnvelope(AttendanceResponseDto)
  @ApiNotFoundResponse({ description: 'Attendance record not found' })
  get(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    return this.attendance.get(ctx, id, req.permissions);
  }

  @Put(':id')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @RequireModule('attendance', 'edit')
  @ApiOperation({ summary: 'Admins: correct a record (status, times, locations, notes); work_hours follows the times (audited)' })
  @ApiEnvelope(AttendanceResponseDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or check-out is before check-in' })
  @ApiNotFoundResponse({ description: 'Attendance record not found' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateAttendanceDto, @Req() req: FastifyRequest) {
    const record = await this.corrections.update(ctx, id, dto, { path: req.url.split('?')[0], ip: req.ip });
    return ok(record, 'Attendance record updated successfully');
  }

  private answer(result: PunchResult, reply: FastifyReply) {
    reply.status(result.created ? 201 : 200);
    return ok(result.record, result.message);
  }
}
