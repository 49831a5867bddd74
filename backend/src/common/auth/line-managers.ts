import type { ModuleKey, PermissionAction } from './auth-context';

/**
 * What the company's line-manager policy (on by default, Settings → Permissions) gives every
 * employee whom others report to, on the team (everyone who reports to them, directly or through
 * others): the team's profiles without pay, attendance, leave requests and balances, tasks and KPI
 * results, and deciding the team's leave requests. It lets in only the routes that work on
 * employee records within the caller's scope (@ScopedRecords), never a module's set-up; the
 * permission matrix can widen any of it per position or department.
 */
export const LINE_MANAGER_RIGHTS: Readonly<Partial<Record<ModuleKey, readonly PermissionAction[]>>> = {
  employees: ['view'],
  attendance: ['view'],
  leave: ['view', 'edit'],
  monitoring: ['view'],
  kpi: ['view'],
};
