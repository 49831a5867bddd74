import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/errors';
import { AuditService } from '../audit/audit.service';
import { Company } from '../companies/company.entity';
import { PlanService, WRITE_BLOCKED } from '../permissions/plan.service';
import type { SubscriptionResponseDto } from './dto/package.dto';
import { User } from '../users/user.entity';
import { Package } from './package.entity';
import { PackagesService } from './packages.service';
import { PlanChangeRequest, type BillingCycle } from './plan-change-request.entity';
import { assignPackage, PlanRequestsService } from './plan-requests.service';

const DAY_MS = 86_400_000;

export { assignPackage } from './plan-requests.service';

/** The caller's company's subscription: what its package grants, its state, and choosing a package. */
@Injectable()
export class SubscriptionService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly packages: PackagesService,
    private readonly requests: PlanRequestsService,
    private readonly audit: AuditService,
  ) {}

  async current(ctx: AuthContext): Promise<SubscriptionResponseDto> {
    const companyId = this.companyOf(ctx);
    const company = await this.em.findOne(Company, { id: companyId }, { populate: ['package'], filters: false });
    if (!company) throw notFound('Company');
    const [plan, usage, pending] = await Promise.all([
      this.plans.plan(companyId),
      this.packages.usage(companyId),
      this.requests.pendingOf(companyId),
    ]);
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
      pending_request: pending,
    };
  }

  /**
   * The company chooses a package. Until billing exists a paid package is a request the platform
   * approves (PlanRequestsService): the company stays on its plan meanwhile, and a newer choice
   * replaces a pending request. A package that costs nothing for the chosen billing cycle applies
   * at once: the trial (if any) ends and a cancelled subscription is active again. A suspension
   * is lifted only by the platform.
   */
  async choose(
    ctx: AuthContext,
    packageId: number,
    cycle: BillingCycle = 'monthly',
    ip?: string,
  ): Promise<{ subscription: SubscriptionResponseDto; message: string }> {
    const companyId = this.companyOf(ctx);
    const message = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      // the company's row lock serializes its choices: at most one request is pending
      const company = await tx.findOne(Company, { id: companyId }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!company) throw notFound('Company');
      if (company.subscription_status === 'suspended') throw forbidden(WRITE_BLOCKED.suspended);
      const pkg = await tx.findOne(Package, { id: packageId, is_active: true });
      if (!pkg) throw badRequest('The selected package is not available', 'package_id');
      const state = PlanService.stateOf(company.subscription_status, company.trial_ends_at ?? null);
      if (state === 'active' && company.package.id === pkg.id) {
        throw conflict(`Your company is already on the ${pkg.package_name} package`, 'package_id');
      }
      await this.packages.assertFits(company.id, pkg, pkg.package_name);
      await this.requests.replacePending(tx, company.id, ctx.userId);
      if (Number(cycle === 'annual' ? pkg.annual_price : pkg.monthly_price) === 0) {
        assignPackage(company, pkg);
        company.subscription_status = 'active';
        company.trial_ends_at = null;
        await tx.flush();
        return 'Subscription updated successfully';
      }
      const request = tx.create(PlanChangeRequest, {
        company,
        package: pkg,
        billing_cycle: cycle,
        requested_by: tx.getReference(User, ctx.userId),
      });
      await tx.flush();
      await this.audit.record({
        userId: ctx.userId,
        companyId: company.id,
        action: 'subscription.requested',
        method: 'POST',
        path: '/api/packages/subscription',
        statusCode: 200,
        ip: ip ?? null,
        details: { request_id: request.id, package: pkg.package_code, billing_cycle: cycle },
      });
      return `Your request for the ${pkg.package_name} package was sent; a platform administrator will confirm it.`;
    });
    this.plans.forget(companyId);
    return { subscription: await this.current(ctx), message };
  }

  private companyOf(ctx: AuthContext): number {
    if (ctx.companyId) return ctx.companyId;
    throw forbidden(
      ctx.role === 'superadmin' ? 'Impersonate a company to work with its data' : 'Your account is not linked to a company',
    );
  }
}
