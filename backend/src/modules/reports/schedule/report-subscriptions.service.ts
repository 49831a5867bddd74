import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthContext } from '../../../common/auth/auth-context';
import { Page } from '../../../common/http/envelope';
import { ApiError, conflict, notFound } from '../../../common/http/errors';
import { Filter, type ListQuery, type ListQueryOptions } from '../../../common/http/list-query';
import { Company } from '../../companies/company.entity';
import { Department } from '../../departments/department.entity';
import { companyZone } from '../../kpi/company-zone';
import { PermissionsService, type EffectivePermissions } from '../../permissions/permissions.service';
import { Position } from '../../positions/position.entity';
import { WorkLocation } from '../../shifts/work-location.entity';
import { User } from '../../users/user.entity';
import { REPORT_IDS, reportById } from '../catalogue';
import type { CreateReportSubscriptionDto, ReportSubscriptionResponseDto, UpdateReportSubscriptionDto } from '../dto/report-subscription.dto';
import type { ReportDefinition } from '../report-definition';
import { moduleViewers, ReportsService, type ReportReader } from '../reports.service';
import { ReportSubscription, type ReportFrequency } from './report-subscription.entity';

export const REPORT_SUBSCRIPTION_LIST: ListQueryOptions = {
  sortable: ['id', 'report_id', 'frequency', 'next_run_at', 'created_at'],
  // the company is the caller's (the tenant filter): company_id is no filter here, and is refused
  filterable: ['report_id', 'is_active'],
  defaultSort: ['next_run_at', 'ASC'],
  // a report of the catalogue, by its key (payroll-changes)
  filters: { report_id: Filter.oneOf(REPORT_IDS) },
};

/** Scheduled reports a company may keep (active or paused). */
export const MAX_SUBSCRIPTIONS_PER_COMPANY = 50;
export const TOO_MANY_SUBSCRIPTIONS = `A company can keep at most ${MAX_SUBSCRIPTIONS_PER_COMPANY} scheduled reports: delete one you no longer need first`;
export const DUPLICATE_SUBSCRIPTION =
  'This report is already scheduled with the same filters, frequency, format and recipients: change that scheduled report instead';

/** Hour of the day (company time) scheduled reports go out. */
export const SEND_HOUR = 7;

/** The next sending time after `now`: Monday 07:00 (weekly) or the 1st at 07:00 (monthly), in the zone. */
export function nextRun(frequency: ReportFrequency, zone: string, now: Date): Date {
  const local = DateTime.fromJSDate(now, { zone });
  let next =
    frequency === 'weekly'
      ? local.startOf('week').set({ hour: SEND_HOUR })
      : local.startOf('month').set({ hour: SEND_HOUR });
  while (next <= local) next = frequency === 'weekly' ? next.plus({ weeks: 1 }) : next.plus({ months: 1 });
  return next.toJSDate();
}

/** The period a run at `runAt` covers: the week (Monday–Sunday) or the month before it. */
export function periodCovered(frequency: ReportFrequency, zone: string, runAt: Date): { from: string; to: string } {
  const local = DateTime.fromJSDate(runAt, { zone });
  const start = frequency === 'weekly' ? local.startOf('week').minus({ weeks: 1 }) : local.startOf('month').minus({ months: 1 });
  const end = frequency === 'weekly' ? start.plus({ days: 6 }) : start.endOf('month');
  return { from: start.toISODate()!, to: end.toISODate()! };
}

const recipientError = (message: string) => new ApiError(400, message, [{ field: 'recipients', message }]);

/**
 * A user a scheduled report is sent to, as they would run it: their rights, and the key of whose
 * records their copy covers (recipients with the same key receive the same figures).
 */
export interface ReportRecipient {
  userId: number;
  reader: ReportReader;
  perms: EffectivePermissions;
  /** 'company', 'department:<id>', 'team:<employee id>' */
  scopeKey: string;
}

