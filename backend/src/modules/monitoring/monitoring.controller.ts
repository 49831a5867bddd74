import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule, Roles, ScopedRecords } from '../../common/auth/decorators';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateTaskCommentDto, TaskCommentResponseDto } from './dto/task-comment.dto';
import { CreateTaskTemplateDto, TaskTemplateResponseDto } from './dto/task-template.dto';
import {
  BulkCreateResultDto,
  BulkCreateTasksDto,
  CreateTaskDto,
  CreateTaskFromTemplateDto,
  TaskMetricsDto,
  TaskMetricsQueryDto,
  TaskResponseDto,
  UpdateTaskDto,
} from './dto/task.dto';
import { RequireMonitoringFeature } from './monitoring-feature.guard';
import { TaskMetricsService } from './task-metrics.service';
import { TaskTemplatesService, TEMPLATE_LIST } from './task-templates.service';
import { TASK_LIST, TasksService } from './tasks.service';
import { TaskScope } from './task-scope';

/** The task screen's set-up and writes: company admins (and an impersonating superadmin). */
const Admins = () => Roles('company_admin', 'superadmin');

const SCOPE =
  'Company admins and holders of monitoring view over the company see every task; others the tasks assigned to the employees ' +
  'within their scope: their department, their team (everyone who reports to them, directly or through others: the line-manager policy gives this) or themselves.';

/**
 * Operational monitoring (hr.md 2, 3, 7): company_admin (and an impersonating superadmin) with
 * module monitoring, which the package's monitoring feature grants. The list and one task are
 * read by anyone with monitoring view too, for the tasks whose assignee lies within their scope
 * (a line manager: their team's). The static paths (metrics, templates, bulk) are declared
 * before `:id`.
 */
@ApiTags('monitoring')
@ApiAuthErrors()
@RequireMonitoringFeature()
@Controller('monitoring/tasks')
export class MonitoringController {
  constructor(
    private readonly tasks: TasksService,
    private readonly templates: TaskTemplatesService,
    private readonly metricsService: TaskMetricsService,
  ) {}

  @Get()
  @RequireModule('monitoring', 'view')
  @ScopedRecords()
  @ApiOperation({
    summary: 'Tasks, filtered (status, priority, category, q/search, assignee, department, due range) and paged',
    description: SCOPE,
  })
  @ApiListQuery()
  @ApiQuery({ name: 'status', required: false, description: 'Same as filter.status' })
  @ApiQuery({ name: 'priority', required: false, description: 'Same as filter.priority' })
  @ApiQuery({ name: 'category', required: false, description: 'Same as filter.category' })
  @ApiQuery({ name: 'search', required: false, description: 'Same as filter.q' })
  @ApiEnvelope(TaskResponseDto, { isArray: true })
  list(
    @Auth() ctx: AuthContext,
    @TaskScope() scope: RecordScope,
    @ListParams(TASK_LIST) q: ListQuery,
    @Query('status') status?: string,
    @Query('priority') priority?: string,
    @Query('category') category?: string,
    @Query('search') search?: string,
  ) {
    const plain = { status, priority, category, search };
    for (const [key, value] of Object.entries(plain)) {
      if (value && q.filter[key] === undefined) q.filter[key] = value;
    }
    return this.tasks.list(ctx, scope, q);
  }

