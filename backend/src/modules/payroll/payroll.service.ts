import { Injectable } from '@nestjs/common';
import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthContext } from '../../common/auth/auth-context';
import { scopeCondition, scopeFilter } from '../../common/auth/record-scope';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../common/http/errors';
import { escapeLike, oneOf, fieldWords } from '../../common/http/fields';
import { Filter, idList, type ListQuery } from '../../common/http/list-query';
import { Company } from '../companies/company.entity';
import type {
  PayrollRecordDetailDto,
  PayrollRecordResponseDto,
  PayrollRunResponseDto,
  PayrollSummaryDto,
  SetPaymentStatusBulkDto,
  StatusChangeResultDto,
} from './dto/payroll.dto';
import type { PayrollAccess } from './payroll-access';
import { PayrollLine } from './payroll-line.entity';
import { monthPeriod, periodOf, MAX_YEAR, MIN_YEAR } from './payroll-period';
import { PayrollRecord, PAYMENT_STATUSES, type PaymentStatus } from './payroll-record.entity';
import { lockPeriod, sources } from './payroll-run.service';
import { PayrollRun } from './payroll-run.entity';
import { toLineResponse, toRecordResponse } from './payroll.mapper';
import { NotificationsService } from '../notifications/notifications.service';
import { PAY_PAID } from './payroll-notices';

