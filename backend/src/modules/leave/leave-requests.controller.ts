import { Body, Controller, Get, Param, ParseIntPipe, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { ApiAuthErrors, Auth, RequireModule, ScopedRecords } from '../../common/auth/decorators';
import { SelfService } from '../../common/auth/self-service';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import {
  CreateLeaveRequestDto,
  LeaveAttachmentDto,
  LeaveAttachmentUploadDto,
  LeaveRequestResponseDto,
  RejectLeaveRequestDto,
  WorkingDaysDto,
  WorkingDaysQueryDto,
} from './dto/leave-request.dto';
import { LeaveAttachmentsService } from './leave-attachments.service';
import { LEAVE_REQUEST_LIST, LeaveRequestsService, OUT_OF_SCOPE, OWN_DECISION, SUBMITTED } from './leave-requests.service';
import { fileDownload } from '../../common/http/download';

/**
 * Leave requests (hr.md 2, 3, 4, 7). pending → approved | rejected by someone whose leave edit
 * covers the employee (a leave manager over the company, a line manager over their team) and who
 * is not the requester; the employee may cancel their own pending request. Everyone sees their own
 * requests and those within the scope of their leave view (leave-access.ts). Static paths come
 * before `:id`.
 */
@ApiTags('leave')
@ApiAuthErrors()
@Controller('hr/leave-requests')
export class LeaveRequestsController {
  constructor(
    private readonly requests: LeaveRequestsService,
    private readonly attachments: LeaveAttachmentsService,
  ) {}

  @Get()
  @RequireModule('leave', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({
    summary: "Leave requests: one's own and those of the people within the scope of one's leave view (the company for leave managers, the team for line managers)",
    description: 'Filters: status, employee_id, leave_type_id, q (employee name or code), from/to (overlapping the range), year, mine (own only).',
  })
  @ApiListQuery()
  @ApiEnvelope(LeaveRequestResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @ListParams(LEAVE_REQUEST_LIST) q: ListQuery) {
    return this.requests.list(ctx, q, req.permissions);
  }

  @Post()
  @RequireModule('leave', 'create')
  @SelfService()
  @ApiOperation({ summary: 'Request leave (for oneself; employee_id: someone within the scope of one\'s leave create)' })
  @ApiEnvelope(LeaveRequestResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is missing or invalid (total_days at least 0.5 in steps of 0.5, end_date on or after start_date)' })
  @ApiNotFoundResponse({ description: 'Leave type, employee or attachment not found' })
  @ApiConflictResponse({ description: 'The dates overlap another pending or approved request of the employee' })
  @ApiUnprocessableEntityResponse({
    description: "'Insufficient leave balance: 3 days remaining'; no working days; inactive type; attachment required; per-request limit",
  })
  async create(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Body() dto: CreateLeaveRequestDto) {
    return ok(await this.requests.create(ctx, dto, req.permissions), SUBMITTED);
  }

  @Get('working-days')
  @RequireModule('leave', 'view')
  @SelfService()
  @ApiOperation({ summary: 'Working days from start_date to end_date (inclusive): weekends and company holidays excluded' })
  @ApiEnvelope(WorkingDaysDto)
  @ApiBadRequestResponse({ description: 'Dates missing or invalid, end before start, or a range over 366 days' })
  workingDays(@Auth() ctx: AuthContext, @Query() query: WorkingDaysQueryDto) {
    return this.requests.workingDays(ctx, query.start_date, query.end_date);
  }

  @Post('attachments')
  @RequireModule('leave', 'create')
  @SelfService()
  @ApiOperation({ summary: 'Upload a supporting document (multipart field "file"); send its id as attachment_id when requesting leave' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: LeaveAttachmentUploadDto })
  @ApiEnvelope(LeaveAttachmentDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'Not multipart, no file, or an empty file' })
  @ApiPayloadTooLargeResponse({
    description: 'The file must be at most 5 MB; a person holds at most 5 files (15 MB) that no leave request uses, each deleted 6 hours after its upload',
  })
  @ApiTooManyRequestsResponse({ description: 'At most 20 uploads an hour per person' })
  @ApiUnsupportedMediaTypeResponse({ description: 'The file must be a PDF, PNG or JPEG' })
  async upload(@Auth() ctx: AuthContext, @Req() req: FastifyRequest) {
    return ok(await this.attachments.upload(ctx, req), 'File uploaded successfully');
  }

  @Get('attachments/:id')
  @RequireModule('leave', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: 'Download an attachment (its uploader, or whoever sees the leave request it supports)' })
  @ApiProduces('application/pdf', 'image/png', 'image/jpeg')
  @ApiNotFoundResponse({ description: 'Attachment not found' })
  async download(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    const file = await this.attachments.download(ctx, id, req.permissions);
    return fileDownload(file.content, file.content_type, file.file_name);
  }

  @Get(':id')
  @RequireModule('leave', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: "One leave request (one's own, or one within the scope of one's leave view)" })
  @ApiEnvelope(LeaveRequestResponseDto)
  @ApiNotFoundResponse({ description: 'Leave request not found' })
  get(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    return this.requests.get(ctx, id, req.permissions);
  }

  @Put(':id/approve')
  @RequireModule('leave', 'edit')
  @ScopedRecords()
  @ApiOperation({ summary: "Approve a pending request; its working days become 'leave' in attendance" })
  @ApiEnvelope(LeaveRequestResponseDto)
  @ApiForbiddenResponse({ description: `'${OWN_DECISION}'; '${OUT_OF_SCOPE}'` })
  @ApiNotFoundResponse({ description: 'Leave request not found (or not within the scope of your leave view)' })
  @ApiConflictResponse({ description: 'The request is not pending any more' })
  @ApiUnprocessableEntityResponse({ description: 'Insufficient leave balance' })
  async approve(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.requests.approve(ctx, id, req.permissions), 'Leave request approved');
  }

  @Put(':id/reject')
  @RequireModule('leave', 'edit')
  @ScopedRecords()
  @ApiOperation({ summary: 'Reject a pending request, with an optional reason' })
  @ApiEnvelope(LeaveRequestResponseDto)
  @ApiForbiddenResponse({ description: `'${OWN_DECISION}'; '${OUT_OF_SCOPE}'` })
  @ApiNotFoundResponse({ description: 'Leave request not found (or not within the scope of your leave view)' })
  @ApiConflictResponse({ description: 'The request is not pending any more' })
  async reject(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Body() dto: RejectLeaveRequestDto) {
    return ok(await this.requests.reject(ctx, id, dto ?? {}, req.permissions), 'Leave request rejected');
  }

  @Put(':id/cancel')
  @RequireModule('leave', 'create')
  @SelfService()
  @ApiOperation({ summary: 'Cancel one of your own pending requests' })
  @ApiEnvelope(LeaveRequestResponseDto)
  @ApiForbiddenResponse({ description: "Someone else's request" })
  @ApiNotFoundResponse({ description: 'Leave request not found' })
  @ApiConflictResponse({ description: 'The request is not pending any more' })
  async cancel(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number) {
    return ok(await this.requests.cancel(ctx, id, req.permissions), 'Leave request cancelled');
  }
}
