import { requireCompany } from '../../common/auth/require-company';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { recordScope, scopeCondition, scopeFilter } from '../../common/auth/record-scope';
import { notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import { PermissionsService } from '../permissions/permissions.service';
import { PlanService } from '../permissions/plan.service';
import { CompanyMetrics } from './company-metrics';
import { GettingStartedService } from './getting-started.service';
import {
  DASHBOARD_MODULES,
  type CompanyDashboardDto,
  type DashboardModuleDto,
  type RecentEmployeeDto,
  type SubscriptionInfoDto,
} from './dto/company-dashboard.dto';

const RECENT = 5;
const NONE = { view: false, create: false, edit: false, delete: false };

@Injectable()
export class DashboardService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly permissions: PermissionsService,
    private readonly metrics: CompanyMetrics,
    private readonly gettingStarted: GettingStartedService,
  ) {}

  /**
   * The company view of /dashboard. Each card is computed only when the caller may view its
   * module (the line-manager policy's rights count: the cards read records within the caller's
   * scope), and a card that counts other employees' records counts those within the caller's
   * scope of its module (recordScope): the company from the modules' figures, a team or a
   * department by query; none for one who sees only their own. The leave cards count what the
   * leave module shows the caller, their own requests included.
   */
  async company(ctx: AuthContext): Promise<CompanyDashboardDto> {
    const companyId = requireCompany(ctx);
    // the company row is not tenant-scoped; the id comes from the caller's token
    const company = await this.em.findOne(Company, { id: companyId }, { filters: false });
    if (!company) throw notFound('Company');
    // one after the other: a request may run on a single connection (tenant transaction)
    const plan = await this.plans.moduleKeys(companyId);
    const rights = await this.permissions.effective(ctx);
    const modules: DashboardModuleDto[] = DASHBOARD_MODULES.map((key) => {
      const r = rights.get(key) ?? NONE;
      return {
        module_key: key,
        in_plan: plan.has(key),
        can_view: r.view,
        can_create: r.create,
        can_edit: r.edit,
        can_delete: r.delete,
      };
    });
    const can = (key: (typeof DASHBOARD_MODULES)[number]) => PermissionsService.allows(rights, key, 'view', true);
    // whose records a card of other employees' figures counts; null for one who sees only their own
    const cardScope = (key: (typeof DASHBOARD_MODULES)[number]): Exclude<RecordScope, 'own'> | null => {
      const scope = can(key) ? recordScope(ctx, rights, key) : 'own';
      return scope === 'own' ? null : scope;
    };
    // the condition on the records' employee (r.employee_id) for a team or a department; null for the company
    const within = (scope: RecordScope) => scopeCondition(ctx, scope, 'r.employee_id');
    const admin = ctx.role === 'company_admin' || ctx.role === 'superadmin';

    const zone = DateTime.now().setZone(company.time_zone).isValid ? company.time_zone : 'UTC';
    const now = DateTime.now().setZone(zone);
    const today = now.toISODate()!;
    const monthStart = now.startOf('month');

    const employees = cardScope('employees');
    const totalEmployees = employees ? await this.activeEmployees(scopeFilter(ctx, employees, 'id')) : null;
    const recentEmployees = employees ? await this.recentEmployees(scopeFilter(ctx, employees, 'id')) : null;
    const attendance = cardScope('attendance');
    const presentToday = attendance ? await this.metrics.presentToday(companyId, today, within(attendance)) : null;
    // the leave cards count and list the requests the caller may see (their own, or everyone's for a leave manager)
    const pendingLeaves = can('leave') ? await this.metrics.pendingLeaves(ctx) : null;
    const payroll = cardScope('payroll');
    const monthlyPayroll = payroll
      ? await this.metrics.monthlyPayroll(companyId, monthStart.toISODate()!, monthStart.plus({ months: 1 }).toISODate()!, within(payroll))
      : null;
    const recentLeaves = can('leave') ? await this.metrics.recentLeaveRequests(ctx, RECENT) : null;
    const subscription = admin ? await this.subscription(company) : null;
    const firstSignIn = await this.gettingStarted.firstSignIn(ctx);

    return {
      company_id: company.id,
      company_name: company.company_name,
      time_zone: zone,
      today,
      cards: {
        total_employees: totalEmployees,
        present_today: presentToday,
        pending_leaves: pendingLeaves,
        monthly_payroll: monthlyPayroll,
      },
      recent_employees: recentEmployees,
      recent_leave_requests: recentLeaves,
      modules,
      subscription,
      first_sign_in: firstSignIn,
    };
  }

  /** Employees not terminated, of the company or of those `within` (scopeFilter: the caller's team or department). */
  private activeEmployees(within: Record<string, unknown> = {}): Promise<number> {
    return this.em.count(Employee, { employment_status: { $ne: 'terminated' }, ...within });
  }

  private async recentEmployees(within: Record<string, unknown>): Promise<RecentEmployeeDto[]> {
    const rows = await this.em.find(
      Employee,
      within,
      { populate: ['department', 'position'], orderBy: [{ created_at: 'DESC' }, { id: 'DESC' }], limit: RECENT },
    );
    return rows.map((e) => ({
      id: e.id,
      employee_code: e.employee_code,
      first_name: e.first_name,
      last_name: e.last_name,
      email: e.email,
      department_name: e.department?.department_name ?? null,
      position_title: e.position?.position_title ?? null,
      employment_status: e.employment_status,
      hire_date: e.hire_date ?? null,
      created_at: e.created_at,
    }));
  }

  private async subscription(company: Company): Promise<SubscriptionInfoDto> {
    const plan = await this.plans.plan(company.id);
    const employees = await this.activeEmployees();
    return {
      package_id: plan?.packageId ?? null,
      package_name: plan?.packageName ?? company.subscription_plan,
      package_code: plan?.packageCode ?? company.subscription_plan,
      subscription_status: company.subscription_status,
      state: plan?.state ?? company.subscription_status,
      trial_ends_at: company.trial_ends_at ?? null,
      max_employees: plan?.limits.max_employees ?? 0,
      employees_count: employees,
    };
  }
}
