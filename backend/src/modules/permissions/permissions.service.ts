import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, ModuleKey, ModuleRights, PermissionAction } from '../../common/auth/auth-context';
import { PermissionModule } from './permission-module.entity';
import { PlanService } from './plan.service';

export type EffectivePermissions = Map<ModuleKey, ModuleRights>;

const ALL: ModuleRights = { view: true, create: true, edit: true, delete: true };

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
   * so a change takes effect on the user's next request.
   */
  async effective(ctx: AuthContext): Promise<EffectivePermissions> {
    const result: EffectivePermissions = new Map();
    if (!ctx.companyId) return result;
    const plan = await this.plans.moduleKeys(ctx.companyId);
    if (ctx.role === 'company_admin' || ctx.role === 'superadmin') {
      for (const key of plan) result.set(key, { ...ALL });
      return result;
    }
    if (!ctx.employeeId) return result;
    const rows: Array<{ module_key: ModuleKey; v: boolean; c: boolean; e: boolean; d: boolean }> =
      await this.em.execute(
        `select m.module_key, bool_or(pe.can_view) v, bool_or(pe.can_create) c, bool_or(pe.can_edit) e, bool_or(pe.can_delete) d
           from employees emp
           join permission_entries pe on pe.company_id = emp.company_id
                and (pe.position_id = emp.position_id or pe.department_id = emp.department_id)
           join modules m on m.id = pe.module_id
          where emp.id = ? and emp.company_id = ?
          group by m.module_key`,
        [ctx.employeeId, ctx.companyId],
      );
    for (const r of rows) {
      // view is the precondition of every other action
      if (!plan.has(r.module_key) || !r.v) continue;
      result.set(r.module_key, { view: true, create: !!r.c, edit: !!r.e, delete: !!r.d });
    }
    return result;
  }

  static allows(perms: EffectivePermissions, module: ModuleKey, action: PermissionAction): boolean {
    return !!perms.get(module)?.[action];
  }
}
