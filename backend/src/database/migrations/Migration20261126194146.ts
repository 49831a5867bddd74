import { Migration } from '@mikro-orm/migrations';

/**
 * Reports: scheduled reports (report_subscriptions), files attached to notifications (the
 * report sent), the notification topic `reports`, and the index the corrections report reads.
 */
export class Migration20261126194146 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "report_subscriptions" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "report_id" varchar(50) not null, "frequency" text check ("frequency" in ('weekly', 'monthly')) not null, "format" text check ("format" in ('csv', 'xlsx', 'pdf')) not null, "recipients" jsonb not null, "group_by" varchar(30) null, "department_id" int null, "position_id" int null, "location_id" int null, "is_active" boolean not null default true, "next_run_at" timestamptz not null, "last_sent_at" timestamptz null, "last_error" text null, "created_by_id" int null);`);
    this.addSql(`create index "report_subscriptions_company_id_index" on "report_subscriptions" ("company_id");`);
    this.addSql(`create index "report_subscriptions_department_id_index" on "report_subscriptions" ("department_id");`);
    this.addSql(`create index "report_subscriptions_position_id_index" on "report_subscriptions" ("position_id");`);
    this.addSql(`create index "report_subscriptions_location_id_index" on "report_subscriptions" ("location_id");`);
    this.addSql(`create index "report_subscriptions_created_by_id_index" on "report_subscriptions" ("created_by_id");`);
    this.addSql(`create index "report_subscriptions_due" on "report_subscriptions" ("next_run_at") where "is_active";`);
    this.addSql(`alter table "report_subscriptions" add constraint "report_subscriptions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "report_subscriptions" add constraint "report_subscriptions_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "report_subscriptions" add constraint "report_subscriptions_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "report_subscriptions" add constraint "report_subscriptions_location_id_foreign" foreign key ("location_id") references "work_locations" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "report_subscriptions" add constraint "report_subscriptions_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_topic_check";`);
    this.addSql(`alter table "notifications" add column "attachment_name" varchar(200) null, add column "attachment_type" varchar(100) null, add column "attachment" bytea null;`);
    this.addSql(`alter table "notifications" add constraint "notifications_topic_check" check("topic" in ('leave_requests', 'payroll_updates', 'billing', 'reports'));`);
    this.addSql(`create index "attendance_records_corrected" on "attendance_records" ("company_id", "corrected_at") where "corrected_at" is not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "attendance_records_corrected";`);
    this.addSql(`drop table if exists "report_subscriptions" cascade;`);
    this.addSql(`alter table "notifications" drop constraint if exists "notifications_topic_check";`);
    this.addSql(`delete from "notifications" where "topic" = 'reports';`);
    this.addSql(`alter table "notifications" drop column "attachment_name", drop column "attachment_type", drop column "attachment";`);
    this.addSql(`alter table "notifications" add constraint "notifications_topic_check" check("topic" in ('leave_requests', 'payroll_updates', 'billing'));`);
  }
}
