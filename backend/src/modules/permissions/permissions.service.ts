import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PERMISSION_ACTIONS, RECORD_SCOPES, type AuthContext, type ModuleKey, type ModuleRights, type PermissionAction, type RecordScope } from '../../common/auth/auth-context';
import { LINE_MANAGER_RIGHTS } from '../../common/auth/line-managers';
import { SELF_SERVICE_RIGHTS, SELF_SERVICE_STATUSES } from '../../common/auth/self-service';
import { PermissionModule } from './permission-module.entity';
import { PlanService } from './plan.service';

export type EffectivePermissions = Map<ModuleKey, ModuleRights>;

const ALL_COMPANY = (): ModuleRights => ({
  view: true,
  create: true,
  edit: true,
  delete: true,
  scope: { view: 'company', create: 'company', edit: 'company', delete: 'company' },
});

/**
 * One module's flags: the union over the employee's position's and department's entries, with
 * each action's widest scope as a rank (1 own … 4 company; RECORD_SCOPES). A row whose module_key
 * is null says the line-manager policy applies to the employee (someone reports to them).
 */
export interface EntryRow {
  module_key: ModuleKey | null;
  v: boolean;
  c: boolean;
  e: boolean;
  d: boolean;
  vs?: number | null;
  cs?: number | null;
  es?: number | null;
  ds?: number | null;
}

const RANK_FIELD: Record<PermissionAction, 'vs' | 'cs' | 'es' | 'ds'> = { view: 'vs', create: 'cs', edit: 'es', delete: 'ds' };
const rank = (scope: RecordScope): number => RECORD_SCOPES.indexOf(scope);
/** The wider of two scopes. */
export const widest = (a: RecordScope | undefined, b: RecordScope): RecordScope => (a && rank(a) >= rank(b) ? a : b);

@Injectable()
export class PermissionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
  ) {}

  async modules(): Promise<PermissionModule[]> {
    return this.em.find(PermissionModule, {}, { orderBy: { sort_order: 'ASC' } });
  }

  /**
   * The company's plan modules ∩ (company_admin and impersonating superadmin: all;
   * others: the union of their position's and department's entries). Computed per request,
   * so a change takes effect on the user's next request; `entriesRead`: the entries when this
   * request has read them already.
   */
  async effective(ctx: AuthContext, entriesRead?: EntryRow[]): Promise<EffectivePermissions> {
    if (!ctx.companyId) return new Map();
    const plan = await this.plans.moduleKeys(ctx.companyId);
    if (ctx.role === 'company_admin' || ctx.role === 'superadmin') return PermissionsService.combine(plan, null);
    if (!ctx.employeeId) return new Map();
    if (entriesRead) return PermissionsService.combine(plan, entriesRead);
    // the entries as a JSON array of EntryRow (Migration20261124200000; the guard reads them too)
    const [row] = await this.em.execute<Array<{ rows: EntryRow[] }>>('select employee_permission_entries(?, ?) as rows', [
      ctx.employeeId,
      ctx.companyId,
    ]);
    return PermissionsService.combine(plan, row.rows);
  }

  /**
   * Whether the company's self-service policy is on and the caller may use it: a user of the
   * company (not company_admin, not a superadmin) linked to an employee record that is active or
   * on leave. One query, only when a request needs it.
   */
  async selfService(ctx: AuthContext): Promise<{ enabled: boolean; eligible: boolean }> {
    if (!ctx.companyId || !ctx.employeeId || ctx.role === 'company_admin' || ctx.role === 'superadmin') {
      return { enabled: false, eligible: false };
    }
    const [row] = await this.em.execute<Array<{ enabled: boolean; status: string | null }>>(
      `select c.self_service_enabled as enabled, e.employment_status as status
         from companies c left join employees e on e.id = ? and e.company_id = c.id where c.id = ?`,
      [ctx.employeeId, ctx.companyId],
    );
    return {
      enabled: !!row?.enabled,
      eligible: !!row?.status && (SELF_SERVICE_STATUSES as readonly string[]).includes(row.status),
    };
  }

  /**
   * The effective permissions with what the self-service policy adds (for the console's menu:
   * GET /permissions/user/permissions), and the modules where the policy added something.
   * The guard does not use this: the policy lets in only the routes marked @SelfService.
   */
  async effectiveWithSelfService(ctx: AuthContext): Promise<{ rights: EffectivePermissions; selfService: Set<ModuleKey> }> {
    const rights = await this.effective(ctx);
    const added = new Set<ModuleKey>();
    const policy = await this.selfService(ctx);
    if (!policy.enabled || !policy.eligible) return { rights, selfService: added };
    const plan = await this.plans.moduleKeys(ctx.companyId!);
    for (const [module, actions] of Object.entries(SELF_SERVICE_RIGHTS) as Array<[ModuleKey, PermissionAction[]]>) {
      if (!plan.has(module)) continue;
      const current = rights.get(module) ?? { view: false, create: false, edit: false, delete: false, scope: {} };
      const missing = actions.filter((a) => !current[a]);
      if (!missing.length) continue;
      const scope = { ...current.scope };
      for (const a of missing) scope[a] = widest(scope[a], 'own');
      rights.set(module, { ...current, ...Object.fromEntries(missing.map((a) => [a, true])), scope });
      added.add(module);
    }
    return { rights, selfService: added };
  }

  /**
   * The effective permissions from the plan's modules and the employee's entries (null: an
   * admin, who has every plan module over the company). View is the precondition of every other
   * action. The line-manager policy adds its rights on the team, where the matrix gives less.
   */
  static combine(plan: Set<ModuleKey>, entries: EntryRow[] | null): EffectivePermissions {
    const result: EffectivePermissions = new Map();
    if (!entries) {
      for (const key of plan) result.set(key, ALL_COMPANY());
      return result;
    }
    let lineManager = false;
    for (const r of entries) {
      if (r.module_key === null) lineManager = true;
      if (r.module_key === null || !plan.has(r.module_key) || !r.v) continue;
      const rights: ModuleRights = { view: true, create: !!r.c, edit: !!r.e, delete: !!r.d, scope: {} };
      for (const action of PERMISSION_ACTIONS) {
        // an entry saved before scopes existed covers what it covered then (the migration set each)
        if (rights[action]) rights.scope[action] = RECORD_SCOPES[(r[RANK_FIELD[action]] ?? 4) - 1] ?? 'company';
      }
      result.set(r.module_key, rights);
    }
    if (lineManager) PermissionsService.addLineManager(plan, result);
    return result;
  }

  /** The line-manager policy's rights on the team, each where the matrix gives no wider scope. */
  private static addLineManager(plan: Set<ModuleKey>, result: EffectivePermissions): void {
    for (const [module, actions] of Object.entries(LINE_MANAGER_RIGHTS) as Array<[ModuleKey, PermissionAction[]]>) {
      if (!plan.has(module)) continue;
      const rights = result.get(module) ?? { view: false, create: false, edit: false, delete: false, scope: {} };
      for (const action of actions) {
        rights.scope[action] = widest(rights.scope[action], 'team');
        if (!rights[action]) rights.lineManager = [...(rights.lineManager ?? []), action];
      }
      result.set(module, rights);
    }
  }

  /**
   * Whether the rights let in a route needing `action` on `module`: a matrix right always; a right
   * only the line-manager policy gives, on a route that works on records within the caller's scope.
   */
  static allows(perms: EffectivePermissions, module: ModuleKey, action: PermissionAction, scopedRecords = false): boolean {
    const rights = perms.get(module);
    return !!rights?.[action] || (scopedRecords && !!rights?.lineManager?.includes(action));
  }
}
