import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../common/http/errors';
import type { PayrollRunResultDto } from './dto/payroll.dto';
import { monthPeriod, type PayPeriod } from './payroll-period';
import { runSql, type RunSources } from './payroll-run.sql';

/**
 * The payroll run of one company and month (callable without an HTTP request, e.g. by the
 * benchmark: `PayrollRunService.run(companyId, year, month)`). One transaction: lock the period
 * row, refuse a period with processing or paid records (409), delete the period's records, write
 * them again with one set-based statement. Runs of the same period wait for each other on the
 * period row, so any number of concurrent runs leave exactly one set of records.
 */
@Injectable()
export class PayrollRunService {
  constructor(private readonly em: EntityManager) {}

  async run(companyId: number, year: number, month: number, userId: number | null = null): Promise<PayrollRunResultDto> {
    const period = monthPeriod(year, month);
    return this.em.transactional(async (em) => {
      const runId = await lockPeriod(em, companyId, period);
      const [state] = await em.execute<Array<{ paid: number; processing: number }>>(
        `select count(*) filter (where payment_status = 'paid')::int as paid,
                count(*) filter (where payment_status = 'processing')::int as processing
           from payroll_records where company_id = ? and pay_period_start = ?`,
        [companyId, period.start],
      );
      if (state.paid > 0) {
        throw conflict(`Payroll for ${period.label} has been paid and is locked`, 'month');
      }
      if (state.processing > 0) {
        throw conflict(
          `Payroll for ${period.label} is being paid (processing); set its records back to pending to run it again`,
          'month',
        );
      }
      await em.execute('delete from payroll_records where company_id = ? and pay_period_start = ?', [companyId, period.start], 'run');
      // the run statement's row estimates are large enough for PostgreSQL to JIT-compile it, which
      // costs seconds and saves nothing here; off for this transaction only
      await em.execute(`select set_config('jit', 'off', true)`);
      await em.execute(runSql(companyId, runId, period, await sources(em)), [], 'run');
      const [run] = await em.execute<
        Array<{ id: number; employee_count: number; total_net: string; run_count: number; last_run_at: Date }>
      >(
        `update payroll_runs r
            set employee_count = s.n, total_net = s.total, run_count = r.run_count + 1,
                last_run_at = clock_timestamp(), run_by_id = ?, updated_at = now()
           from (select count(*)::int as n, coalesce(sum(net_salary), 0.00) as total
                   from payroll_records where company_id = ? and pay_period_start = ?) s
          where r.id = ?
          returning r.id, r.employee_count, r.total_net, r.run_count, r.last_run_at`,
        [userId, companyId, period.start, runId],
      );
      return {
        run_id: run.id,
        year,
        month,
        pay_period_start: period.start,
        pay_period_end: period.end,
        employee_count: run.employee_count,
        total_net: run.total_net,
        run_count: run.run_count,
        run_at: new Date(run.last_run_at).toISOString(),
      };
    });
  }
}

/**
 * Creates or locks the period's row (until the transaction ends) and returns its id. Runs and
 * status changes of one period take this lock first, so they never interleave.
 */
export async function lockPeriod(em: EntityManager, companyId: number, period: PayPeriod): Promise<number> {
  const [row] = await em.execute<Array<{ id: number }>>(
    `insert into payroll_runs (company_id, period_start, period_end) values (?, ?, ?)
     on conflict (company_id, period_start) do update set updated_at = now()
     returning id`,
    [companyId, period.start, period.end],
  );
  return row.id;
}

/** Which of the other modules' tables exist (a module may not be installed yet). */
export async function sources(em: EntityManager): Promise<RunSources> {
  const [row] = await em.execute<Array<Record<keyof RunSources, boolean>>>(
    `select to_regclass('public.holidays') is not null as holidays,
            (to_regclass('public.leave_requests') is not null and to_regclass('public.leave_types') is not null) as leave,
            to_regclass('public.attendance_records') is not null as attendance,
            to_regclass('public.bonus_payments') is not null as bonuses`,
  );
  return row;
}