  @Post()
  @RequireModule('monitoring', 'create')
  @Admins()
  @ApiOperation({ summary: 'Create a task' })
  @ApiEnvelope(TaskResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: "'Please enter a task title'; a department or position is required" })
  @ApiNotFoundResponse({ description: 'A referenced employee, department or position is not in the company' })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateTaskDto) {
    return ok(await this.tasks.create(ctx, dto), 'Task created successfully');
  }

  @Get('metrics')
  @RequireModule('monitoring', 'view')
  @Admins()
  @ApiOperation({ summary: 'Task metrics of the tasks created in a date range (all tasks without one)' })
  @ApiEnvelope(TaskMetricsDto)
  metrics(@Auth() ctx: AuthContext, @Query() query: TaskMetricsQueryDto) {
    return this.metricsService.metrics(ctx, query);
  }

  @Get('templates')
  @RequireModule('monitoring', 'view')
  @Admins()
  @ApiOperation({ summary: 'Task templates' })
  @ApiListQuery()
  @ApiEnvelope(TaskTemplateResponseDto, { isArray: true })
  listTemplates(@ListParams(TEMPLATE_LIST) q: ListQuery) {
    return this.templates.list(q);
  }

  @Post('templates')
  @RequireModule('monitoring', 'create')
  @Admins()
  @ApiOperation({ summary: 'Create a task template' })
  @ApiEnvelope(TaskTemplateResponseDto, { status: 201 })
  async createTemplate(@Auth() ctx: AuthContext, @Body() dto: CreateTaskTemplateDto) {
    return ok(await this.templates.create(ctx, dto), 'Template created successfully');
  }

  @Post('templates/:id/create-task')
  @RequireModule('monitoring', 'create')
  @Admins()
  @ApiOperation({ summary: "Create a task from a template (the body's fields override the template's)" })
  @ApiEnvelope(TaskResponseDto, { status: 201 })
  @ApiNotFoundResponse({ description: 'Task template not found' })
  async createFromTemplate(
    @Auth() ctx: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: CreateTaskFromTemplateDto,
  ) {
    return ok(await this.templates.createTask(ctx, id, dto), 'Task created successfully');
  }

  @Post('bulk')
  @RequireModule('monitoring', 'create')
  @Admins()
  @ApiOperation({
    summary: 'One task per active employee of the chosen departments and/or position, in one request',
  })
  @ApiEnvelope(BulkCreateResultDto, { status: 201 })
  @ApiUnprocessableEntityResponse({ description: 'No employees found for the selected departments/position' })
  async bulk(@Auth() ctx: AuthContext, @Body() dto: BulkCreateTasksDto) {
    const result = await this.tasks.bulkCreate(ctx, dto);
    const message = result.failed.length
      ? `${result.failed.length} out of ${result.total} tasks failed to create. Please try again.`
      : `${result.created} ${result.created === 1 ? 'task' : 'tasks'} created successfully`;
    return ok(result, message);
  }

  @Get(':id')
  @RequireModule('monitoring', 'view')
  @ScopedRecords()
  @ApiOperation({ summary: 'One task', description: SCOPE })
  @ApiEnvelope(TaskResponseDto)
  @ApiNotFoundResponse({ description: "Task not found, or its assignee is outside the caller's scope" })
  get(@Auth() ctx: AuthContext, @TaskScope() scope: RecordScope, @Param('id', ParseIntPipe) id: number) {
    return this.tasks.get(ctx, scope, id);
  }

  @Put(':id')
  @RequireModule('monitoring', 'edit')
  @Admins()
  @ApiOperation({
    summary: 'Update a task; status changes are validated (completed/cancelled are final unless `reopen`)',
  })
  @ApiEnvelope(TaskResponseDto)
  @ApiNotFoundResponse({ description: 'Task not found' })
  @ApiUnprocessableEntityResponse({ description: 'A status change that is not allowed' })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateTaskDto) {
    return ok(await this.tasks.update(ctx, id, dto), 'Task updated successfully');
  }

  @Delete(':id')
  @RequireModule('monitoring', 'delete')
  @Admins()
  @ApiOperation({ summary: 'Delete a task and its comments' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Task not found' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.tasks.remove(id);
    return ok(null, 'Task deleted successfully');
  }

  @Get(':id/comments')
  @RequireModule('monitoring', 'view')
  @Admins()
  @ApiOperation({ summary: "A task's comments, oldest first" })
  @ApiEnvelope(TaskCommentResponseDto, { isArray: true })
  @ApiNotFoundResponse({ description: 'Task not found' })
  comments(@Param('id', ParseIntPipe) id: number) {
    return this.tasks.comments(id);
  }

  @Post(':id/comments')
  @RequireModule('monitoring', 'create')
  @Admins()
  @ApiOperation({ summary: 'Comment on a task' })
  @ApiEnvelope(TaskCommentResponseDto, { status: 201 })
  @ApiNotFoundResponse({ description: 'Task not found' })
  async addComment(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: CreateTaskCommentDto) {
    return ok(await this.tasks.addComment(ctx, id, dto.comment), 'Comment added successfully');
  }
}
