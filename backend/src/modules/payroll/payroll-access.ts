import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from '../../common/auth/access.guard';
import type { PermissionAction, RecordScope } from '../../common/auth/auth-context';
import { forbidden } from '../../common/http/errors';
import { coversCompany, recordScope } from '../../common/auth/record-scope';

/**
 * Who sees which payroll records: those of the employees within the caller's scope of payroll
 * view (recordScope). Payroll staff (company_admin, an impersonating superadmin, or a user whose
 * position or department grants payroll over the company, as create or edit does by default) see
 * every record of the company; a grant of payroll view over the team or the department sees
 * those employees' records; everyone else sees only their own (hr.md: My Payroll), as does a
 * request the self-service policy let in.
 */
export interface PayrollAccess {
  companyId: number;
  userId: number;
  employeeId: number | null;
  /** whose records the reads cover */
  scope: RecordScope;
  /** the reads cover the company: the payroll staff's screens (runs, the company's figures) */
  staff: boolean;
}

export const STAFF_ONLY = 'Only payroll staff can do this';

export function payrollAccess(req: AuthedRequest): PayrollAccess {
  const auth = req.auth!;
  const scope = recordScope(auth, req.permissions, 'payroll', 'view');
  return {
    companyId: auth.companyId!,
    userId: auth.userId,
    employeeId: auth.employeeId,
    scope,
    staff: scope === 'company',
  };
}

/** The caller's PayrollAccess (the route must carry @RequireModule('payroll', ...)). */
export const Access = createParamDecorator((_: unknown, ctx: ExecutionContext): PayrollAccess => {
  return payrollAccess(ctx.switchToHttp().getRequest<AuthedRequest>());
});

/** Same, for routes only payroll staff may use. */
export const StaffAccess = createParamDecorator((_: unknown, ctx: ExecutionContext): PayrollAccess => {
  const access = payrollAccess(ctx.switchToHttp().getRequest<AuthedRequest>());
  if (!access.staff) throw forbidden(STAFF_ONLY);
  return access;
});

/**
 * Same, for a route that works on the whole company's payroll with `action` (processing it,
 * setting its payment status): the action must cover the company, whatever the reads cover.
 */
export const CompanyPayroll = createParamDecorator((action: PermissionAction, ctx: ExecutionContext): PayrollAccess => {
  const req = ctx.switchToHttp().getRequest<AuthedRequest>();
  if (!coversCompany(req.auth!, req.permissions, 'payroll', action)) throw forbidden(STAFF_ONLY);
  return payrollAccess(req);
});
