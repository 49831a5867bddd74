import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, forbidden, notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { PlanService, WRITE_BLOCKED } from '../permissions/plan.service';
import type { SubscriptionResponseDto } from './dto/package.dto';
import { Package } from './package.entity';
import { PackagesService } from './packages.service';

const DAY_MS = 86_400_000;

/** Puts a company on a package; subscription_plan mirrors the package's code. */
export function assignPackage(company: Company, pkg: Package): void {
  company.package = pkg;
  company.subscription_plan = pkg.package_code;
}

/** The caller's company's subscription: what its package grants, its state, and choosing a package. */
@Injectable()
export class SubscriptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly packages: PackagesService,
  ) {}

  async current(ctx: AuthContext): Promise<SubscriptionResponseDto> {
    const companyId = this.companyOf(ctx);
    const company = await this.em.findOne(Company, { id: companyId }, { populate: ['package'], filters: false });
    if (!company) throw notFound('Company');
    const [plan, usage] = await Promise.all([this.plans.plan(companyId), this.packages.usage(companyId)]);
    const pkg = company.package;
    const state = plan?.state ?? 'active';
    const trialEndsAt = company.trial_ends_at ?? null;
    return {
      company_id: company.id,
      company_name: company.company_name,
      package: {
        id: pkg.id,
        package_code: pkg.package_code,
        package_name: pkg.package_name,
        monthly_price: pkg.monthly_price,
        annual_price: pkg.annual_price,
        max_employees: pkg.max_employees,
        max_admins: pkg.max_admins,
      },
      subscription_plan: company.subscription_plan,
      subscription_status: company.subscription_status,
      trial_ends_at: trialEndsAt,
      state,
      trial_days_left:
        state === 'trial' && trialEndsAt ? Math.max(0, Math.ceil((trialEndsAt.getTime() - Date.now()) / DAY_MS)) : null,
      write_blocked_reason: state === 'trial_ended' || state === 'suspended' || state === 'cancelled' ? WRITE_BLOCKED[state] : null,
      modules: [...(plan?.modules ?? [])],
      features: [...(plan?.features ?? [])].sort(),
      employees_count: usage.employees,
      admins_count: usage.admins,
    };
  }

  /**
   * The company subscribes to a package: the trial (if any) ends and a cancelled subscription is
   * active again. A suspension is lifted only by the platform.
   */
  async choose(ctx: AuthContext, packageId: number): Promise<SubscriptionResponseDto> {
    const companyId = this.companyOf(ctx);
    const company = await this.em.findOne(Company, { id: companyId }, { filters: false });
    if (!company) throw notFound('Company');
    if (company.subscription_status === 'suspended') throw forbidden(WRITE_BLOCKED.suspended);
    const pkg = await this.em.findOne(Package, { id: packageId, is_active: true });
    if (!pkg) throw badRequest('The selected package is not available', 'package_id');
    await this.packages.assertFits(company.id, pkg, pkg.package_name);
    assignPackage(company, pkg);
    company.subscription_status = 'active';
    company.trial_ends_at = null;
    await this.em.flush();
    this.plans.forget(company.id);
    return this.current(ctx);
  }

  private companyOf(ctx: AuthContext): number {
    if (ctx.companyId) return ctx.companyId;
    throw forbidden(
      ctx.role === 'superadmin' ? 'Impersonate a company to work with its data' : 'Your account is not linked to a company',
    );
  }
}
