import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, ModuleKey, ModuleRights, PermissionAction } from '../../common/auth/auth-context';
import { SELF_SERVICE_RIGHTS, SELF_SERVICE_STATUSES } from '../../common/auth/self-service';
import { PermissionModule } from './permission-module.entity';
import { PlanService } from './plan.service';

export type EffectivePermissions = Map<ModuleKey, ModuleRights>;

const ALL: ModuleRights = { view: true, create: true, edit: true, delete: true };

/** One module's flags: the union over the employee's position's and department's entries. */
export interface EntryRow {
  module_key: ModuleKey;
  v: boolean;
  c: boolean;
  e: boolean;
  d: boolean;
}

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
      const current = rights.get(module) ?? { view: false, create: false, edit: false, delete: false };
      const missing = actions.filter((a) => !current[a]);
      if (!missing.length) continue;
      rights.set(module, { ...current, ...Object.fromEntries(missing.map((a) => [a, true])) });
      added.add(module);
    }
    return { rights, selfService: added };
  }

  /**
   * The effective permissions from the plan's modules and the employee's entries (null: an
   * admin, who has every plan module). View is the precondition of every other action.
   */
  static combine(plan: Set<ModuleKey>, entries: EntryRow[] | null): EffectivePermissions {
    const result: EffectivePermissions = new Map();
    if (!entries) {
      for (const key of plan) result.set(key, { ...ALL });
      return result;
    }
    for (const r of entries) {
      if (!plan.has(r.module_key) || !r.v) continue;
      result.set(r.module_key, { view: true, create: !!r.c, edit: !!r.e, delete: !!r.d });
    }
    return result;
  }

  static allows(perms: EffectivePermissions, module: ModuleKey, action: PermissionAction): boolean {
    return !!perms.get(module)?.[action];
  }
}
