import { Migration } from '@mikro-orm/migrations';

/**
 * Plan-change requests: a company asks for a paid package and the platform approves or rejects
 * it; at most one is pending per company.
 */
export class Migration20261125120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "plan_change_requests" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "package_id" int not null, "billing_cycle" text check ("billing_cycle" in ('monthly', 'annual')) not null default 'monthly', "requested_by_id" int null, "status" text check ("status" in ('pending', 'approved', 'rejected', 'cancelled')) not null default 'pending', "decided_by_id" int null, "decided_at" timestamptz null, "note" text null);`);
    this.addSql(`create index "plan_change_requests_company_id_index" on "plan_change_requests" ("company_id");`);
    this.addSql(`create index "plan_change_requests_package_id_index" on "plan_change_requests" ("package_id");`);
    this.addSql(`create index "plan_change_requests_status_index" on "plan_change_requests" ("status");`);
    this.addSql(`create unique index "plan_change_requests_one_pending" on "plan_change_requests" ("company_id") where "status" = 'pending';`);

    this.addSql(`alter table "plan_change_requests" add constraint "plan_change_requests_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "plan_change_requests" add constraint "plan_change_requests_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "plan_change_requests" add constraint "plan_change_requests_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "plan_change_requests" add constraint "plan_change_requests_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "plan_change_requests" cascade;`);
  }

}
