import { Migration } from '@mikro-orm/migrations';

export class Migration20261122090235 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "leave_policies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(100) not null, "description" text null, "carry_over_enabled" boolean not null default false, "max_carry_over_days" numeric(4,1) null, "expiry_months" int null, "pro_ration_enabled" boolean not null default false, "requires_doctor_note" boolean not null default false, "max_days_per_year" int null, "consecutive_days_limit" int null, "paid_leave_enabled" boolean not null default true, "maternity_weeks" int null, "paternity_weeks" int null);`);
    this.addSql(`create index "leave_policies_company_id_index" on "leave_policies" ("company_id");`);
    this.addSql(`alter table "leave_policies" add constraint "leave_policies_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(`create table "leave_types" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "type_name" varchar(100) not null, "type_code" varchar(20) not null, "description" text null, "max_days_per_year" int not null default 0, "is_paid" boolean not null default true, "requires_approval" boolean not null default true, "requires_attachment" boolean not null default false, "is_active" boolean not null default true, "policy_id" int null, constraint leave_types_max_days_check check (max_days_per_year >= 0));`);
    this.addSql(`create index "leave_types_company_id_index" on "leave_types" ("company_id");`);
    this.addSql(`create index "leave_types_policy_id_index" on "leave_types" ("policy_id");`);
    this.addSql(`create index "leave_types_company_id_is_active_index" on "leave_types" ("company_id", "is_active");`);
    this.addSql(`alter table "leave_types" add constraint "leave_types_company_id_type_code_unique" unique ("company_id", "type_code");`);

    this.addSql(`create table "holidays" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "holiday_date" date not null, "name" varchar(150) not null);`);
    this.addSql(`create index "holidays_company_id_index" on "holidays" ("company_id");`);
    this.addSql(`alter table "holidays" add constraint "holidays_company_id_holiday_date_unique" unique ("company_id", "holiday_date");`);

    this.addSql(`create table "leave_attachments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "file_name" varchar(255) not null, "content_type" varchar(100) not null, "size_bytes" int not null, "content" bytea not null, "employee_id" int null, "uploaded_by_id" int null);`);
    this.addSql(`create index "leave_attachments_company_id_index" on "leave_attachments" ("company_id");`);
    this.addSql(`create index "leave_attachments_employee_id_index" on "leave_attachments" ("employee_id");`);
    this.addSql(`create index "leave_attachments_uploaded_by_id_index" on "leave_attachments" ("uploaded_by_id");`);

    this.addSql(`create table "leave_requests" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "leave_type_id" int not null, "start_date" date not null, "end_date" date not null, "total_days" numeric(4,1) not null, "reason" text null, "status" varchar(20) not null default 'pending', "requested_at" timestamptz not null default now(), "attachment_id" int null, "requested_by_id" int null, "decided_by_id" int null, "decided_at" timestamptz null, "rejection_reason" text null, constraint leave_requests_total_days_check check (total_days >= 0.5 and mod(total_days, 0.5) = 0), constraint leave_requests_dates_check check (end_date >= start_date), constraint leave_requests_status_check check (status = 'pending' or status = 'approved' or status = 'rejected' or status = 'cancelled'));`);
    this.addSql(`create index "leave_requests_company_id_index" on "leave_requests" ("company_id");`);
    this.addSql(`create index "leave_requests_employee_id_index" on "leave_requests" ("employee_id");`);
    this.addSql(`create index "leave_requests_leave_type_id_index" on "leave_requests" ("leave_type_id");`);
    this.addSql(`create index "leave_requests_attachment_id_index" on "leave_requests" ("attachment_id");`);
    this.addSql(`create index "leave_requests_requested_by_id_index" on "leave_requests" ("requested_by_id");`);
    this.addSql(`create index "leave_requests_decided_by_id_index" on "leave_requests" ("decided_by_id");`);
    this.addSql(`create index "leave_requests_employee_id_start_date_index" on "leave_requests" ("employee_id", "start_date");`);
    this.addSql(`create index "leave_requests_company_id_requested_at_index" on "leave_requests" ("company_id", "requested_at");`);
    this.addSql(`create index "leave_requests_company_id_start_date_index" on "leave_requests" ("company_id", "start_date");`);
    this.addSql(`create index "leave_requests_company_id_status_index" on "leave_requests" ("company_id", "status");`);

    this.addSql(`alter table "leave_policies" add constraint "leave_policies_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "leave_types" add constraint "leave_types_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "leave_types" add constraint "leave_types_policy_id_foreign" foreign key ("policy_id") references "leave_policies" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "holidays" add constraint "holidays_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "leave_attachments" add constraint "leave_attachments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "leave_attachments" add constraint "leave_attachments_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "leave_attachments" add constraint "leave_attachments_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "leave_requests" add constraint "leave_requests_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "leave_requests" add constraint "leave_requests_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "leave_requests" add constraint "leave_requests_leave_type_id_foreign" foreign key ("leave_type_id") references "leave_types" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "leave_requests" add constraint "leave_requests_attachment_id_foreign" foreign key ("attachment_id") references "leave_attachments" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "leave_requests" add constraint "leave_requests_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "leave_requests" add constraint "leave_requests_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "leave_types" drop constraint "leave_types_policy_id_foreign";`);

    this.addSql(`alter table "leave_requests" drop constraint "leave_requests_leave_type_id_foreign";`);

    this.addSql(`alter table "leave_requests" drop constraint "leave_requests_attachment_id_foreign";`);

    this.addSql(`drop table if exists "leave_policies" cascade;`);

    this.addSql(`drop table if exists "leave_types" cascade;`);

    this.addSql(`drop table if exists "holidays" cascade;`);

    this.addSql(`drop table if exists "leave_attachments" cascade;`);

    this.addSql(`drop table if exists "leave_requests" cascade;`);

  }

}
