import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { subjectScope } from './kpi-scope';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/errors';
import { Filter, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { periodOf } from '../payroll/payroll-period';
import { BONUS_PAYMENT_STATUSES, type BonusPaymentStatus } from './bonus-payment.entity';
import { companyZone, todayInZone } from './company-zone';
import type { BonusPaymentResponseDto, BonusTotalsDto, MarkPaidDto, StatusNoteDto } from './dto/bonus-payment.dto';
import { toPaymentResponse, toTotals, type Row } from './kpi.mapper';
import { daySql, inIdRange, isoSql, SqlWhere, sqlPage } from './sql-list';

export const PAYMENT_LIST: ListQueryOptions = {
  sortable: [
    'id',
    'employee_name',
    'employee_code',
    'kpi_name',
    'payment_period_start',
    'payment_period_end',
    'bonus_amount',
    'achievement_percentage',
    'status',
    'paid_date',
    'created_at',
  ],
  filterable: [
    'q',
    'id',
    'status',
    'employee',
    'employee_id',
    'kpi_id',
    'kpi_target_id',
    'period',
    'period_start',
    'period_end',
    'company_id',
  ],
  defaultSort: ['payment_period_end', 'DESC'],
  maxLimit: 1000,
  filters: {
    status: Filter.oneOf(BONUS_PAYMENT_STATUSES, { many: true }),
    employee: Filter.id(),
    period: Filter.pattern('^[1-9]\\d{3}(-(0[1-9]|1[0-2]))?$', 'a month (YYYY-MM) or a year (YYYY)'),
    period_start: Filter.date(),
    period_end: Filter.date(),
  },
};

export const OWN_BONUS = 'You cannot approve or pay your own bonus';

const BASE = `
  select b.id, b.company_id, b.employee_id, concat_ws(' ', e.first_name, e.last_name) as employee_name, e.employee_code,
         b.kpi_id, k.name as kpi_name, b.kpi_target_id, b.bonus_rule_id,
         ${daySql('b.payment_period_start')} as payment_period_start, ${daySql('b.payment_period_end')} as payment_period_end,
         b.payment_period_start as start_day, b.payment_period_end as end_day,
         b.bonus_amount, b.achievement_percentage, b.actual_value, b.target_value, b.bonus_type, b.status,
         ${daySql('b.paid_date')} as paid_date, ${isoSql('b.approved_at')} as approved_at, b.status_note,
         ${isoSql('b.created_at')} as created_at, ${isoSql('b.updated_at')} as updated_at
    from bonus_payments b
    join employees e on e.id = b.employee_id
    left join kpis k on k.id = b.kpi_id`;

type Action = 'approve' | 'mark-paid' | 'reject' | 'cancel';

/** Which statuses each action leaves from, and what it is called in messages. */
const TRANSITIONS: Record<Action, { from: BonusPaymentStatus[]; to: BonusPaymentStatus; verb: string; done: string }> = {
  approve: { from: ['calculated'], to: 'approved', verb: 'approved', done: 'Bonus payment approved' },
  'mark-paid': { from: ['approved'], to: 'paid', verb: 'marked paid', done: 'Bonus payment marked paid' },
  reject: { from: ['calculated', 'approved'], to: 'rejected', verb: 'rejected', done: 'Bonus payment rejected' },
  cancel: { from: ['calculated', 'approved'], to: 'cancelled', verb: 'cancelled', done: 'Bonus payment cancelled' },
};

@Injectable()
export class BonusPaymentsService {
  constructor(private readonly em: EntityManager) {}

  /** The payments of the employees within `scope` of the caller. */
  async list(ctx: AuthContext, scope: RecordScope, q: ListQuery): Promise<Page<BonusPaymentResponseDto>> {
    const { rows, total } = await sqlPage<Row>(this.em, BASE, this.where(ctx, scope, q.filter), q);
    return new Page('kpi/bonus-payments', rows.map(toPaymentResponse), q.offset, total);
  }

  /** Totals of the payments the filter selects: all (rejected and cancelled left out), paid, and pending (calculated or approved). */
  async totals(ctx: AuthContext, scope: RecordScope, filter: Record<string, unknown>): Promise<BonusTotalsDto> {
    const where = this.where(ctx, scope, filter);
    const [row] = await this.em.execute<Row[]>(
      `select count(*) filter (where x.status not in ('rejected', 'cancelled'))::int as total_count,
              coalesce(sum(x.bonus_amount) filter (where x.status not in ('rejected', 'cancelled')), 0.00) as total_amount,
              count(*) filter (where x.status = 'paid')::int as paid_count,
              coalesce(sum(x.bonus_amount) filter (where x.status = 'paid'), 0.00) as paid_amount,
              count(*) filter (where x.status in ('calculated', 'approved'))::int as pending_count,
              coalesce(sum(x.bonus_amount) filter (where x.status in ('calculated', 'approved')), 0.00) as pending_amount
         from (${BASE}) x where ${where.sql}`,
      where.params,
    );
    return toTotals(row);
  }

  /** One payment within `scope` of the caller (the answer of a change of status: the company). */
  async get(ctx: AuthContext, scope: RecordScope, id: number): Promise<BonusPaymentResponseDto> {
    const covered = subjectScope(ctx, scope, null, 'b.employee_id');
    const rows: Row[] = inIdRange(id)
      ? await this.em.execute(`${BASE} where b.company_id = ? and b.id = ?${covered ? ` and ${covered.sql}` : ''}`, [
          ctx.companyId,
          id,
          ...(covered?.params ?? []),
        ])
      : [];
    if (!rows.length) throw notFound('Bonus payment');
    return toPaymentResponse(rows[0]);
  }

  /**
   * calculated → approved → paid; calculated or approved → rejected or cancelled. The payment's
   * row is locked first, so two decisions on one payment take turns. Nobody approves or pays
   * their own bonus. A payment included in a payroll run is paid by that payroll, not here.
   */
  async transition(
    ctx: AuthContext,
    id: number,
    action: Action,
    dto: MarkPaidDto | StatusNoteDto,
  ): Promise<{ payment: BonusPaymentResponseDto; message: string }> {
    assertOwnCompany(ctx, dto.company_id);
    const rule = TRANSITIONS[action];
    const [current] = inIdRange(id)
      ? await this.em.execute<Array<{ id: number; employee_id: number; status: BonusPaymentStatus }>>(
          'select id, employee_id, status from bonus_payments where company_id = ? and id = ? for update',
          [ctx.companyId, id],
        )
      : [];
    if (!current) throw notFound('Bonus payment');
    if ((action === 'approve' || action === 'mark-paid') && ctx.employeeId !== null && current.employee_id === ctx.employeeId) {
      throw forbidden(OWN_BONUS);
    }
    if (!rule.from.includes(current.status)) {
      throw conflict(`This bonus payment is ${current.status}: only ${rule.from.join(' or ')} payments can be ${rule.verb}`, 'status');
    }
    let message = rule.done;
    const payroll = current.status === 'approved' ? await this.payrollOf(ctx, id) : null;
    if (payroll && action === 'mark-paid') {
      throw conflict(`This bonus is included in the payroll for ${payroll.label} and is paid with it`, 'status');
    }
    if (payroll?.payment_status === 'processing') {
      throw conflict(`This bonus is included in the payroll for ${payroll.label}, which is being paid`, 'status');
    }
    if (payroll) message += `. Process the payroll for ${payroll.label} again to leave it out`;

    if (action === 'approve') {
      await this.em.execute(
        `update bonus_payments set status = 'approved', approved_at = now(), approved_by_id = ?, updated_at = now() where id = ?`,
        [ctx.userId, id],
      );
    } else if (action === 'mark-paid') {
      const paidDate = (dto as MarkPaidDto).paid_date ?? todayInZone(await companyZone(this.em, ctx.companyId!));
      await this.em.execute(`update bonus_payments set status = 'paid', paid_date = ?, updated_at = now() where id = ?`, [paidDate, id]);
    } else {
      await this.em.execute(`update bonus_payments set status = ?, status_note = ?, updated_at = now() where id = ?`, [
        rule.to,
        (dto as StatusNoteDto).reason ?? null,
        id,
      ]);
    }
    return { payment: await this.get(ctx, 'company', id), message };
  }

  /** The payroll record (not yet paid) that includes this payment, if any. */
  private async payrollOf(ctx: AuthContext, paymentId: number): Promise<{ label: string; payment_status: string } | null> {
    const [row] = await this.em.execute<Array<{ start: string; payment_status: string }>>(
      `select to_char(r.pay_period_start, 'YYYY-MM-DD') as start, r.payment_status
         from payroll_lines l join payroll_records r on r.id = l.record_id
        where l.company_id = ? and l.bonus_payment_id = ? and r.payment_status <> 'paid'
        order by r.pay_period_start desc limit 1`,
      [ctx.companyId, paymentId],
    );
    return row ? { label: periodOf(row.start).label, payment_status: row.payment_status } : null;
  }

  private where(ctx: AuthContext, scope: RecordScope, f: Record<string, unknown>): SqlWhere {
    const where = new SqlWhere('x.company_id', ctx.companyId!)
      .search(['x.employee_name', 'x.employee_code', 'x.kpi_name'], f.q)
      .ids('x.id', f.id, 'id')
      .ids('x.company_id', f.company_id, 'company_id')
      .oneOf('x.status', f.status, BONUS_PAYMENT_STATUSES, 'status')
      .ids('x.employee_id', f.employee_id ?? f.employee, f.employee_id !== undefined ? 'employee_id' : 'employee')
      .ids('x.kpi_id', f.kpi_id, 'kpi_id')
      .ids('x.kpi_target_id', f.kpi_target_id, 'kpi_target_id')
      .date('x.start_day >= ?::date', f.period_start, 'period_start')
      .date('x.end_day <= ?::date', f.period_end, 'period_end');
    if (f.period !== undefined) {
      const [from, to] = periodRange(f.period);
      where.add('x.end_day between ?::date and ?::date', from, to);
    }
    const covered = subjectScope(ctx, scope, null, 'x.employee_id');
    if (covered) where.add(covered.sql, ...covered.params);
    return where;
  }
}

/** `period` of the bonus list: a month (YYYY-MM) or a year (YYYY) in which the payment's period ends. */
export function periodRange(value: unknown): [string, string] {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text === 'string') {
    const month = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/.exec(text);
    if (month) {
      const last = new Date(Date.UTC(Number(month[1]), Number(month[2]), 0)).getUTCDate();
      return [`${text}-01`, `${text}-${String(last).padStart(2, '0')}`];
    }
    if (/^[1-9]\d{3}$/.test(text)) return [`${text}-01-01`, `${text}-12-31`];
  }
  throw badRequest('The period filter must be a month (YYYY-MM) or a year (YYYY)', 'filter');
}
