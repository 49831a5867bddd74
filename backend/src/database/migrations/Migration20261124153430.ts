import { Migration } from '@mikro-orm/migrations';

export class Migration20261124153430 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notifications" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "user_id" int not null, "topic" text check ("topic" in ('leave_requests', 'payroll_updates')) not null, "subject" varchar(200) not null, "body" text not null, "status" text check ("status" in ('pending', 'sending', 'sent', 'failed')) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "sent_at" timestamptz null, "last_error" text null);`);
    this.addSql(`create index "notifications_company_id_index" on "notifications" ("company_id");`);
    this.addSql(`create index "notifications_user_id_index" on "notifications" ("user_id");`);
    this.addSql(`create index "notifications_due" on "notifications" ("next_attempt_at", "id") where "status" in ('pending', 'sending');`);

    this.addSql(`alter table "notifications" add constraint "notifications_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "notifications" add constraint "notifications_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notifications" cascade;`);
  }

}
