import { Migration } from '@mikro-orm/migrations';

/**
 * Employee CSV imports and their progress (employee_imports): one running import per company,
 * held by a partial unique index.
 */
export class Migration20261128040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "employee_imports" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "status" text check ("status" in ('running', 'done', 'failed')) not null, "total_rows" int not null default 0, "processed_rows" int not null default 0, "imported" int null, "message" text null, "finished_at" timestamptz null);`,
    );
    this.addSql(`create index "employee_imports_company_id_index" on "employee_imports" ("company_id");`);
    this.addSql(`create unique index "employee_imports_one_running" on "employee_imports" ("company_id") where "status" = 'running';`);
    this.addSql(
      `alter table "employee_imports" add constraint "employee_imports_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "employee_imports" cascade;`);
  }
}
