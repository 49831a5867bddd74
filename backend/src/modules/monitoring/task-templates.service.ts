import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { conflict, notFound, unprocessable } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Page } from '../../common/http/envelope';
import { Filter, type ListQuery } from '../../common/http/list-query';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { endOfDayIn, parseDueDate } from './company-time';
import type { CreateTaskTemplateDto, TaskTemplateResponseDto } from './dto/task-template.dto';
import type { CreateTaskFromTemplateDto, TaskResponseDto } from './dto/task.dto';
import { toTaskResponse, toTemplateResponse } from './monitoring.mapper';
import { TASK_CATEGORIES } from './task.entity';
import { TaskTemplate } from './task-template.entity';
import { TasksService } from './tasks.service';

export const TEMPLATE_LIST = {
  sortable: ['id', 'name', 'title', 'category', 'priority', 'created_at'],
  filterable: ['q', 'category', 'is_active'],
  defaultSort: ['name', 'ASC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 500,
  filters: { category: Filter.oneOf(TASK_CATEGORIES) },
};

@Injectable()
export class TaskTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly tasks: TasksService,
  ) {}

  async list(q: ListQuery): Promise<Page<TaskTemplateResponseDto>> {
    const where: FilterQuery<TaskTemplate> = {};
    if (typeof q.filter.q === 'string') {
      const like = `%${escapeLike(q.filter.q.trim())}%`;
      where.$or = [{ name: { $ilike: like } }, { title: { $ilike: like } }];
    }
    if (typeof q.filter.category === 'string') where.category = q.filter.category as TaskTemplate['category'];
    if (q.filter.is_active !== undefined) where.is_active = q.filter.is_active === true || q.filter.is_active === 'true';
    const [items, total] = await this.em.findAndCount(TaskTemplate, where, {
      populate: ['department', 'position'],
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: 'ASC' }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('monitoring/tasks/templates', items.map(toTemplateResponse), q.offset, total);
  }

  async create(ctx: AuthContext, dto: CreateTaskTemplateDto): Promise<TaskTemplateResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const clash = await this.em.findOne(TaskTemplate, { name: { $ilike: escapeLike(dto.name) } });
    if (clash) throw conflict('A template with this name already exists', 'name');
    const template = this.em.create(TaskTemplate, {
      company: this.em.getReference(Company, ctx.companyId!),
      name: dto.name,
      title: dto.title,
      description: dto.description ?? null,
      category: dto.category ?? 'general',
      priority: dto.priority ?? 'medium',
      estimated_hours: dto.estimated_hours === null || dto.estimated_hours === undefined ? null : String(dto.estimated_hours),
      due_in_days: dto.due_in_days ?? null,
      department: await this.tasks.departmentRef(dto.department_id, 'department_id'),
      position: await this.tasks.positionRef(dto.position_id, 'position_id'),
      is_active: dto.is_active ?? true,
      created_by: this.em.getReference(User, ctx.userId),
    });
    await this.em.flush();
    return toTemplateResponse(template);
  }

  /** A task with the template's fields; what the body gives (assignee, due date, ...) wins. */
  async createTask(ctx: AuthContext, id: number, dto: CreateTaskFromTemplateDto): Promise<TaskResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const template =
      id > 0 && id <= 2147483647
        ? await this.em.findOne(TaskTemplate, { id }, { populate: ['department', 'position'] })
        : null;
    if (!template) throw notFound('Task template');
    if (!template.is_active) throw unprocessable('This template is inactive');
    const zone = await this.tasks.timeZone(ctx);
    const dueDate = dto.due_date
      ? parseDueDate(dto.due_date, zone)
      : dto.due_date === undefined && template.due_in_days != null
        ? endOfDayIn(template.due_in_days, zone)
        : null;
    const task = await this.tasks.insert(ctx, {
      title: dto.title ?? template.title,
      description: dto.description !== undefined ? dto.description : template.description,
      category: template.category,
      priority: template.priority,
      estimated_hours: template.estimated_hours === null || template.estimated_hours === undefined ? null : Number(template.estimated_hours),
      due_date: dueDate,
      assigned_to: await this.tasks.employeeRef(dto.assigned_to, 'assigned_to'),
      employee: await this.tasks.employeeRef(dto.employee_id, 'employee_id'),
      department:
        dto.department_id !== undefined
          ? await this.tasks.departmentRef(dto.department_id, 'department_id')
          : (template.department ?? null),
      position:
        dto.position_id !== undefined ? await this.tasks.positionRef(dto.position_id, 'position_id') : (template.position ?? null),
      template,
    });
    return toTaskResponse(task);
  }
}
