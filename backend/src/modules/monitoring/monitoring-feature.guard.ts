import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { forbidden } from '../../common/http/errors';
import { PlanService } from '../permissions/plan.service';

export const MONITORING_FEATURE = 'monitoring';
export const FEATURE_NOT_INCLUDED = 'Your package does not include Operational Monitoring';

/**
 * The `monitoring` feature of the company's package gates this API on top of module hr (which
 * the kpi feature grants too). Runs after the global access guard, so the company is known.
 */
@Injectable()
export class MonitoringFeatureGuard implements CanActivate {
  constructor(private readonly plans: PlanService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const companyId = context.switchToHttp().getRequest<AuthedRequest>().auth?.companyId;
    if (!companyId || !(await this.plans.hasFeature(companyId, MONITORING_FEATURE))) throw forbidden(FEATURE_NOT_INCLUDED);
    return true;
  }
}

export const RequireMonitoringFeature = () =>
  applyDecorators(UseGuards(MonitoringFeatureGuard), ApiExtension('x-feature', MONITORING_FEATURE));
