import { Migration } from '@mikro-orm/migrations';

/**
 * The getting-started checklist of the company dashboard, hidden by a company admin: one row per
 * user and company (an impersonating superadmin hides it for that company only). A company's
 * table like the others: row-level security confines the application role to the company of
 * the transaction.
 */
export class Migration20261128170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "getting_started_dismissals" ("id" serial primary key, "company_id" int not null, "user_id" int not null, "dismissed_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "getting_started_dismissals" add constraint "getting_started_dismissals_company_id_user_id_unique" unique ("company_id", "user_id");`,
    );
    this.addSql(`create index "getting_started_dismissals_user_id_index" on "getting_started_dismissals" ("user_id");`);
    this.addSql(
      `alter table "getting_started_dismissals" add constraint "getting_started_dismissals_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "getting_started_dismissals" add constraint "getting_started_dismissals_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    // the application role of row-level security (database/row-level-security.ts) may not exist yet on a new database
    this.addSql(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = 'hr_app') then
        create role hr_app nologin nosuperuser nobypassrls;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$;`);
    this.addSql(`grant select, insert, update, delete on "getting_started_dismissals" to hr_app;`);
    this.addSql(`grant usage, select on sequence "getting_started_dismissals_id_seq" to hr_app;`);
    this.addSql(`alter table "getting_started_dismissals" enable row level security;`);
    this.addSql(`alter table "getting_started_dismissals" force row level security;`);
    this.addSql(
      `create policy tenant_isolation on "getting_started_dismissals" to hr_app using (company_id = nullif(current_setting('app.company_id', true), '')::int) with check (company_id = nullif(current_setting('app.company_id', true), '')::int);`,
    );
    this.addSql(`create policy owner_all on "getting_started_dismissals" to current_user using (true) with check (true);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "getting_started_dismissals" cascade;`);
  }
}
