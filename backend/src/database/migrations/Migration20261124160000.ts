import { Migration } from '@mikro-orm/migrations';

/**
 * Employee list at company scale: the default order (code, then id) as an index-only scan, so a
 * page 200 deep reads 5,000 index entries instead of sorting the company; and the search as an
 * index lookup instead of a scan of the company's employees.
 *
 * The search: where the pg_trgm extension can be installed (PostgreSQL servers; not the embedded
 * database), a trigram index on the text a word of q must occur in. Row-level security keeps
 * PostgreSQL from using an index for a condition that is not leakproof (ILIKE is not) before the
 * policy's, so the lookup is a function that runs as the tables' owner and applies the policy's
 * own condition, the company of the transaction (app.company_id): it answers the ids of that
 * company's matching employees, and none without a company.
 */
export class Migration20261124160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "employees_company_id_employee_code_id_index" on "employees" ("company_id", "employee_code", "id");`);
    this.addSql(`do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    begin
      create extension if not exists pg_trgm;
    exception when insufficient_privilege then
      raise notice 'pg_trgm cannot be installed by this role: employee search scans instead';
    end;
  end if;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index if not exists "employees_search_trgm_index" on "employees"
      using gin ((first_name || ' ' || last_name || ' ' || employee_code || ' ' || email) gin_trgm_ops);
  end if;
end $$;`);
    // EXECUTE plans the lookup for the pattern given (a plan for any pattern would not use the
    // index); the planner's default cost of an operator undervalues matching a pattern against
    // every employee of a company, and would scan them rather than use the index
    this.addSql(`create function employee_search_ids(pattern text) returns setof int
  language plpgsql stable security definer set search_path = public set cpu_operator_cost = 0.05 rows 100 as $$
begin
  return query execute
    'select id from employees
      where company_id = nullif(current_setting(''app.company_id'', true), '''')::int
        and (first_name || '' '' || last_name || '' '' || employee_code || '' '' || email) ilike $1'
    using pattern;
end
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function employee_search_ids(text);`);
    this.addSql(`drop index if exists "employees_search_trgm_index";`);
    this.addSql(`drop index "employees_company_id_employee_code_id_index";`);
  }
}
