import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, PermissionAction } from '../../common/auth/auth-context';
import { inScope, recordScope, scopeCondition, scopeFilter, type RecordScope, type ScopeCondition } from '../../common/auth/record-scope';
import { ownRecordsOnly } from '../../common/auth/self-service';
import { PermissionsService, type EffectivePermissions } from '../permissions/permissions.service';

type Viewer = Pick<AuthContext, 'companyId' | 'employeeId'>;

/**
 * Whose leave a request covers (recordScope of module leave): view, the requests, attachments and
 * balances one sees; edit, the requests one decides; create, the people one requests leave for.
 * One's own leave is always seen. A company admin and an impersonating superadmin cover the
 * company, a line manager their team, a holder of a matrix right its scope; a request the
 * self-service policy let in covers one's own only.
 */
@Injectable()
export class LeaveAccess {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly em: EntityManager,
  ) {}

  /** `rights`: the request's, as the access guard read them; read here when not at hand (the dashboard's cards). */
  async scope(ctx: AuthContext, action: PermissionAction, rights?: EffectivePermissions): Promise<RecordScope> {
    // the rights are read only when the role and the self-service mark do not decide it
    if (ownRecordsOnly(ctx) || ctx.role === 'company_admin' || ctx.role === 'superadmin') return recordScope(ctx, undefined, 'leave', action);
    return recordScope(ctx, rights ?? (await this.permissions.effective(ctx)), 'leave', action);
  }

  /** Whether the leave of employee `employeeId` is the caller's own or within `scope`. */
  async covers(ctx: Viewer, scope: RecordScope, employeeId: number): Promise<boolean> {
    return (!!ctx.employeeId && employeeId === ctx.employeeId) || inScope(this.em, ctx, scope, employeeId);
  }
}

/** The condition on a column of employee ids (`column`): the caller's own and those within `scope`; null for the company. */
export function seenEmployees(ctx: Viewer, scope: RecordScope, column: string): ScopeCondition | null {
  return scopeCondition(ctx, scope, column, { withOwn: true });
}

/** The same as a filter on the leave requests (their employee_id); {} for the company. */
export function seenRequests(ctx: Viewer, scope: RecordScope): Record<string, unknown> {
  return scopeFilter(ctx, scope, 'employee_id', { withOwn: true });
}
