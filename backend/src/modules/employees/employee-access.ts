import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedRequest } from '../../common/auth/access.guard';
import type { AuthContext, ModuleKey, ModuleRights, PermissionAction, RecordScope } from '../../common/auth/auth-context';
import { forbidden } from '../../common/http/errors';
import { coversCompany, recordScope } from '../../common/auth/record-scope';
import { PermissionsService, widest, type EffectivePermissions, type EntryRow } from '../permissions/permissions.service';

/** The pay of an employee: read, sorted, exported and written only by those who see pay. */
export const PAY_FIELDS = ['salary', 'salary_currency', 'payment_frequency'] as const;
export type PayField = (typeof PAY_FIELDS)[number];
export const PAY_DESCRIPTION = 'Only for company admins and payroll staff (payroll create or edit)';

/**
 * Fields of one's own record that decide rights, pay or standing: nobody changes them on their
 * own record (a company admin or a colleague with the right does).
 */
export const OWN_LOCKED_FIELDS = [
  'department_id',
  'position_id',
  'manager_id',
  'employment_type',
  'employment_status',
  'hire_date',
  'termination_date',
  ...PAY_FIELDS,
] as const;
export const OWN_RECORD = 'You cannot change your own position, department, manager, dates, pay or status';
export const OWN_PAY = 'You cannot change your own pay';
export const OWN_DELETE = 'You cannot delete or terminate your own employee record';
export const SIGN_IN_EMAIL = 'Only a company admin can change the e-mail an employee signs in with';
export const payForbidden = (field: string) => forbidden(`Only company admins and payroll staff can change pay: ${field}`);

/** Who works on employee records, with which rights (from the access guard's request). */
export interface EmployeeAccess {
  ctx: AuthContext;
  /** company_admin or an impersonating superadmin: every right of the plan */
  admin: boolean;
  /** sees, sorts, filters, exports and changes pay: payroll staff (recordScope of payroll) */
  seesPay: boolean;
  rights: EffectivePermissions;
  /** whose employee records the list, the export and one employee's answer show (recordScope of employees view) */
  viewScope: RecordScope;
}

export function employeeAccess(req: AuthedRequest): EmployeeAccess {
  const ctx = req.auth!;
  const rights = req.permissions ?? new Map();
  const admin = ctx.role === 'company_admin' || ctx.role === 'superadmin';
  // payroll view alone is one's own payslips, not everyone's pay
  return { ctx, admin, seesPay: coversCompany(ctx, rights, 'payroll'), rights, viewScope: recordScope(ctx, rights, 'employees', 'view') };
}

/** Whose employee records the caller may change with `action` (recordScope of employees). */
export const employeeScope = (access: EmployeeAccess, action: PermissionAction): RecordScope =>
  recordScope(access.ctx, access.rights, 'employees', action);

const SCOPE_WORDS: Record<Exclude<RecordScope, 'company'>, string> = {
  own: 'your own employee record',
  team: 'the employees of your team',
  department: 'the employees of your department',
};

/** The refusal of a change to an employee outside the caller's scope of that action. */
export const outOfScope = (action: 'edit' | 'delete', scope: RecordScope) =>
  forbidden(`You can ${action === 'edit' ? 'change' : 'delete'} only ${SCOPE_WORDS[scope as Exclude<RecordScope, 'company'>] ?? 'the employees you cover'}`);
export const CREATE_COMPANY_ONLY = 'Only company admins and holders of employees create over the company can add employees';

/** New employees are added over the company: a narrower create scope would not say where a new record belongs. */
export function assertCreatesOverCompany(access: EmployeeAccess): void {
  if (!coversCompany(access.ctx, access.rights, 'employees', 'create')) throw forbidden(CREATE_COMPANY_ONLY);
}

/** The caller's EmployeeAccess (the route must carry @RequireModule). */
export const Access = createParamDecorator((_: unknown, context: ExecutionContext): EmployeeAccess => {
  return employeeAccess(context.switchToHttp().getRequest<AuthedRequest>());
});

const ACTIONS: PermissionAction[] = ['view', 'create', 'edit', 'delete'];

/**
 * 403 when an account in this position and department would have a right (within the company's
 * plan) the caller lacks: a non-admin does not make or move an account to more rights than
 * their own.
 */
export async function assertNoMoreRights(
  em: EntityManager,
  access: EmployeeAccess,
  plan: Set<ModuleKey>,
  positionId: number | null,
  departmentId: number | null,
): Promise<void> {
  if (access.admin || (positionId === null && departmentId === null)) return;
  const entries = await em.execute<Array<EntryRow & { module_key: ModuleKey; by: 'position' | 'department' }>>(
    `select m.module_key, case when pe.position_id is not null then 'position' else 'department' end as by,
            pe.can_view as v, pe.can_create as c, pe.can_edit as e, pe.can_delete as d,
            array_position(array['own','team','department','company'], pe.view_scope) as vs,
            array_position(array['own','team','department','company'], pe.create_scope) as cs,
            array_position(array['own','team','department','company'], pe.edit_scope) as es,
            array_position(array['own','team','department','company'], pe.delete_scope) as ds
       from permission_entries pe join modules m on m.id = pe.module_id
      where pe.company_id = ? and (pe.position_id = ? or pe.department_id = ?)
      order by pe.position_id is null, m.id`,
    [access.ctx.companyId, positionId ?? -1, departmentId ?? -1],
  );
  for (const entry of entries) {
    // view is the precondition of every other action, and a module outside the plan grants nothing
    const granted = PermissionsService.combine(plan, [entry]).get(entry.module_key);
    if (!granted) continue;
    const own: ModuleRights = access.rights.get(entry.module_key) ?? { view: false, create: false, edit: false, delete: false, scope: {} };
    const extra = ACTIONS.find((action) => granted[action] && !own[action]);
    if (extra) {
      throw forbidden(
        `You cannot give an account more rights than your own: this ${entry.by} grants ${extra} access to the ${entry.module_key.replace(/_/g, ' ')} module`,
      );
    }
    const wider = ACTIONS.find((action) => granted[action] && widest(own.scope[action], granted.scope[action]!) !== own.scope[action]);
    if (wider) {
      throw forbidden(
        `You cannot give an account more rights than your own: this ${entry.by} grants ${wider} access to the ${entry.module_key.replace(/_/g, ' ')} module over the ${granted.scope[wider]}`,
      );
    }
  }
}
