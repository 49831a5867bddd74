import { Migration } from '@mikro-orm/migrations';

export class Migration20261122090301 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "attendance_job_runs" ("id" serial primary key, "job" varchar(40) not null, "company_id" int not null, "run_date" date not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "attendance_job_runs_company_id_index" on "attendance_job_runs" ("company_id");`);
    this.addSql(`alter table "attendance_job_runs" add constraint "attendance_job_runs_job_company_id_run_date_unique" unique ("job", "company_id", "run_date");`);

    this.addSql(`create table "attendance_devices" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "device_id" varchar(128) not null, "device_type" varchar(10) not null, "user_agent" varchar(500) null, "last_seen_at" timestamptz not null default now(), constraint attendance_devices_device_type_check check (device_type = 'mobile' or device_type = 'desktop'));`);
    this.addSql(`create index "attendance_devices_company_id_index" on "attendance_devices" ("company_id");`);
    this.addSql(`alter table "attendance_devices" add constraint "attendance_devices_employee_id_device_id_unique" unique ("employee_id", "device_id");`);

    this.addSql(`create table "shifts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "shift_name" varchar(100) not null, "shift_code" varchar(50) not null, "start_time" time(0) not null, "end_time" time(0) not null, "break_duration" int not null default 0, "grace_period" int not null default 15, "is_active" boolean not null default true, "description" text null);`);
    this.addSql(`create index "shifts_company_id_index" on "shifts" ("company_id");`);
    this.addSql(`create index "shifts_company_id_is_active_index" on "shifts" ("company_id", "is_active");`);
    this.addSql(`alter table "shifts" add constraint "shifts_company_id_shift_code_unique" unique ("company_id", "shift_code");`);

    this.addSql(`create table "work_locations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "location_name" varchar(200) not null, "address" text null, "latitude" numeric(9,6) not null, "longitude" numeric(9,6) not null, "radius" int not null default 100, "is_active" boolean not null default true);`);
    this.addSql(`create index "work_locations_company_id_index" on "work_locations" ("company_id");`);
    this.addSql(`create index "work_locations_company_id_is_active_index" on "work_locations" ("company_id", "is_active");`);

    this.addSql(`create table "shift_assignments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "shift_id" int not null, "location_id" int null, "start_date" date not null, "end_date" date null, "is_active" boolean not null default true);`);
    this.addSql(`create index "shift_assignments_company_id_index" on "shift_assignments" ("company_id");`);
    this.addSql(`create index "shift_assignments_shift_id_index" on "shift_assignments" ("shift_id");`);
    this.addSql(`create index "shift_assignments_location_id_index" on "shift_assignments" ("location_id");`);
    this.addSql(`create index "shift_assignments_employee_id_is_active_start_date_index" on "shift_assignments" ("employee_id", "is_active", "start_date");`);
    this.addSql(`create index "shift_assignments_company_id_start_date_index" on "shift_assignments" ("company_id", "start_date");`);

    this.addSql(`create table "attendance_records" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "attendance_date" date not null, "check_in_time" timestamptz null, "check_out_time" timestamptz null, "work_hours" numeric(5,2) null, "status" varchar(10) not null, "check_in_location" varchar(255) null, "check_out_location" varchar(255) null, "check_in_latitude" numeric(9,6) null, "check_in_longitude" numeric(9,6) null, "check_in_accuracy" numeric(8,2) null, "check_in_distance" numeric(10,2) null, "check_out_latitude" numeric(9,6) null, "check_out_longitude" numeric(9,6) null, "check_out_accuracy" numeric(8,2) null, "check_in_ip" varchar(64) null, "check_out_ip" varchar(64) null, "device_id" varchar(128) null, "work_location_id" int null, "shift_id" int null, "is_offline" boolean not null default false, "check_out_offline" boolean not null default false, "auto_checked_out" boolean not null default false, "notes" text null, "corrected_by_id" int null, "corrected_at" timestamptz null, constraint attendance_records_status_check check (status = 'present' or status = 'late' or status = 'absent' or status = 'leave'));`);
    this.addSql(`create index "attendance_records_company_id_index" on "attendance_records" ("company_id");`);
    this.addSql(`create index "attendance_records_work_location_id_index" on "attendance_records" ("work_location_id");`);
    this.addSql(`create index "attendance_records_shift_id_index" on "attendance_records" ("shift_id");`);
    this.addSql(`create index "attendance_records_open_index" on "attendance_records" ("attendance_date") where "check_in_time" is not null and "check_out_time" is null;`);
    this.addSql(`create index "attendance_records_company_id_attendance_date_status_index" on "attendance_records" ("company_id", "attendance_date", "status");`);
    this.addSql(`alter table "attendance_records" add constraint "attendance_records_employee_id_attendance_date_unique" unique ("employee_id", "attendance_date");`);

    this.addSql(`alter table "attendance_job_runs" add constraint "attendance_job_runs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "attendance_devices" add constraint "attendance_devices_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "attendance_devices" add constraint "attendance_devices_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "shifts" add constraint "shifts_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "work_locations" add constraint "work_locations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "shift_assignments" add constraint "shift_assignments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "shift_assignments" add constraint "shift_assignments_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "shift_assignments" add constraint "shift_assignments_shift_id_foreign" foreign key ("shift_id") references "shifts" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "shift_assignments" add constraint "shift_assignments_location_id_foreign" foreign key ("location_id") references "work_locations" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "attendance_records" add constraint "attendance_records_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "attendance_records" add constraint "attendance_records_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "attendance_records" add constraint "attendance_records_work_location_id_foreign" foreign key ("work_location_id") references "work_locations" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "attendance_records" add constraint "attendance_records_shift_id_foreign" foreign key ("shift_id") references "shifts" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "attendance_records" add constraint "attendance_records_corrected_by_id_foreign" foreign key ("corrected_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "shift_assignments" drop constraint "shift_assignments_shift_id_foreign";`);

    this.addSql(`alter table "attendance_records" drop constraint "attendance_records_shift_id_foreign";`);

    this.addSql(`alter table "shift_assignments" drop constraint "shift_assignments_location_id_foreign";`);

    this.addSql(`alter table "attendance_records" drop constraint "attendance_records_work_location_id_foreign";`);

    this.addSql(`drop table if exists "attendance_job_runs" cascade;`);

    this.addSql(`drop table if exists "attendance_devices" cascade;`);

    this.addSql(`drop table if exists "shifts" cascade;`);

    this.addSql(`drop table if exists "work_locations" cascade;`);

    this.addSql(`drop table if exists "shift_assignments" cascade;`);

    this.addSql(`drop table if exists "attendance_records" cascade;`);
  }

}
