import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { forbidden } from '../../common/http/errors';
import { PlanService } from '../permissions/plan.service';

export const KPI_FEATURE = 'kpi';
export const KPI_FEATURE_NOT_INCLUDED = 'Your package does not include KPI & Bonus';

/**
 * The `kpi` feature of the company's package gates this API on top of module hr (which the
 * monitoring feature grants too). Runs after the global access guard, so the company is known.
 */
@Injectable()
export class KpiFeatureGuard implements CanActivate {
  constructor(private readonly plans: PlanService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const companyId = context.switchToHttp().getRequest<AuthedRequest>().auth?.companyId;
    if (!companyId || !(await this.plans.hasFeature(companyId, KPI_FEATURE))) throw forbidden(KPI_FEATURE_NOT_INCLUDED);
    return true;
  }
}

export const RequireKpiFeature = () => applyDecorators(UseGuards(KpiFeatureGuard), ApiExtension('x-feature', KPI_FEATURE));
