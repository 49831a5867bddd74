import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthedRequest } from '../../common/auth/access.guard';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { recordScope, scopeCondition } from '../../common/auth/record-scope';

/**
 * Whose KPI results the request shows, by their subject employee: recordScope of kpi view (the
 * route must carry @RequireModule, which sets the request's permissions).
 */
export const KpiScope = createParamDecorator((_: unknown, context: ExecutionContext): RecordScope => {
  const req = context.switchToHttp().getRequest<AuthedRequest>();
  return recordScope(req.auth!, req.permissions, 'kpi', 'view');
});

/** Whose KPI results a read covers, in words (the routes' descriptions). */
export const KPI_SCOPE =
  'Company admins and holders of KPI & Bonus view over the company see every result; others the results about one employee within their scope: ' +
  'their department, their team (everyone who reports to them, directly or through others: the line-manager policy gives this) or themselves.';

/**
 * The condition on a row's subject (`alias`.employee_id, with its type column) for `scope`: null
 * for the company; otherwise only rows about one employee within the scope, as a department's or a
 * position's results are about people outside it too.
 */
export function subjectScope(
  ctx: Pick<AuthContext, 'companyId' | 'employeeId'>,
  scope: RecordScope,
  typeColumn: string | null,
  employeeColumn: string,
): { sql: string; params: unknown[] } | null {
  const condition = scopeCondition(ctx, scope, employeeColumn);
  if (!condition) return null;
  return { sql: typeColumn ? `${typeColumn} = 'employee' and ${condition.sql}` : condition.sql, params: condition.params };
}
