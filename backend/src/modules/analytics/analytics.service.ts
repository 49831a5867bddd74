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
    const [monthRows, activeRows, usage, risks, settings] = await Promise.all([
      this.run<AnalyticsMonthDto>(MONTHS_SQL, [now, months]),
      this.run<{ kind: 'day' | 'week'; at: string; users: number }>(ACTIVE_USERS_SQL, [now, now]),
      this.run<ModuleUsageDto>(MODULE_USAGE_SQL, [now, now]),
      this.run<RiskRow>(AT_RISK_SQL, [now]),
      this.em.execute<Array<{ currency: string }>>(`select currency from billing_settings order by id limit 1`),
    ]);
    const started = monthRows.reduce((n, m) => n + m.trials_started, 0);
    const converted = monthRows.reduce((n, m) => n + m.trials_converted, 0);
    const currency = settings[0]?.currency ?? 'USD';
    return {
      currency,
      months: monthRows,
      conversion_rate: started ? Math.round((converted / started) * 1000) / 10 : null,
      active_users_daily: activeRows.filter((r) => r.kind === 'day').map((r) => ({ date: r.at, users: r.users })),
      active_users_weekly: activeRows.filter((r) => r.kind === 'week').map((r) => ({ week_start: r.at, users: r.users })),
      module_usage: usage,
      at_risk: risks.map((r) => this.atRisk(r, currency)),
    };
  }

  /**
   * One statement in a transaction of its own (the four run side by side), without JIT: the
   * estimates of these aggregates are large enough for PostgreSQL to compile them, which costs
   * more than the whole statement.
   */
  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.fork().transactional(async (em) => {
      await em.execute(`select set_config('jit', 'off', true)`);
      return em.execute<T[]>(sql, params);
    });
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
