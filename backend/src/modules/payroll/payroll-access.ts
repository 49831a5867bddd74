import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { forbidden } from '../../common/http/errors';
import { coversCompany } from '../../common/auth/record-scope';

/**
 * Who sees which payroll records. Payroll staff (company_admin, an impersonating superadmin, or
 * a user whose position or department grants create or edit on payroll: recordScope) see every
 * record of the company; everyone else sees only their own (hr.md: My Payroll), as does a request
 * the self-service policy let in.
 */
export interface PayrollAccess {
  companyId: number;
  userId: number;
  employeeId: number | null;
  staff: boolean;
}

export function payrollAccess(req: AuthedRequest): PayrollAccess {
  const auth = req.auth!;
  return {
    companyId: auth.companyId!,
    userId: auth.userId,
    employeeId: auth.employeeId,
    staff: coversCompany(auth, req.permissions, 'payroll'),
  };
}

/** The caller's PayrollAccess (the route must carry @RequireModule('payroll', ...)). */
export const Access = createParamDecorator((_: unknown, ctx: ExecutionContext): PayrollAccess => {
  return payrollAccess(ctx.switchToHttp().getRequest<AuthedRequest>());
});

/** Same, for routes only payroll staff may use. */
export const StaffAccess = createParamDecorator((_: unknown, ctx: ExecutionContext): PayrollAccess => {
  const access = payrollAccess(ctx.switchToHttp().getRequest<AuthedRequest>());
  if (!access.staff) throw forbidden('Only payroll staff can do this');
  return access;
});
