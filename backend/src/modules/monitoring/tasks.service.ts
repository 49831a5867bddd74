import { Injectable } from '@nestjs/common';
import { raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { scopeFilter } from '../../common/auth/record-scope';
import { badRequest, notFound, unprocessable } from '../../common/http/errors';
import { escapeLike, fieldWords, oneOf } from '../../common/http/fields';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { Page } from '../../common/http/envelope';
import { Filter, idList, type ListQuery } from '../../common/http/list-query';
import { Company } from '../companies/company.entity';
import { Department } from '../departments/department.entity';
import { Employee } from '../employees/employee.entity';
import { Position } from '../positions/position.entity';
import { User } from '../users/user.entity';
import { parseDueDate, rangeEnd, rangeStart } from './company-time';
import type { TaskCommentResponseDto } from './dto/task-comment.dto';
import type {
  BulkCreateResultDto,
  BulkCreateTasksDto,
  BulkFailureDto,
  CreateTaskDto,
  TaskResponseDto,
  UpdateTaskDto,
} from './dto/task.dto';
import { TITLE_REQUIRED } from './dto/task.dto';
import { toCommentResponse, toTaskResponse } from './monitoring.mapper';
import { TaskComment } from './task-comment.entity';
import type { TaskTemplate } from './task-template.entity';
import { nextStatus } from './task-status';
import {
  FINAL_STATUSES,
  OPEN_STATUSES,
  Task,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskStatus,
} from './task.entity';

export const DEPARTMENT_OR_POSITION_REQUIRED = 'Please select at least one department or a position';
export const NO_EMPLOYEES = 'No employees found for the selected departments/position';

export const TASK_LIST = {
  sortable: [
    'id',
    'title',
    'status',
    'priority',
    'category',
    'due_date',
    'progress_percentage',
    'created_at',
    'updated_at',
    'completed_at',
  ],
  filterable: [
    'q',
    'search',
    'id',
    'status',
    'priority',
    'category',
    'assigned_to',
    'department_id',
    'position_id',
    'employee_id',
    'due_from',
    'due_to',
    'is_overdue',
    'company_id',
  ],
  defaultSort: ['created_at', 'DESC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 500,
  filters: {
    status: Filter.oneOf(TASK_STATUSES, { many: true }),
    priority: Filter.oneOf(TASK_PRIORITIES, { many: true }),
    category: Filter.oneOf(TASK_CATEGORIES, { many: true }),
    assigned_to: Filter.id(),
  },
};

const POPULATE = ['assigned_to', 'department', 'position', 'employee', 'created_by', 'template'] as const;
const MAX_ID = 2147483647;
/** Priorities sort by severity, not alphabetically. */
const priorityRank = (alias: string) =>
  `case ${alias}.priority ${TASK_PRIORITIES.map((p, i) => `when '${p}' then ${i}`).join(' ')} end`;

/** The fields a new task is made of, whichever way it is created. */
export interface NewTask {
  title: string;
  description?: string | null;
  category?: Task['category'];
  priority?: Task['priority'];
  status?: TaskStatus;
  estimated_hours?: number | null;
  progress_percentage?: number;
  due_date?: Date | null;
  assigned_to?: Employee | null;
  employee?: Employee | null;
  department?: Department | null;
  position?: Position | null;
  template?: TaskTemplate | null;
}

function enumList<T extends string>(value: unknown, allowed: readonly T[], field: string): T[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v): v is T => allowed.includes(v as T))) {
    throw badRequest(`The ${fieldWords(field)} filter must be one of ${oneOf(allowed)}`, 'filter');
  }
  return list;
}

@Injectable()
export class TasksService {
  constructor(private readonly em: EntityManager) {}

  async timeZone(ctx: AuthContext): Promise<string> {
    const company = await this.em.findOne(Company, { id: ctx.companyId! }, { fields: ['time_zone'] });
    return company?.time_zone ?? 'UTC';
  }

  // ---- reads ---------------------------------------------------------------------------------