@Injectable()
export class ReportSubscriptionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly reports: ReportsService,
    private readonly permissions: PermissionsService,
  ) {}

  async list(q: ListQuery): Promise<Page<ReportSubscriptionResponseDto>> {
    const where: Record<string, unknown> = {};
    if (typeof q.filter.report_id === 'string') where.report_id = q.filter.report_id;
    if (q.filter.is_active !== undefined) where.is_active = q.filter.is_active === true || q.filter.is_active === 'true';
    const [rows, total] = await this.em.findAndCount(ReportSubscription, where, {
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: q.sort.order }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('reports/subscriptions', rows.map(toResponse), q.offset, total);
  }

  async get(id: number): Promise<ReportSubscriptionResponseDto> {
    return toResponse(await this.find(id));
  }

  async create(ctx: AuthContext, perms: EffectivePermissions, dto: CreateReportSubscriptionDto): Promise<ReportSubscriptionResponseDto> {
    const def = await this.reports.definition(ctx, perms, dto.report_id);
    const filters = await this.checkFilters(ctx, perms, def, dto);
    await this.checkRecipients(ctx.companyId!, def, dto.recipients);
    await this.lockCompanySubscriptions(ctx.companyId!);
    const [{ n }] = await this.em.execute<Array<{ n: number }>>('select count(*)::int as n from report_subscriptions where company_id = ?', [
      ctx.companyId!,
    ]);
    if (n >= MAX_SUBSCRIPTIONS_PER_COMPANY) throw conflict(TOO_MANY_SUBSCRIPTIONS);
    await this.refuseDuplicate(ctx.companyId!, null, { report_id: def.id, frequency: dto.frequency, format: dto.format, recipients: dto.recipients }, filters);
    const zone = await companyZone(this.em, ctx.companyId!);
    const sub = this.em.create(ReportSubscription, {
      company: this.em.getReference(Company, ctx.companyId!),
      report_id: def.id,
      frequency: dto.frequency,
      format: dto.format,
      recipients: dto.recipients,
      ...filters,
      is_active: dto.is_active ?? true,
      next_run_at: nextRun(dto.frequency, zone, new Date()),
      created_by: this.em.getReference(User, ctx.impersonatorId ?? ctx.userId),
    });
    await this.em.flush();
    return toResponse(sub);
  }

  async update(ctx: AuthContext, perms: EffectivePermissions, id: number, dto: UpdateReportSubscriptionDto): Promise<ReportSubscriptionResponseDto> {
    const sub = await this.find(id);
    const merged = {
      report_id: dto.report_id ?? sub.report_id,
      frequency: dto.frequency ?? sub.frequency,
      format: dto.format ?? sub.format,
      recipients: dto.recipients ?? sub.recipients,
      group_by: dto.group_by !== undefined ? dto.group_by : sub.group_by,
      department_id: dto.department_id !== undefined ? dto.department_id : (sub.department?.id ?? null),
      position_id: dto.position_id !== undefined ? dto.position_id : (sub.position?.id ?? null),
      location_id: dto.location_id !== undefined ? dto.location_id : (sub.location?.id ?? null),
    };
    const def = await this.reports.definition(ctx, perms, merged.report_id);
    const filters = await this.checkFilters(ctx, perms, def, merged);
    await this.checkRecipients(ctx.companyId!, def, merged.recipients);
    await this.lockCompanySubscriptions(ctx.companyId!);
    await this.refuseDuplicate(ctx.companyId!, sub.id, merged, filters);
    const rescheduled = merged.frequency !== sub.frequency || (dto.is_active === true && !sub.is_active);
    Object.assign(sub, { report_id: def.id, frequency: merged.frequency, format: merged.format, recipients: merged.recipients, ...filters });
    if (dto.is_active !== undefined) sub.is_active = dto.is_active;
    if (rescheduled) sub.next_run_at = nextRun(sub.frequency, await companyZone(this.em, ctx.companyId!), new Date());
    await this.em.flush();
    return toResponse(sub);
  }

  async remove(id: number): Promise<void> {
    const sub = await this.find(id);
    this.em.remove(sub);
    await this.em.flush();
  }

  /** Two requests of one company add or change its scheduled reports one after the other (the cap and the duplicate check hold). */
  private async lockCompanySubscriptions(companyId: number): Promise<void> {
    await this.em.execute(`select pg_advisory_xact_lock(hashtext('report_subscriptions'), ?)`, [companyId]);
  }

  /** 409 when another scheduled report of the company sends the same report, filtered alike, as often, in the same format to the same people. */
  private async refuseDuplicate(
    companyId: number,
    exceptId: number | null,
    s: { report_id: string; frequency: ReportFrequency; format: string; recipients: string[] },
    filters: Awaited<ReturnType<ReportSubscriptionsService['checkFilters']>>,
  ): Promise<void> {
    const same = (a: string[]) => JSON.stringify([...new Set(a.map((e) => e.toLowerCase()))].sort());
    const rows = await this.em.execute<Array<{ id: number; recipients: string[] }>>(
      `select id, recipients from report_subscriptions
        where company_id = ? and id <> ? and report_id = ? and frequency = ? and format = ?
          and group_by is not distinct from ?::text and department_id is not distinct from ?::int
          and position_id is not distinct from ?::int and location_id is not distinct from ?::int`,
      [
        companyId,
        exceptId ?? 0,
        s.report_id,
        s.frequency,
        s.format,
        filters.group_by,
        filters.department?.id ?? null,
        filters.position?.id ?? null,
        filters.location?.id ?? null,
      ],
    );
    const wanted = same(s.recipients);
    if (rows.some((r) => same(typeof r.recipients === 'string' ? JSON.parse(r.recipients) : r.recipients) === wanted)) {
      throw conflict(DUPLICATE_SUBSCRIPTION);
    }
  }

  private async find(id: number): Promise<ReportSubscription> {
    const sub = id > 0 && id <= 2147483647 ? await this.em.findOne(ReportSubscription, { id }) : null;
    if (!sub) throw notFound('Scheduled report');
    return sub;
  }

  /** The grouping and filters, checked as a run of the report checks them (a 400 names the one at fault). */
  private async checkFilters(
    ctx: AuthContext,
    perms: EffectivePermissions,
    def: ReportDefinition,
    f: { group_by?: string | null; department_id?: number | null; position_id?: number | null; location_id?: number | null },
  ) {
    const takes = new Set(def.filters);
    const kept = {
      group_by: takes.has('group_by') ? (f.group_by ?? null) : null,
      department_id: takes.has('department_id') ? (f.department_id ?? null) : null,
      position_id: takes.has('position_id') ? (f.position_id ?? null) : null,
      location_id: takes.has('location_id') ? (f.location_id ?? null) : null,
    };
    await this.reports.params(ctx, perms, def, {
      group_by: kept.group_by ?? undefined,
      department_id: kept.department_id ?? undefined,
      position_id: kept.position_id ?? undefined,
      location_id: kept.location_id ?? undefined,
    });
    return {
      group_by: kept.group_by,
      department: kept.department_id ? this.em.getReference(Department, kept.department_id) : null,
      position: kept.position_id ? this.em.getReference(Position, kept.position_id) : null,
      location: kept.location_id ? this.em.getReference(WorkLocation, kept.location_id) : null,
    };
  }

  /** Every recipient is an active user of the company who may see the report. */
  private async checkRecipients(companyId: number, def: ReportDefinition, emails: string[]): Promise<void> {
    const allowed = await this.allowedRecipients(companyId, def, emails);
    for (const email of emails) {
      const found = allowed.get(email);
      if (found === undefined) throw recipientError(`${email} is not an active user of this company`);
      if (!found) {
        throw recipientError(`${email} may not see the report “${def.title}”: it is sent only to company admins and to ${moduleViewers(def.module)} who hold reports view`);
      }
    }
  }

  /**
   * The active users of the company among these addresses, each with whether they may see the
   * report now (the reports module and the report's own module and feature) and whose records
   * their copy covers.
   */
  async allowedRecipients(companyId: number, def: ReportDefinition, emails: string[]): Promise<Map<string, ReportRecipient | false>> {
    const users = await this.em.execute<
      Array<{ id: number; email: string; role: User['role']; employee_id: number | null; department_id: number | null }>
    >(
      `select u.id, lower(u.email) as email, u.role, u.employee_id, e.department_id from users u
         left join employees e on e.id = u.employee_id and e.company_id = u.company_id
        where u.company_id = ? and u.is_active and lower(u.email) in (select value from json_array_elements_text(?::json))`,
      [companyId, JSON.stringify(emails.map((e) => e.toLowerCase()))],
    );
    const out = new Map<string, ReportRecipient | false>();
    for (const u of users) {
      const perms = await this.permissions.effective({ userId: u.id, role: u.role, companyId, employeeId: u.employee_id, impersonatorId: null });
      // the recipient's own rights decide, as if they ran the report themselves: a team lead is
      // sent the team's figures, an admin the company's, someone who sees only their own nothing
      const reader: ReportReader = { companyId, employeeId: u.employee_id, role: u.role, selfService: false };
      const may = PermissionsService.allows(perms, 'reports', 'view') && (await this.reports.allowed(reader, perms, def));
      if (!may) {
        out.set(u.email, false);
        continue;
      }
      const scope = this.reports.scopeOf(reader, perms, def);
      const scopeKey = scope === 'company' ? 'company' : scope === 'department' ? `department:${u.department_id ?? 0}` : `${scope}:${u.employee_id ?? 0}`;
      out.set(u.email, { userId: u.id, reader, perms, scopeKey });
    }
    return out;
  }
}

export function toResponse(s: ReportSubscription): ReportSubscriptionResponseDto {
  return {
    id: s.id,
    report_id: s.report_id,
    report_title: reportById(s.report_id)?.title ?? s.report_id,
    frequency: s.frequency,
    format: s.format,
    recipients: s.recipients,
    group_by: s.group_by ?? null,
    department_id: s.department?.id ?? null,
    position_id: s.position?.id ?? null,
    location_id: s.location?.id ?? null,
    is_active: s.is_active,
    next_run_at: s.next_run_at.toISOString(),
    last_sent_at: s.last_sent_at?.toISOString() ?? null,
    last_error: s.last_error ?? null,
    created_at: s.created_at.toISOString(),
  };
}
