import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-in throttling that holds under concurrency, and sessions whose end ends their access tokens:
 *
 * - login_throttles: per account (`account:<email>`) and per address (`ip:<address>`), the times of
 *   the attempts still in the window. An attempt is claimed by one INSERT … ON CONFLICT DO UPDATE
 *   whose WHERE refuses it once the window is full, before the password is verified: the row
 *   lock makes concurrent attempts take their turn, so no more than the limit are ever judged.
 *
 * - request_user_context(user, company, session): the access guard's one call per request now
 *   also says whether the token's session (its refresh-token family) is still open, so logout,
 *   a reused refresh token and the end of an impersonation end that session's access tokens on
 *   their next request. The partial index finds a family's open token in one probe.
 */
export class Migration20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "login_throttles" (
  "key" varchar(330) not null primary key,
  "attempts" timestamptz[] not null default '{}',
  "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "login_throttles_updated_at_index" on "login_throttles" ("updated_at");`);
    this.addSql(`create index "refresh_tokens_open_family_index" on "refresh_tokens" ("family_id") where "revoked_at" is null;`);
    this.addSql(`drop function request_user_context(int, int);`);
    this.addSql(`create function request_user_context(p_user_id int, p_company_id int, p_session_id uuid) returns json
  language plpgsql stable set plan_cache_mode = force_generic_plan as $$
begin
  return (
    select row_to_json(r) from (
      select u.id, u.role, u.company_id, u.employee_id, u.is_active, u.session_version, c.id as plan_company_id,
             p.id as package_id, p.package_code, p.package_name, p.max_employees, p.max_admins,
             c.subscription_status, c.trial_ends_at, package_feature_codes(p.id) as feature_codes,
             case when u.role in ('employee', 'client') and u.employee_id is not null
                  then employee_permission_entries(u.employee_id, c.id) end as entry_rows,
             exists (select 1 from refresh_tokens t
                      where t.family_id = p_session_id and t.revoked_at is null and t.user_id = u.id) as session_open
        from users u
        left join companies c on c.id = (case when u.role = 'superadmin' then p_company_id else u.company_id end)
        left join packages p on p.id = c.package_id
       where u.id = p_user_id) r);
end
$$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function request_user_context(int, int, uuid);`);
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
    this.addSql(`drop index "refresh_tokens_open_family_index";`);
    this.addSql(`drop table "login_throttles";`);
  }
}
