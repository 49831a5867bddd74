import { raw } from '@mikro-orm/core';
import type { EffectivePermissions } from '../../modules/permissions/permissions.service';
import type { AuthContext, ModuleKey, PermissionAction, RecordScope } from './auth-context';
import { ownRecordsOnly } from './self-service';

export type { RecordScope } from './auth-context';

/**
 * Whose employee records a request covers with `action` in `module`: the caller's own ('own'),
 * their team ('team': everyone who reports to them, directly or through others), their department
 * ('department') or the whole company ('company'). One function decides it for every module, from
 * the scope of the right in the permission matrix (or of the line-manager policy), and every place
 * that shows or changes other employees' records asks it: the module's lists and details, the
 * reports, their exports and scheduled sendings, the dashboard's cards, the pay columns of
 * Employees. A company admin and an impersonating superadmin cover the company; a request the
 * self-service policy let in covers its own records only, whatever else it holds.
 */
export function recordScope(
  ctx: Pick<AuthContext, 'role' | 'selfService'>,
  rights: EffectivePermissions | undefined,
  module: ModuleKey,
  action: PermissionAction = 'view',
): RecordScope {
  if (ownRecordsOnly(ctx)) return 'own';
  if (ctx.role === 'company_admin' || ctx.role === 'superadmin') return 'company';
  const r = rights?.get(module);
  if (!r || !(r[action] || r.lineManager?.includes(action))) return 'own';
  return r.scope[action] ?? 'own';
}

/** Whether the request covers every employee's records of the company in `module`. */
export const coversCompany = (
  ctx: Pick<AuthContext, 'role' | 'selfService'>,
  rights: EffectivePermissions | undefined,
  module: ModuleKey,
  action: PermissionAction = 'view',
): boolean => recordScope(ctx, rights, module, action) === 'company';

/** A condition in SQL with its parameters. */
export interface ScopeCondition {
  sql: string;
  params: unknown[];
}

/**
 * The SQL condition that an employee id (`column`) lies within `scope` of the caller; null for the
 * company, which the tenant filter (and row-level security) already bounds. The team is read by
 * employee_team() over the indexed manager_id; the department is the caller's own.
 */
export function scopeCondition(
  ctx: Pick<AuthContext, 'companyId' | 'employeeId'>,
  scope: RecordScope,
  column: string,
  options: ScopeOptions = {},
): ScopeCondition | null {
  const me = ctx.employeeId ?? -1;
  const condition = scopeOf(ctx, scope, column);
  if (!condition || !options.withOwn || scope === 'own') return condition;
  return { sql: `(${column} = ? or ${condition.sql})`, params: [me, ...condition.params] };
}

/**
 * withOwn: the caller's own records as well (a manager's team is the people who report to them;
 * their own requests and days sit beside the team's in the same lists).
 */
export interface ScopeOptions {
  withOwn?: boolean;
}

function scopeOf(ctx: Pick<AuthContext, 'companyId' | 'employeeId'>, scope: RecordScope, column: string): ScopeCondition | null {
  const me = ctx.employeeId ?? -1;
  switch (scope) {
    case 'company':
      return null;
    case 'own':
      return { sql: `${column} = ?`, params: [me] };
    case 'team':
      return { sql: `${column} in (select employee_team(?, ?))`, params: [ctx.companyId, me] };
    case 'department':
      return {
        sql: `${column} in (select d.id from employees d join employees me on me.department_id = d.department_id and me.company_id = d.company_id where me.id = ? and d.company_id = ?)`,
        params: [me, ctx.companyId],
      };
  }
}

/**
 * The same condition as a MikroORM filter on an entity's employee column (`column`, the database
 * column of the root entity, e.g. 'employee_id' or 'id'): {} for the company.
 */
export function scopeFilter(
  ctx: Pick<AuthContext, 'companyId' | 'employeeId'>,
  scope: RecordScope,
  column: string,
  options: ScopeOptions = {},
): Record<string, unknown> {
  const condition = scopeCondition(ctx, scope, '??', options);
  if (!condition) return {};
  return { [raw((alias: string) => condition.sql.replaceAll('??', `${alias}.${column}`), condition.params)]: [] };
}

/** Whether employee `employeeId` lies within `scope` of the caller (one query, none for own and company). */
export async function inScope(
  em: { execute: (sql: string, params: unknown[]) => Promise<unknown[]> },
  ctx: Pick<AuthContext, 'companyId' | 'employeeId'>,
  scope: RecordScope,
  employeeId: number,
): Promise<boolean> {
  if (scope === 'company') return true;
  if (scope === 'own') return !!ctx.employeeId && employeeId === ctx.employeeId;
  const condition = scopeCondition(ctx, scope, '?')!;
  const rows = await em.execute(`select 1 as ok where ${condition.sql}`, [employeeId, ...condition.params]);
  return rows.length > 0;
}
