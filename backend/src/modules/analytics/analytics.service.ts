import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BillingClock } from '../billing/clock';
import { ACTIVE_USERS_SQL, AT_RISK_SQL, MODULE_USAGE_SQL, MONTHS_SQL } from './analytics.sql';
import { DEFAULT_MONTHS, type AnalyticsDto, type AnalyticsMonthDto, type AtRiskCompanyDto, type AtRiskReason, type ModuleUsageDto } from './dto/analytics.dto';

interface RiskRow {
  company_id: number;
  company_name: string;
  package_name: string;
  billing_status: string;
  reason: AtRiskReason;
  date: string | null;
  invoices: number | null;
  due: string | null;
  ended: boolean | null;
  days_ago: number | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The platform's analytics for the superadmin: four set-based statements (analytics.sql.ts), the
 * same cost with 20 companies or 2,000. "Now" is the billing clock, so tests can fix it.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: BillingClock,
  ) {}

  async overview(months = DEFAULT_MONTHS): Promise<AnalyticsDto> {
    const now = this.clock.now();
    const [monthRows, activeRows, usage, risks, settings] = await this.runAll([
      [MONTHS_SQL, [now, months]],
      [ACTIVE_USERS_SQL, [now, now]],
      [MODULE_USAGE_SQL, [now, now]],
      [AT_RISK_SQL, [now]],
      [`select currency from billing_settings order by id limit 1`, []],
    ]);
    const monthList = monthRows as unknown as AnalyticsMonthDto[];
    const active = activeRows as unknown as Array<{ kind: 'day' | 'week'; at: string; users: number }>;
    const started = monthList.reduce((n, m) => n + m.trials_started, 0);
    const converted = monthList.reduce((n, m) => n + m.trials_converted, 0);
    const currency = (settings[0]?.currency as string | undefined) ?? 'USD';
    return {
      currency,
      months: monthList,
      conversion_rate: started ? Math.round((converted / started) * 1000) / 10 : null,
      active_users_daily: active.filter((r) => r.kind === 'day').map((r) => ({ date: r.at, users: r.users })),
      active_users_weekly: active.filter((r) => r.kind === 'week').map((r) => ({ week_start: r.at, users: r.users })),
      module_usage: usage as unknown as ModuleUsageDto[],
      at_risk: (risks as unknown as RiskRow[]).map((r) => this.atRisk(r, currency)),
    };
  }

  /**
   * The statements side by side, each in a transaction of its own without JIT: the estimates of
   * these aggregates are large enough for PostgreSQL to compile them, which costs more than the
   * statement. A request that is already a transaction (a superadmin impersonating a company:
   * row-level security applies) runs them in it, one after the other, as a second connection
   * may not exist (the embedded database has one).
   */
  private async runAll(statements: Array<[string, unknown[]]>): Promise<Array<Array<Record<string, unknown>>>> {
    if (this.em.isInTransaction()) {
      await this.em.execute(`select set_config('jit', 'off', true)`);
      const answers: Array<Array<Record<string, unknown>>> = [];
      for (const [sql, params] of statements) answers.push(await this.em.execute(sql, params));
      return answers;
    }
    return Promise.all(
      statements.map(([sql, params]) =>
        this.em.fork().transactional(async (em) => {
          await em.execute(`select set_config('jit', 'off', true)`);
          return em.execute<Array<Record<string, unknown>>>(sql, params);
        }),
      ),
    );
  }

  private atRisk(r: RiskRow, currency: string): AtRiskCompanyDto {
    let detail: string;
    if (r.reason === 'trial_ending') {
      detail = r.ended ? `Trial ended on ${r.date} without a plan` : `Trial ends on ${r.date}, no plan chosen`;
    } else if (r.reason === 'past_due') {
      detail = `${plural(r.invoices ?? 0, 'invoice')} overdue since ${r.date}: ${r.due} ${currency} due`;
    } else {
      detail = r.date ? `No sign-in for ${plural(r.days_ago ?? 0, 'day')}` : 'No sign-in since the company was created';
    }
    return {
      company_id: r.company_id,
      company_name: r.company_name,
      package_name: r.package_name,
      billing_status: r.billing_status,
      reason: r.reason,
      date: r.date,
      detail,
    };
  }
}
