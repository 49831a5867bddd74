import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest } from '../../common/http/errors';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { rangeEnd, rangeStart } from './company-time';
import type { TaskMetricsDto, TaskMetricsQueryDto } from './dto/task.dto';
import { OPEN_STATUSES, TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from './task.entity';
import { TasksService } from './tasks.service';

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/** The status as read (see effectiveStatus): an open task past due counts as overdue. */
const STATUS_AS_READ = `case when status in (${list(OPEN_STATUSES)}) and due_date < now() then 'overdue' else status end`;

@Injectable()
export class TaskMetricsService {
  constructor(
    private readonly em: EntityManager,
    private readonly tasks: TasksService,
  ) {}

  /** The company's tasks created in the range (all when no range), in one aggregate query. */
  async metrics(ctx: AuthContext, query: TaskMetricsQueryDto): Promise<TaskMetricsDto> {
    assertOwnCompany(ctx, query.company_id);
    const zone = await this.tasks.timeZone(ctx);
    const from = query.start_date ? rangeStart(query.start_date, zone, 'start_date') : null;
    const to = query.end_date ? rangeEnd(query.end_date, zone, 'end_date') : null;
    if (from && to && from >= to) throw badRequest('End date must be after the start date', 'end_date');

    const where = ['company_id = ?'];
    const params: unknown[] = [ctx.companyId];
    if (from) {
      where.push('created_at >= ?');
      params.push(from);
    }
    if (to) {
      where.push('created_at < ?');
      params.push(to);
    }
    const columns = [
      'count(*)::int as total',
      ...TASK_STATUSES.map((s) => `count(*) filter (where s = '${s}')::int as "s_${s}"`),
      ...TASK_PRIORITIES.map((p) => `count(*) filter (where priority = '${p}')::int as "p_${p}"`),
      `avg(extract(epoch from (completed_at - created_at))) filter (where s = 'completed' and completed_at is not null) / 3600 as avg_hours`,
    ];
    // raw SQL bypasses the tenant filter: the company is bound explicitly
    const [row]: Record<string, any>[] = await this.em.execute(
      `select ${columns.join(', ')}
         from (select ${STATUS_AS_READ} as s, priority, created_at, completed_at
                 from tasks where ${where.join(' and ')}) t`,
      params,
    );
    const status_breakdown = Object.fromEntries(TASK_STATUSES.map((s) => [s, Number(row[`s_${s}`])])) as Record<TaskStatus, number>;
    const priority_breakdown = Object.fromEntries(TASK_PRIORITIES.map((p) => [p, Number(row[`p_${p}`])])) as Record<
      TaskPriority,
      number
    >;
    const total = Number(row.total);
    const completed = status_breakdown.completed;
    return {
      start_date: query.start_date ?? null,
      end_date: query.end_date ?? null,
      total_created: total,
      total_completed: completed,
      status_breakdown,
      priority_breakdown,
      overdue_tasks: status_breakdown.overdue,
      avg_completion_time_hours: row.avg_hours === null ? null : Math.round(Number(row.avg_hours) * 100) / 100,
      completion_rate: total ? Math.round((completed / total) * 100) : 0,
    };
  }
}