export const PAYROLL_LIST = {
  sortable: ['id', 'pay_period_start', 'employee_name', 'employee_code', 'basic_salary', 'net_salary', 'payment_status', 'payment_date'],
  filterable: ['q', 'id', 'year', 'month', 'payment_status', 'status', 'employee_id', 'company_id'],
  defaultSort: ['pay_period_start', 'DESC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 1000,
  filters: {
    year: Filter.year(MIN_YEAR, MAX_YEAR),
    month: Filter.month(),
    payment_status: Filter.oneOf(PAYMENT_STATUSES, { many: true }),
    status: Filter.oneOf(PAYMENT_STATUSES, { many: true }),
  },
};

const POPULATE = ['employee', 'employee.department', 'employee.position'] as const;
const MAX_ID = 2147483647;
export const PAID_IS_FINAL = 'A paid payroll record cannot change';
export const OWN_PAYROLL_RECORD = 'You cannot change the payment status of your own payroll record: another payroll user or a company admin does';

/** The plain query parameters of GET /hr/payroll (hr.md: month, year, status, employee). */
export interface PlainPayrollFilters {
  month?: string;
  year?: string;
  status?: string;
  employee_id?: string;
}

export const BONUS_CHANGED =
  'A bonus payment included in this payroll was cancelled or rejected after it was processed: process the payroll again before paying it';

@Injectable()
export class PayrollService {
  constructor(
    private readonly em: EntityManager,
    private readonly notifications: NotificationsService,
  ) {}

  async list(access: PayrollAccess, q: ListQuery): Promise<Page<PayrollRecordResponseDto>> {
    const where = this.where(access, q.filter);
    const field = q.sort.field;
    const order = q.sort.order;
    const orderBy: QueryOrderMap<PayrollRecord>[] =
      field === 'employee_name'
        ? [{ employee: { last_name: order, first_name: order } }]
        : field === 'employee_code'
          ? [{ employee: { employee_code: order } }]
          : [{ [field]: order }];
    const [items, total] = await this.em.findAndCount(PayrollRecord, where, {
      populate: POPULATE,
      orderBy: [...orderBy, { id: order }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('hr/payroll', items.map(toRecordResponse), q.offset, total);
  }

  /** Every record of the filter (no paging), for the CSV export. */
  async all(access: PayrollAccess, filter: Record<string, unknown>): Promise<PayrollRecord[]> {
    return this.em.find(PayrollRecord, this.where(access, filter), {
      populate: POPULATE,
      orderBy: [{ pay_period_start: 'ASC' }, { employee: { employee_code: 'ASC' } }, { id: 'ASC' }],
    });
  }

  async get(access: PayrollAccess, id: number): Promise<PayrollRecordDetailDto> {
    const record = await this.find(access, id);
    const lines = await this.em.find(PayrollLine, { record }, { orderBy: [{ sort_order: 'ASC' }, { id: 'ASC' }] });
    return { ...toRecordResponse(record), lines: lines.map(toLineResponse) };
  }

  async find(access: PayrollAccess, id: number): Promise<PayrollRecord> {
    const where = { ...scopeFilter(access, access.scope, 'employee_id'), id } as FilterQuery<PayrollRecord>;
    const record = id > 0 && id <= MAX_ID ? await this.em.findOne(PayrollRecord, where, { populate: POPULATE }) : null;
    if (!record) throw notFound('Payroll record');
    return record;
  }

  async summary(access: PayrollAccess, year: number, month: number): Promise<PayrollSummaryDto> {
    const period = monthPeriod(year, month);
    const covered = scopeCondition(access, access.scope, 'employee_id');
    const params: unknown[] = [access.companyId, period.start, ...(covered?.params ?? [])];
    const [row] = await this.em.execute<
      Array<{ total: string; n: number; paid: number; processing: number; pending: number }>
    >(
      `select coalesce(sum(net_salary), 0.00) as total, count(*)::int as n,
              count(*) filter (where payment_status = 'paid')::int as paid,
              count(*) filter (where payment_status = 'processing')::int as processing,
              count(*) filter (where payment_status <> 'paid')::int as pending
         from payroll_records where company_id = ? and pay_period_start = ?${covered ? ` and ${covered.sql}` : ''}`,
      params,
    );
    const run = await this.em.findOne(PayrollRun, { period_start: period.start });
    return {
      year,
      month,
      pay_period_start: period.start,
      pay_period_end: period.end,
      total_payroll: row.total,
      total_records: row.n,
      processed_count: row.paid,
      pending_count: row.pending,
      processing_count: row.processing,
      last_run_at: run?.last_run_at ? run.last_run_at.toISOString() : null,
    };
  }

  async runs(year: number | undefined): Promise<PayrollRunResponseDto[]> {
    const where: FilterQuery<PayrollRun> = { run_count: { $gt: 0 } };
    if (year !== undefined) where.period_start = { $gte: `${year}-01-01`, $lte: `${year}-12-31` };
    const runs = await this.em.find(PayrollRun, where, { orderBy: { period_start: 'DESC' }, limit: 120 });
    return runs.map((r) => ({
      id: r.id,
      period_start: r.period_start,
      period_end: r.period_end,
      employee_count: r.employee_count,
      total_net: r.total_net,
      run_count: r.run_count,
      last_run_at: r.last_run_at ? r.last_run_at.toISOString() : null,
      run_by: r.run_by?.id ?? null,
    }));
  }

  /**
   * Moves records to processing or paid (or back to pending): pending ⇄ processing → paid, paid
   * is final. The periods concerned are locked first, so a concurrent run cannot replace records
   * being paid. Marking paid also pays the approved bonus payments the records include.
   */
  async setStatus(ctx: AuthContext, dto: SetPaymentStatusBulkDto): Promise<StatusChangeResultDto> {
    const companyId = ctx.companyId!;
    const status = dto.payment_status;
    const paymentDate = status === 'paid' ? (dto.payment_date ?? (await this.today(companyId))) : null;
    const em = this.em;

    let ids: number[];
    let periodStarts: string[];
    let ownSkipped = false;
    if (dto.ids) {
      ids = [...new Set(dto.ids)];
      if (ids.some((id) => id > MAX_ID)) throw notFound('Payroll record');
      const rows = await em.execute<Array<{ id: number; pay_period_start: string; employee_id: number }>>(
        `select id, to_char(pay_period_start, 'YYYY-MM-DD') as pay_period_start, employee_id
           from payroll_records where company_id = ? and id in (?)`,
        [companyId, ids],
      );
      if (rows.length !== ids.length) throw notFound('Payroll record');
      // nobody pays themselves, as with bonuses
      if (ctx.employeeId && rows.some((r) => r.employee_id === ctx.employeeId)) throw forbidden(OWN_PAYROLL_RECORD);
      periodStarts = [...new Set(rows.map((r) => r.pay_period_start))].sort();
    } else {
      const period = monthPeriod(dto.year!, dto.month!);
      periodStarts = [period.start];
      const rows = await em.execute<Array<{ id: number; employee_id: number }>>(
        'select id, employee_id from payroll_records where company_id = ? and pay_period_start = ?',
        [companyId, period.start],
      );
      if (!rows.length) throw unprocessable(`There is no payroll for ${period.label}: process it first`, 'month');
      // the caller's own record of the month is left to another payroll user
      ownSkipped = !!ctx.employeeId && rows.some((r) => r.employee_id === ctx.employeeId);
      ids = rows.filter((r) => r.employee_id !== ctx.employeeId).map((r) => r.id);
      if (!ids.length) throw forbidden(OWN_PAYROLL_RECORD);
    }
    for (const start of periodStarts) await lockPeriod(em, companyId, periodOf(start));

    const [counts] = await em.execute<Array<{ paid: number }>>(
      `select count(*) filter (where payment_status = 'paid')::int as paid from payroll_records where company_id = ? and id in (?)`,
      [companyId, ids],
    );
    if (status !== 'paid' && counts.paid > 0) throw unprocessable(PAID_IS_FINAL, 'payment_status');

    if (status === 'paid' && (await sources(em)).bonuses) {
      // a bonus cancelled or rejected after the run must not be paid with the records
      const [stale] = await em.execute<Array<{ n: number }>>(
        `select count(*)::int as n from payroll_lines l join bonus_payments b on b.id = l.bonus_payment_id
          where l.company_id = ? and l.record_id in (?) and b.status not in ('approved', 'paid')`,
        [companyId, ids],
      );
      if (stale.n > 0) throw conflict(BONUS_CHANGED, 'payment_status');
    }
    // records already paid keep their payment date
    const updated = await em.execute<Array<{ id: number }>>(
      `update payroll_records set payment_status = ?, payment_date = ?, updated_at = now()
        where company_id = ? and id in (?) and payment_status <> 'paid'
        returning id`,
      [status, paymentDate, companyId, ids],
    );
    let bonusesPaid = 0;
    if (status === 'paid' && updated.length && (await sources(em)).bonuses) {
      const res = await em.execute<{ affectedRows: number }>(
        `update bonus_payments b set status = 'paid', paid_date = ?, updated_at = now()
           from payroll_lines l
          where l.company_id = ? and l.record_id in (?) and l.bonus_payment_id = b.id
            and b.company_id = ? and b.status = 'approved'`,
        [paymentDate, companyId, updated.map((r) => r.id), companyId],
        'run',
      );
      bonusesPaid = res.affectedRows;
    }
    if (status === 'paid' && updated.length) {
      await this.notifications.queue(em, 'payroll_updates', PAY_PAID, [updated.map((r) => r.id)]);
    }
    return { updated: updated.length, payment_status: status, payment_date: paymentDate, bonuses_paid: bonusesPaid, own_record_skipped: ownSkipped };
  }

  /** Sum of net_salary of the pay periods starting in [from, to), for the company dashboard. */
  async monthlyPayroll(companyId: number, from: string, to: string): Promise<string> {
    const [row] = await this.em.execute<Array<{ total: string }>>(
      `select coalesce(sum(net_salary), 0.00) as total from payroll_records
        where company_id = ? and pay_period_start >= ? and pay_period_start < ?`,
      [companyId, from, to],
    );
    return row.total;
  }

  async companyName(companyId: number): Promise<string> {
    // the company row is not tenant-scoped; the id comes from the caller's token
    const company = await this.em.findOne(Company, { id: companyId }, { filters: false, fields: ['company_name'] });
    return company?.company_name ?? '';
  }

  private async today(companyId: number): Promise<string> {
    const company = await this.em.findOne(Company, { id: companyId }, { filters: false, fields: ['time_zone'] });
    const zone = company?.time_zone && DateTime.now().setZone(company.time_zone).isValid ? company.time_zone : 'UTC';
    return DateTime.now().setZone(zone).toISODate()!;
  }

  private where(access: PayrollAccess, filter: Record<string, unknown>): FilterQuery<PayrollRecord> {
    const and: FilterQuery<PayrollRecord>[] = [];
    if (filter.company_id !== undefined && !idList(filter.company_id, 'company_id').includes(access.companyId)) {
      and.push({ id: -1 });
    }
    if (filter.id !== undefined) and.push({ id: { $in: idList(filter.id, 'id').filter((id) => id <= MAX_ID) } });
    if (filter.employee_id !== undefined) {
      and.push({ employee: { $in: idList(filter.employee_id, 'employee_id').filter((id) => id <= MAX_ID) } });
    }
    const year = filter.year === undefined ? undefined : wholeNumber(filter.year, 'year', MIN_YEAR, MAX_YEAR);
    const month = filter.month === undefined ? undefined : wholeNumber(filter.month, 'month', 1, 12);
    if (month !== undefined && year === undefined) throw badRequest('The month filter needs a year', 'filter');
    if (year !== undefined && month !== undefined) {
      and.push({ pay_period_start: monthPeriod(year, month).start });
    } else if (year !== undefined) {
      and.push({ pay_period_start: { $gte: `${year}-01-01`, $lte: `${year}-12-31` } });
    }
    const status = filter.payment_status ?? filter.status;
    if (status !== undefined) {
      const list = Array.isArray(status) ? status : [status];
      if (!list.every((s) => (PAYMENT_STATUSES as readonly unknown[]).includes(s))) {
        throw badRequest(`The payment status filter must be one of ${oneOf(PAYMENT_STATUSES)}`, 'filter');
      }
      and.push({ payment_status: { $in: list as PaymentStatus[] } });
    }
    if (filter.q !== undefined) {
      if (typeof filter.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = `%${escapeLike(filter.q.trim())}%`;
      and.push({
        employee: {
          $or: [{ first_name: { $ilike: like } }, { last_name: { $ilike: like } }, { employee_code: { $ilike: like } }],
        },
      });
    }
    // the records of the employees within the caller's scope: the company's for payroll staff, one's own for most
    return { ...scopeFilter(access, access.scope, 'employee_id'), ...(and.length ? { $and: and } : {}) } as FilterQuery<PayrollRecord>;
  }
}

function wholeNumber(value: unknown, field: string, min: number, max: number): number {
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`The ${fieldWords(field)} filter must be a whole number from ${min} to ${max}`, 'filter');
  }
  return n;
}
