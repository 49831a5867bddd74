import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, ModuleKey, ModuleRights, PermissionAction } from '../../common/auth/auth-context';
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