  /** The tasks whose assignee lies within `scope` of the caller (My Tasks: 'own'). */
  async list(ctx: AuthContext, scope: RecordScope, q: ListQuery): Promise<Page<TaskResponseDto>> {
    const now = new Date();
    const where = await this.listWhere(ctx, scope, q.filter, now);
    const orderBy: QueryOrderMap<Task> =
      q.sort.field === 'priority'
        ? { [raw(priorityRank)]: q.sort.order }
        : { [q.sort.field]: q.sort.order };
    const [items, total] = await this.em.findAndCount(Task, where, {
      populate: POPULATE,
      orderBy: [orderBy, { id: q.sort.order }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('monitoring/tasks', items.map((t) => toTaskResponse(t, now)), q.offset, total);
  }

  private async listWhere(ctx: AuthContext, scope: RecordScope, filter: Record<string, unknown>, now: Date): Promise<FilterQuery<Task>> {
    const and: FilterQuery<Task>[] = [];
    const search = filter.q ?? filter.search;
    if (search !== undefined) {
      if (typeof search !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = `%${escapeLike(search.trim())}%`;
      and.push({ $or: [{ title: { $ilike: like } }, { description: { $ilike: like } }] });
    }
    if (filter.id !== undefined) and.push({ id: { $in: idList(filter.id, 'id') } });
    if (filter.company_id !== undefined) and.push({ company: { $in: idList(filter.company_id, 'company_id') } });
    if (filter.status !== undefined) {
      const statuses = enumList(filter.status, TASK_STATUSES, 'status');
      and.push({ $or: statuses.map((s) => statusCondition(s, now)) });
    }
    if (filter.is_overdue !== undefined) {
      const overdue = statusCondition('overdue', now);
      and.push(filter.is_overdue === true || filter.is_overdue === 'true' ? overdue : { $not: overdue });
    }
    if (filter.priority !== undefined) and.push({ priority: { $in: enumList(filter.priority, TASK_PRIORITIES, 'priority') } });
    if (filter.category !== undefined) and.push({ category: { $in: enumList(filter.category, TASK_CATEGORIES, 'category') } });
    if (filter.assigned_to !== undefined) and.push({ assigned_to: { $in: idList(filter.assigned_to, 'assigned_to') } });
    if (filter.department_id !== undefined) and.push({ department: { $in: idList(filter.department_id, 'department_id') } });
    if (filter.position_id !== undefined) and.push({ position: { $in: idList(filter.position_id, 'position_id') } });
    if (filter.employee_id !== undefined) and.push({ employee: { $in: idList(filter.employee_id, 'employee_id') } });
    if (filter.due_from !== undefined || filter.due_to !== undefined) {
      const zone = await this.timeZone(ctx);
      const text = (v: unknown, f: string) => {
        if (typeof v !== 'string') throw badRequest(`The ${fieldWords(f)} filter must be an ISO 8601 date`, 'filter');
        return v;
      };
      if (filter.due_from !== undefined) and.push({ due_date: { $gte: rangeStart(text(filter.due_from, 'due_from'), zone, 'filter') } });
      if (filter.due_to !== undefined) and.push({ due_date: { $lt: rangeEnd(text(filter.due_to, 'due_to'), zone, 'filter') } });
    }
    return { ...scopeFilter(ctx, scope, 'assigned_to_id'), ...(and.length ? { $and: and } : {}) } as FilterQuery<Task>;
  }

  /** One task whose assignee lies within `scope` of the caller (404 otherwise). */
  async get(ctx: AuthContext, scope: RecordScope, id: number): Promise<TaskResponseDto> {
    return toTaskResponse(await this.find(id, scopeFilter(ctx, scope, 'assigned_to_id')));
  }

  private async find(id: number, scope: Record<string, unknown> = {}): Promise<Task> {
    const where = { ...scope, id } as FilterQuery<Task>;
    const task = id > 0 && id <= MAX_ID ? await this.em.findOne(Task, where, { populate: POPULATE }) : null;
    if (!task) throw notFound('Task');
    return task;
  }

  // ---- writes --------------------------------------------------------------------------------

  async create(ctx: AuthContext, dto: CreateTaskDto): Promise<TaskResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const zone = await this.timeZone(ctx);
    const assignee = await this.employeeRef(dto.assigned_to, 'assigned_to');
    const subject = await this.employeeRef(dto.employee_id, 'employee_id');
    const task = await this.insert(ctx, {
      title: dto.title,
      description: dto.description,
      category: dto.category,
      priority: dto.priority,
      status: dto.status,
      estimated_hours: dto.estimated_hours,
      progress_percentage: dto.progress_percentage,
      due_date: dto.due_date ? parseDueDate(dto.due_date, zone) : null,
      assigned_to: assignee,
      employee: subject,
      department: await this.departmentRef(dto.department_id, 'department_id'),
      position: await this.positionRef(dto.position_id, 'position_id'),
    });
    return toTaskResponse(task);
  }

  /**
   * Creates one task. Department and position default to the assignee's (or the subject
   * employee's); a task needs at least one of them.
   */
  async insert(ctx: AuthContext, input: NewTask): Promise<Task> {
    const person = input.assigned_to ?? input.employee ?? null;
    const department = input.department ?? person?.department ?? null;
    const position = input.position ?? person?.position ?? null;
    if (!department && !position) throw badRequest(DEPARTMENT_OR_POSITION_REQUIRED, 'department_id');
    const now = new Date();
    const status = nextStatus({
      from: input.status ?? 'pending',
      dueDate: input.due_date ?? null,
      progress: input.progress_percentage ?? 0,
      now,
    });
    const task = this.em.create(Task, {
      company: this.em.getReference(Company, ctx.companyId!),
      title: input.title,
      description: input.description ?? null,
      category: input.category ?? 'general',
      priority: input.priority ?? 'medium',
      status,
      estimated_hours: input.estimated_hours === null || input.estimated_hours === undefined ? null : String(input.estimated_hours),
      progress_percentage: input.progress_percentage ?? 0,
      due_date: input.due_date ?? null,
      assigned_to: input.assigned_to ?? null,
      employee: input.employee ?? null,
      department,
      position,
      template: input.template ?? null,
      created_by: this.em.getReference(User, ctx.userId),
    });
    await this.em.flush();
    await this.em.populate(task, POPULATE);
    return task;
  }

  async update(ctx: AuthContext, id: number, dto: UpdateTaskDto): Promise<TaskResponseDto> {
    const task = await this.find(id);
    const now = new Date();
    if (dto.title !== undefined) {
      if (!dto.title) throw badRequest(TITLE_REQUIRED, 'title');
      task.title = dto.title;
    }
    if (dto.description !== undefined) task.description = dto.description;
    if (dto.category != null) task.category = dto.category;
    if (dto.priority != null) task.priority = dto.priority;
    if (dto.estimated_hours !== undefined) {
      task.estimated_hours = dto.estimated_hours === null ? null : String(dto.estimated_hours);
    }
    if (dto.due_date !== undefined) {
      task.due_date = dto.due_date === null ? null : parseDueDate(dto.due_date, await this.timeZone(ctx));
    }
    if (dto.assigned_to !== undefined) task.assigned_to = await this.employeeRef(dto.assigned_to, 'assigned_to');
    if (dto.employee_id !== undefined) task.employee = await this.employeeRef(dto.employee_id, 'employee_id');
    if (dto.department_id !== undefined) task.department = await this.departmentRef(dto.department_id, 'department_id');
    if (dto.position_id !== undefined) task.position = await this.positionRef(dto.position_id, 'position_id');
    if (!task.department && !task.position) throw badRequest(DEPARTMENT_OR_POSITION_REQUIRED, 'department_id');

    const from = task.status;
    const status = nextStatus({
      from,
      requested: dto.status ?? undefined,
      reopen: dto.reopen ?? false,
      dueDate: task.due_date ?? null,
      progress: dto.progress_percentage ?? task.progress_percentage,
      now,
    });
    if (dto.progress_percentage != null) {
      if (status === 'completed' && dto.progress_percentage !== 100) {
        throw unprocessable('A completed task is 100% done: reopen it to change its progress', 'progress_percentage');
      }
      task.progress_percentage = dto.progress_percentage;
    }
    if (status === 'completed' && from !== 'completed') {
      task.completed_at = now;
      task.progress_percentage = 100;
    } else if (status !== 'completed') {
      task.completed_at = null;
    }
    task.status = status;
    await this.em.flush();
    return toTaskResponse(task, now);
  }

  async remove(id: number): Promise<void> {
    const task = await this.find(id);
    await this.em.removeAndFlush(task);
  }

  // ---- comments ------------------------------------------------------------------------------

  async comments(taskId: number): Promise<TaskCommentResponseDto[]> {
    const task = await this.find(taskId);
    const comments = await this.em.find(
      TaskComment,
      { task },
      { populate: ['author'], orderBy: { created_at: 'ASC', id: 'ASC' } },
    );
    return comments.map(toCommentResponse);
  }

  async addComment(ctx: AuthContext, taskId: number, comment: string): Promise<TaskCommentResponseDto> {
    const task = await this.find(taskId);
    const created = this.em.create(TaskComment, {
      company: this.em.getReference(Company, ctx.companyId!),
      task,
      comment,
      author: this.em.getReference(User, ctx.userId),
    });
    await this.em.flush();
    await this.em.populate(created, ['author']);
    return toCommentResponse(created);
  }

  // ---- bulk assignment -----------------------------------------------------------------------

  /**
   * One task per active employee of the chosen departments (and position), all in one
   * transaction. Listed employee_ids narrow the selection; one that is not part of it is
   * reported as failed instead of failing the whole request.
   */
  async bulkCreate(ctx: AuthContext, dto: BulkCreateTasksDto): Promise<BulkCreateResultDto> {
    assertOwnCompany(ctx, dto.company_id);
    const departmentIds = [...new Set(dto.department_ids ?? [])];
    if (!departmentIds.length && !dto.position_id) throw badRequest(DEPARTMENT_OR_POSITION_REQUIRED, 'department_ids');
    for (const id of departmentIds) await this.departmentRef(id, 'department_ids');
    const position = await this.positionRef(dto.position_id, 'position_id');
    const zone = await this.timeZone(ctx);
    const dueDate = dto.due_date ? parseDueDate(dto.due_date, zone) : null;

    const where: FilterQuery<Employee> = { employment_status: 'active' };
    if (departmentIds.length) where.department = { $in: departmentIds };
    if (position) where.position = position;
    const matching = await this.em.find(Employee, where, { orderBy: { id: 'ASC' } });
    if (!matching.length) throw unprocessable(NO_EMPLOYEES, departmentIds.length ? 'department_ids' : 'position_id');

    let targets = matching;
    const failed: BulkFailureDto[] = [];
    if (dto.employee_ids?.length) {
      const wanted = [...new Set(dto.employee_ids)];
      const byId = new Map(matching.map((e) => [e.id, e]));
      targets = wanted.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
      const others = wanted.filter((id) => !byId.has(id));
      const known = new Map(
        (others.length ? await this.em.find(Employee, { id: { $in: others.filter((id) => id <= MAX_ID) } }) : []).map((e) => [e.id, e]),
      );
      for (const id of others) {
        const e = known.get(id);
        failed.push({
          employee_id: id,
          employee_name: e ? `${e.first_name} ${e.last_name}` : null,
          message: !e
            ? 'Employee not found'
            : e.employment_status !== 'active'
              ? 'This employee is not active'
              : 'This employee is not in the selected departments/position',
        });
      }
    }

    const taskIds = await this.em.transactional(async (em) => {
      const company = em.getReference(Company, ctx.companyId!);
      const createdBy = em.getReference(User, ctx.userId);
      const tasks = targets.map((e) =>
        em.create(Task, {
          company,
          title: dto.title,
          description: dto.description ?? null,
          category: dto.category ?? 'general',
          priority: dto.priority ?? 'medium',
          status: nextStatus({ from: 'pending', dueDate, progress: 0, now: new Date() }),
          estimated_hours: dto.estimated_hours === null || dto.estimated_hours === undefined ? null : String(dto.estimated_hours),
          due_date: dueDate,
          assigned_to: em.getReference(Employee, e.id),
          employee: em.getReference(Employee, e.id),
          department: e.department ? em.getReference(Department, e.department.id) : null,
          position: e.position ? em.getReference(Position, e.position.id) : null,
          created_by: createdBy,
        }),
      );
      await em.flush();
      return tasks.map((t) => t.id);
    });
    return { created: taskIds.length, failed, total: taskIds.length + failed.length, task_ids: taskIds };
  }

  // ---- references sent in a body: they must belong to the caller's company -------------------

  async employeeRef(id: number | null | undefined, field: string): Promise<Employee | null> {
    return (await findRef(this.em, Employee, this.inRange(id), 'Employee', field)) ?? null;
  }

  async departmentRef(id: number | null | undefined, field: string): Promise<Department | null> {
    return (await findRef(this.em, Department, this.inRange(id), 'Department', field)) ?? null;
  }

  async positionRef(id: number | null | undefined, field: string): Promise<Position | null> {
    return (await findRef(this.em, Position, this.inRange(id), 'Position', field)) ?? null;
  }

  /** An id past the int4 column's range matches no row (-1 answers "not found" like any unknown id). */
  private inRange(id: number | null | undefined) {
    return typeof id === 'number' && id > MAX_ID ? -1 : id;
  }
}

/** The tasks a reader sees with this status (overdue as computed on read). */
export function statusCondition(status: TaskStatus, now: Date): FilterQuery<Task> {
  if (status === 'overdue') {
    return { $or: [{ status: 'overdue' }, { status: { $in: [...OPEN_STATUSES] }, due_date: { $lt: now } }] };
  }
  if (FINAL_STATUSES.includes(status)) return { status };
  return { status, $or: [{ due_date: null }, { due_date: { $gte: now } }] };
}
