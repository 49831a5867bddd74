import type { Role } from '../../modules/users/user.entity';

/** Who is asking, for which company: built once per request by the access guard. */
export interface AuthContext {
  userId: number;
  role: Role;
  /** The company whose data the request works on; for a superadmin only while impersonating. */
  companyId: number | null;
  employeeId: number | null;
  /** The superadmin's id while impersonating. */
  impersonatorId: number | null;
  /** The session (refresh-token family) of the request's access token. */
  sessionId?: string | null;
  /**
   * The request was let in by the company's self-service policy, not by the permission matrix:
   * it works on the caller's own employee record only (self-service.ts, ownRecordsOnly).
   */
  selfService?: boolean;
}

export type PermissionAction = 'view' | 'create' | 'edit' | 'delete';
export type ModuleKey =
  | 'employees'
  | 'departments'
  | 'positions'
  | 'attendance'
  | 'leave'
  | 'payroll'
  | 'reports'
  | 'settings'
  | 'monitoring'
  | 'kpi';

/**
 * Whose records a granted action covers: the employee's own, their team (everyone who reports to
 * them, directly or through others), their department, or the whole company.
 */
export const RECORD_SCOPES = ['own', 'team', 'department', 'company'] as const;
export type RecordScope = (typeof RECORD_SCOPES)[number];
export const PERMISSION_ACTIONS: readonly PermissionAction[] = ['view', 'create', 'edit', 'delete'];

export interface ModuleRights {
  /** granted by the permission matrix (a position's or department's entry) */
  view: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
  /** per granted action, whose records it covers (the widest of the entries and policies that grant it) */
  scope: Partial<Record<PermissionAction, RecordScope>>;
  /**
   * actions that only the line-manager policy gives (on the team): they let in the routes that
   * work on employee records within the caller's scope (@ScopedRecords), not a module's set-up
   */
  lineManager?: PermissionAction[];
}

/** The access token's claims. */
export interface TokenClaims {
  sub: number;
  role: Role;
  /** impersonated company id (superadmin only) */
  cid?: number;
  /** the user's session_version when the token was issued; a token of an older version is refused */
  sv?: number;
  /** the session (refresh-token family); a token of an ended session is refused */
  sid?: string;
}
