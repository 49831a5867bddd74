import { Migration } from '@mikro-orm/migrations';

/**
 * Two costs every request paid in PostgreSQL's planner and executor:
 *
 * - request_user_context(user, company): the access guard's read of the user, the plan of the
 *   company the request works on and the employee's permission entries, as PL/pgSQL functions
 *   whose plans are kept per connection instead of planned on every request (planning was most
 *   of the statement's time). package_feature_codes and employee_permission_entries are what the
 *   permissions module reads outside the guard too.
 *
 * - employee_list_versions: a number per company that changes with every statement that writes
 *   its employees (statement triggers, from a sequence so a rolled-back write never reuses one).
 *   The employee list reads it with its page and counts the matching employees again only when
 *   it differs from the number its remembered total was counted at: the total stays exact
 *   without counting thousands of rows per page.
 */
export class Migration20261124200000 extends Migration {
  override async up(): Promise<void> {
    // PL/pgSQL keeps each of these functions' plans for the connection; the permissions module
    // calls the first two as well, so the SQL is written once
    this.addSql(`create function package_feature_codes(p_package_id int) returns text[]
  language plpgsql stable as $$
begin
  return (select array_remove(array_agg(f.feature_code::text), null)
            from package_features pf join features f on f.id = pf.feature_id and f.is_active
           where pf.package_id = p_package_id and pf.is_included);
end
$$;`);
    this.addSql(`create function employee_permission_entries(p_employee_id int, p_company_id int) returns json
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
    this.addSql(`create function request_user_context(p_user_id int, p_company_id int) returns json
  language plpgsql stable set plan_cache_mode = force_generic_plan as $$
begin
  return (
    select row_to_json(r) from (
      select u.id, u.role, u.company_id, u.employee_id, u.is_active, u.session_version, c.id as plan_company_id,
             p.id as package_id, p.package_code, p.package_name, p.max_employees, p.max_admins,
             c.subscription_status, c.trial_ends_at, package_feature_codes(p.id) as feature_codes,
             case when u.role in ('employee', 'client') and u.employee_id is not null
                  then employee_permission_entries(u.employee_id, c.id) end as entry_rows
        from users u
        left join companies c on c.id = (case when u.role = 'superadmin' then p_company_id else u.company_id end)
        left join packages p on p.id = c.package_id
       where u.id = p_user_id) r);
end
$$;`);

    this.addSql(`create sequence employee_list_version_seq;`);
    this.addSql(`create table "employee_list_versions" (
  "company_id" int not null primary key references "companies" ("id") on update cascade on delete cascade,
  "version" bigint not null);`);
    this.addSql(`create function employee_list_changed() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  -- (a company being deleted takes its employees with it and needs no number)
  if tg_op = 'DELETE' then
    insert into employee_list_versions (company_id, version)
      select s.company_id, nextval('employee_list_version_seq')
        from (select distinct company_id from old_rows) s
       where exists (select 1 from companies c where c.id = s.company_id)
      on conflict (company_id) do update set version = excluded.version;
  else
    insert into employee_list_versions (company_id, version)
      select s.company_id, nextval('employee_list_version_seq')
        from (select distinct company_id from new_rows) s
       where exists (select 1 from companies c where c.id = s.company_id)
      on conflict (company_id) do update set version = excluded.version;
  end if;
  return null;
end
$$;`);
    this.addSql(`create trigger employees_list_changed_on_insert after insert on "employees"
  referencing new table as new_rows for each statement execute function employee_list_changed();`);
    this.addSql(`create trigger employees_list_changed_on_update after update on "employees"
  referencing new table as new_rows for each statement execute function employee_list_changed();`);
    this.addSql(`create trigger employees_list_changed_on_delete after delete on "employees"
  referencing old table as old_rows for each statement execute function employee_list_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger employees_list_changed_on_delete on "employees";`);
    this.addSql(`drop trigger employees_list_changed_on_update on "employees";`);
    this.addSql(`drop trigger employees_list_changed_on_insert on "employees";`);
    this.addSql(`drop function employee_list_changed();`);
    this.addSql(`drop table "employee_list_versions";`);
    this.addSql(`drop sequence employee_list_version_seq;`);
    this.addSql(`drop function request_user_context(int, int);`);
    this.addSql(`drop function employee_permission_entries(int, int);`);
    this.addSql(`drop function package_feature_codes(int);`);
  }
}
