import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../common/auth/auth-context';
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

@Injectable()
export class CompanyMetrics {
  private sources: Partial<CompanyMetricSources> = {};

  provide(sources: Partial<CompanyMetricSources>): void {
    this.sources = { ...this.sources, ...sources };
  }

  presentToday(companyId: number, today: string): Promise<number> {
    return this.sources.presentToday?.(companyId, today) ?? Promise.resolve(0);
  }

  pendingLeaves(ctx: AuthContext): Promise<number> {
    return this.sources.pendingLeaves?.(ctx) ?? Promise.resolve(0);
  }

  monthlyPayroll(companyId: number, monthStart: string, nextMonthStart: string): Promise<string> {
    return this.sources.monthlyPayroll?.(companyId, monthStart, nextMonthStart) ?? Promise.resolve('0.00');
  }

  recentLeaveRequests(ctx: AuthContext, limit: number): Promise<RecentLeaveRequestDto[]> {
    return this.sources.recentLeaveRequests?.(ctx, limit) ?? Promise.resolve([]);
  }
}
