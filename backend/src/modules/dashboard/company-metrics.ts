import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import type { ScopeCondition } from '../../common/auth/record-scope';
import type { RecentLeaveRequestDto } from './dto/company-dashboard.dto';

/**
 * The figures of the company dashboard that belong to modules of their own. Each module registers
 * its queries when it starts (`metrics.provide({ presentToday })` in onModuleInit); until then a
 * card answers zero or an empty list, never an error.
 */
export interface CompanyMetricSources {
  /** attendance records of `today` (YYYY-MM-DD, the company's time zone) with status present */
  presentToday(companyId: number, today: string): Promise<number>;
  /** leave requests with status pending that the caller may see */
  pendingLeaves(ctx: AuthContext): Promise<number>;
  /** sum of net_salary of pay periods starting in [monthStart, nextMonthStart), a decimal string */
  monthlyPayroll(companyId: number, monthStart: string, nextMonthStart: string): Promise<string>;
  /** the most recent leave requests the caller may see */
  recentLeaveRequests(ctx: AuthContext, limit: number): Promise<RecentLeaveRequestDto[]>;
}

/**
 * The company's figures come from the modules' sources; a caller who covers a team or a
 * department (`within`: a condition on `r.employee_id`) gets the same figure of those employees'
 * records only, counted here by one query on the records' employee.
 */
@Injectable()
export class CompanyMetrics {
  private sources: Partial<CompanyMetricSources> = {};

  constructor(private readonly em: EntityManager) {}

  provide(sources: Partial<CompanyMetricSources>): void {
    this.sources = { ...this.sources, ...sources };
  }

  async presentToday(companyId: number, today: string, within: ScopeCondition | null = null): Promise<number> {
    if (!within) return this.sources.presentToday?.(companyId, today) ?? 0;
    // a late arrival is a present record checked in after the limit, as the attendance module counts it
    const [row] = await this.em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from attendance_records r
        where r.company_id = ? and r.attendance_date = ?::date and r.status in ('present', 'late') and ${within.sql}`,
      [companyId, today, ...within.params],
    );
    return row?.n ?? 0;
  }

  pendingLeaves(ctx: AuthContext): Promise<number> {
    return this.sources.pendingLeaves?.(ctx) ?? Promise.resolve(0);
  }

  async monthlyPayroll(companyId: number, monthStart: string, nextMonthStart: string, within: ScopeCondition | null = null): Promise<string> {
    if (!within) return this.sources.monthlyPayroll?.(companyId, monthStart, nextMonthStart) ?? '0.00';
    const [row] = await this.em.execute<Array<{ total: string }>>(
      `select coalesce(sum(r.net_salary), 0.00) as total from payroll_records r
        where r.company_id = ? and r.pay_period_start >= ? and r.pay_period_start < ? and ${within.sql}`,
      [companyId, monthStart, nextMonthStart, ...within.params],
    );
    return row.total;
  }

  recentLeaveRequests(ctx: AuthContext, limit: number): Promise<RecentLeaveRequestDto[]> {
    return this.sources.recentLeaveRequests?.(ctx, limit) ?? Promise.resolve([]);
  }
}
