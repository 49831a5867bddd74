import { Migration } from '@mikro-orm/migrations';

/**
 * Scope on every right, and line managers.
 *
 * - permission_entries gains a scope per action (own, team, department, company): whose employee
 *   records the granted action covers. Existing entries keep the meaning they had, when each
 *   module decided it from the actions held: payroll without create or edit was one's own
 *   payslips, leave without edit one's own requests and balances, attendance records were one's
 *   own for anyone but an admin (attendance create, edit and delete of a non-admin only ever
 *   reached shifts, work locations and assignments, the module's set-up, which scope does not
 *   narrow); every other module's rights covered the company.
 * - companies.line_managers_enabled: the line-manager policy (on by default), which gives every
 *   employee with reports rights on the team.
 * - employee_permission_entries() answers each module's widest scope per action, and a row
 *   {"line_manager": true} when the policy applies to the employee (someone reports to them).
 * - employee_team(): the people who report to an employee, directly or through others, read by
 *   a recursive query over the indexed manager_id (a manager cannot be someone who reports to
 *   the employee, so the chain always ends).
 */
/** Gives every existing entry the scopes its module's rule gave it (read by the scope migration test too). */
export const LEGACY_SCOPES = `update permission_entries pe
    set view_scope = 'own',
        create_scope = case when m.module_key = 'attendance' then 'company' else 'own' end,
        edit_scope = case when m.module_key = 'attendance' then 'company' else 'own' end,
        delete_scope = case when m.module_key = 'attendance' then 'company' else 'own' end
   from modules m
  where m.id = pe.module_id
    and (m.module_key = 'attendance'
         or (m.module_key = 'payroll' and not (pe.can_create or pe.can_edit))
         or (m.module_key = 'leave' and not pe.can_edit))`;

export class Migration20261128180000 extends Migration {
  override async up(): Promise<void> {
    for (const action of ['view', 'create', 'edit', 'delete']) {
      this.addSql(`alter table "permission_entries" add column "${action}_scope" text not null default 'company';`);
      this.addSql(
        `alter table "permission_entries" add constraint "permission_entries_${action}_scope_check" check ("${action}_scope" in ('own', 'team', 'department', 'company'));`,
      );
    }
    this.addSql(LEGACY_SCOPES);
    this.addSql(`alter table "companies" add column "line_managers_enabled" boolean not null default true;`);

    this.addSql(`create function employee_team(p_company_id int, p_manager_id int) returns setof int
  language sql stable as $$
  with recursive team(id) as (
    select e.id from employees e where e.company_id = p_company_id and e.manager_id = p_manager_id
    union
    select e.id from employees e join team t on e.manager_id = t.id where e.company_id = p_company_id)
  select id from team
$$;`);
    this.addSql(`create or replace function employee_permission_entries(p_employee_id int, p_company_id int) returns json
  language plpgsql stable as $$
begin
  return (select coalesce(json_agg(x), '[]'::json) from (
            select m.module_key, bool_or(pe.can_view) v, bool_or(pe.can_create) c, bool_or(pe.can_edit) e, bool_or(pe.can_delete) d,
                   max(case when pe.can_view then array_position(array['own','team','department','company'], pe.view_scope) end) vs,
                   max(case when pe.can_create then array_position(array['own','team','department','company'], pe.create_scope) end) cs,
                   max(case when pe.can_edit then array_position(array['own','team','department','company'], pe.edit_scope) end) es,
                   max(case when pe.can_delete then array_position(array['own','team','department','company'], pe.delete_scope) end) ds
              from employees emp
              join permission_entries pe on pe.company_id = emp.company_id
                   and (pe.position_id = emp.position_id or pe.department_id = emp.department_id)
              join modules m on m.id = pe.module_id
             where emp.id = p_employee_id and emp.company_id = p_company_id
             group by m.module_key
            union all
            select null, null, null, null, null, null, null, null, null
             where exists (select 1 from companies c where c.id = p_company_id and c.line_managers_enabled)
               and exists (select 1 from employees r where r.manager_id = p_employee_id and r.company_id = p_company_id)) x);
end
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function employee_permission_entries(p_employee_id int, p_company_id int) returns json
  language plpgsql stable as $$
begin
  return (select coalesce(json_agg(x), '[]'::json) from (
            select m.module_key, bool_or(pe.can_view) v, bool_or(pe.can_create) c, bool_or(pe.can_edit) e, bool_or(pe.can_delete) d
              from employees emp
              join permission_entries pe on pe.company_id = emp.company_id
                   and (pe.position_id = emp.position_id or pe.department_id = emp.department_id)
              join modules m on m.id = pe.module_id
             where emp.id = p_employee_id and emp.company_id = p_company_id
             group by m.module_key) x);
end
$$;`);
    this.addSql(`drop function employee_team(int, int);`);
    this.addSql(`alter table "companies" drop column "line_managers_enabled";`);
    for (const action of ['view', 'create', 'edit', 'delete']) this.addSql(`alter table "permission_entries" drop column "${action}_scope";`);
  }
}
