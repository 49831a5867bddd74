import type { EffectivePermissions } from '../../modules/permissions/permissions.service';
import type { AuthContext, ModuleKey, ModuleRights } from './auth-context';
import { ownRecordsOnly } from './self-service';

/**
 * The employee records a request covers in a module: only the caller's own ('own'), or every
 * employee's of the company ('company'). One function decides it for every module, and every
 * place that shows other employees' records asks it: the module's own lists, the reports, their
 * exports and scheduled sendings, the dashboard's cards, the pay columns of Employees. (A later
 * scope, a team or a department, is one more value here.)
 */
export type RecordScope = 'own' | 'company';

interface StaffRule {
  /** whether these rights of a user who is not a company admin cover every employee's records */
  covers(rights: ModuleRights | undefined): boolean;
  /** who covers them, in words ("Only payroll staff can …") */
  who: string;
}

/**
 * Who is staff of each module, i.e. sees other employees' records in it. A company admin and an
 * impersonating superadmin always are; for anyone else:
 * - payroll: create or edit on payroll (payroll staff); view alone is one's own payslips
 * - leave: edit on leave (leave managers); view alone is one's own requests and balances
 * - attendance: nobody else; the attendance list shows everyone's records to admins only
 * - kpi (KPI & Bonus): view on kpi; without it the self-service policy gives one's own results
 * - monitoring: view on monitoring (the task screen itself is the admins'; My Tasks is one's own)
 * - employees (and the headcount figures) and the modules that hold no employee's records: view
 */
const STAFF: Record<ModuleKey, StaffRule> = {
  payroll: { covers: (r) => !!r?.create || !!r?.edit, who: 'company admins and payroll staff' },
  leave: { covers: (r) => !!r?.edit, who: 'company admins and leave managers' },
  attendance: { covers: () => false, who: 'company admins' },
  kpi: { covers: (r) => !!r?.view, who: 'company admins and holders of KPI & Bonus view' },
  monitoring: { covers: (r) => !!r?.view, who: 'company admins and holders of Operational Monitoring view' },
  employees: { covers: (r) => !!r?.view, who: 'company admins and holders of employees view' },
  departments: { covers: (r) => !!r?.view, who: 'company admins and holders of departments view' },
  positions: { covers: (r) => !!r?.view, who: 'company admins and holders of positions view' },
  reports: { covers: (r) => !!r?.view, who: 'company admins and holders of reports view' },
  settings: { covers: (r) => !!r?.view, who: 'company admins and holders of settings view' },
};

/**
 * The scope of records this request covers in `module`. `rights`: the request's effective
 * permissions (the access guard's req.permissions); a request the self-service policy let in
 * covers its own records only, whatever else it holds.
 */
export function recordScope(ctx: Pick<AuthContext, 'role' | 'selfService'>, rights: EffectivePermissions | undefined, module: ModuleKey): RecordScope {
  if (ownRecordsOnly(ctx)) return 'own';
  if (ctx.role === 'company_admin' || ctx.role === 'superadmin') return 'company';
  return STAFF[module].covers(rights?.get(module)) ? 'company' : 'own';
}

/** Whether the request sees other employees' records in `module` (its scope is wider than its own). */
export const seesOthers = (ctx: Pick<AuthContext, 'role' | 'selfService'>, rights: EffectivePermissions | undefined, module: ModuleKey): boolean =>
  recordScope(ctx, rights, module) !== 'own';

/** Who sees other employees' records in `module`, in words: "company admins and payroll staff". */
export const recordStaff = (module: ModuleKey): string => STAFF[module].who;
