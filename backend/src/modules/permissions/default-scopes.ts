import type { ModuleKey, PermissionAction, RecordScope } from '../../common/auth/auth-context';

type Flags = Partial<Record<`can_${PermissionAction}`, boolean>>;

/**
 * The scope an action of a matrix entry gets when none is sent: the meaning the same entry had
 * before rights carried a scope (Migration20261128180000 gave every existing entry the same), so a
 * client that sends only the flags keeps what it asked for. Payroll without create or edit is
 * one's own payslips, leave without edit one's own requests and balances, attendance records
 * one's own (attendance create, edit and delete reach the module's set-up: shifts, work
 * locations, assignments); everything else covers the company.
 */
export function defaultScope(module: ModuleKey, flags: Flags, action: PermissionAction): RecordScope {
  if (module === 'attendance') return action === 'view' ? 'own' : 'company';
  if (module === 'payroll' && !flags.can_create && !flags.can_edit) return 'own';
  if (module === 'leave' && !flags.can_edit) return 'own';
  return 'company';
}
