import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiForbiddenResponse } from '@nestjs/swagger';
import type { AuthContext, ModuleKey, PermissionAction } from './auth-context';

export const SELF_SERVICE = 'access:self-service';

/**
 * What the company's self-service policy (on by default, Settings → Permissions) gives every
 * active employee with a login on their own records, whatever their position's and department's
 * matrix says; the plan still has to include the module.
 */
export const SELF_SERVICE_RIGHTS: Readonly<Partial<Record<ModuleKey, readonly PermissionAction[]>>> = {
  attendance: ['view', 'create'],
  leave: ['view', 'create'],
  payroll: ['view'],
  // the tasks assigned to the employee (My Tasks)
  monitoring: ['view'],
  // KPI results: the targets, values and bonus payments whose subject is the employee
  kpi: ['view'],
};

export const SELF_SERVICE_OFF = 'Self-service is turned off for your company: ask your administrator for access';

/** Employment statuses that keep self-service (a suspended or terminated employee has none). */
export const SELF_SERVICE_STATUSES = ['active', 'on_leave'] as const;

/**
 * The route works on the caller's own records for a caller without the matrix right: the access
 * guard lets an employee in under the company's self-service policy (SELF_SERVICE_RIGHTS), and the
 * request's AuthContext then says `selfService`, which the services read through ownRecordsOnly.
 */
export const SelfService = () =>
  applyDecorators(
    SetMetadata(SELF_SERVICE, true),
    ApiExtension('x-self-service', true),
    ApiForbiddenResponse({ description: `Without the module right and with self-service off: '${SELF_SERVICE_OFF}'` }),
  );

/** Whether the self-service policy gives this action on this module. */
export const selfServiceGives = (module: ModuleKey, action: PermissionAction): boolean =>
  !!SELF_SERVICE_RIGHTS[module]?.includes(action);

/**
 * The one check services make: a request admitted by the self-service policy works on the
 * caller's own employee record only, never as a manager, payroll staff or admin.
 */
export const ownRecordsOnly = (ctx: Pick<AuthContext, 'selfService'>): boolean => ctx.selfService === true;

/** Whether a row about `employeeId` is out of reach of this request (a self-service request, someone else's row). */
export const notOwnRecord = (ctx: Pick<AuthContext, 'selfService' | 'employeeId'>, employeeId: number | null | undefined): boolean =>
  ownRecordsOnly(ctx) && (!ctx.employeeId || employeeId !== ctx.employeeId);
