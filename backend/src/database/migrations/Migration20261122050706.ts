import { Migration } from '@mikro-orm/migrations';

export class Migration20261122050706 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "companies" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_name" varchar(200) not null, "company_code" varchar(50) not null, "industry" varchar(100) null, "email" varchar(255) null, "phone" varchar(50) null, "address" text null, "website" varchar(255) null, "subscription_plan" text check ("subscription_plan" in ('basic', 'standard', 'premium', 'enterprise')) not null default 'basic', "subscription_status" text check ("subscription_status" in ('active', 'suspended', 'cancelled')) not null default 'active', "time_zone" varchar(64) not null default 'UTC', "trial_ends_at" timestamptz null);`);
    this.addSql(`alter table "companies" add constraint "companies_company_code_unique" unique ("company_code");`);
    this.addSql(`create index "companies_subscription_status_index" on "companies" ("subscription_status");`);

    this.addSql(`create table "modules" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "module_key" varchar(50) not null, "module_name" varchar(100) not null, "description" text null, "sort_order" int not null default 0);`);
    this.addSql(`alter table "modules" add constraint "modules_module_key_unique" unique ("module_key");`);

    this.addSql(`create table "positions" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "position_code" varchar(50) not null, "position_title" varchar(200) not null, "department_id" int null, "level" text check ("level" in ('junior', 'mid', 'senior', 'executive')) not null default 'mid', "min_salary" numeric(14,2) null, "max_salary" numeric(14,2) null, "description" text null);`);
    this.addSql(`create index "positions_company_id_index" on "positions" ("company_id");`);
    this.addSql(`create index "positions_department_id_index" on "positions" ("department_id");`);
    this.addSql(`alter table "positions" add constraint "positions_company_id_position_code_unique" unique ("company_id", "position_code");`);

    this.addSql(`create table "employees" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_code" varchar(50) not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "middle_name" varchar(100) null, "email" varchar(255) not null, "phone" varchar(50) null, "date_of_birth" date null, "gender" text check ("gender" in ('male', 'female', 'other')) null, "address" text null, "city" varchar(100) null, "state" varchar(100) null, "country" varchar(100) null, "postal_code" varchar(20) null, "department_id" int null, "position_id" int null, "manager_id" int null, "employment_type" text check ("employment_type" in ('full_time', 'part_time', 'contract', 'intern')) not null default 'full_time', "employment_status" text check ("employment_status" in ('active', 'on_leave', 'suspended', 'terminated')) not null default 'active', "hire_date" date null, "salary" numeric(14,2) null, "salary_currency" varchar(3) not null default 'USD', "payment_frequency" text check ("payment_frequency" in ('monthly', 'semi_monthly', 'biweekly', 'weekly')) not null default 'monthly', "emergency_contact_name" varchar(200) null, "emergency_contact_phone" varchar(50) null, "emergency_contact_relationship" varchar(100) null);`);
    this.addSql(`create index "employees_company_id_index" on "employees" ("company_id");`);
    this.addSql(`create index "employees_department_id_index" on "employees" ("department_id");`);
    this.addSql(`create index "employees_position_id_index" on "employees" ("position_id");`);
    this.addSql(`create index "employees_manager_id_index" on "employees" ("manager_id");`);
    this.addSql(`create index "employees_company_id_employment_status_index" on "employees" ("company_id", "employment_status");`);
    this.addSql(`alter table "employees" add constraint "employees_company_id_employee_code_unique" unique ("company_id", "employee_code");`);

    this.addSql(`create table "departments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "department_code" varchar(50) not null, "department_name" varchar(200) not null, "description" text null, "manager_id" int null, "is_active" boolean not null default true);`);
    this.addSql(`create index "departments_company_id_index" on "departments" ("company_id");`);
    this.addSql(`create index "departments_manager_id_index" on "departments" ("manager_id");`);
    this.addSql(`alter table "departments" add constraint "departments_company_id_department_code_unique" unique ("company_id", "department_code");`);

    this.addSql(`create table "permission_entries" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "module_id" int not null, "position_id" int null, "department_id" int null, "can_view" boolean not null default false, "can_create" boolean not null default false, "can_edit" boolean not null default false, "can_delete" boolean not null default false, constraint permission_entries_one_subject check ((position_id is null) <> (department_id is null)));`);
    this.addSql(`create index "permission_entries_company_id_index" on "permission_entries" ("company_id");`);
    this.addSql(`create index "permission_entries_position_id_index" on "permission_entries" ("position_id");`);
    this.addSql(`create index "permission_entries_department_id_index" on "permission_entries" ("department_id");`);
    this.addSql(`alter table "permission_entries" add constraint "permission_entries_company_id_department_id_module_id_unique" unique ("company_id", "department_id", "module_id");`);
    this.addSql(`alter table "permission_entries" add constraint "permission_entries_company_id_position_id_module_id_unique" unique ("company_id", "position_id", "module_id");`);

    this.addSql(`create table "users" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "username" varchar(50) not null, "email" varchar(255) not null, "password_hash" varchar(255) not null, "role" text check ("role" in ('superadmin', 'company_admin', 'client', 'employee')) not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "company_id" int null, "employee_id" int null, "is_active" boolean not null default true, "last_login_at" timestamptz null);`);
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_company_id_index" on "users" ("company_id");`);
    this.addSql(`alter table "users" add constraint "users_employee_id_unique" unique ("employee_id");`);

    this.addSql(`create table "refresh_tokens" ("id" uuid not null, "user_id" int not null, "family_id" uuid not null, "token_hash" varchar(64) not null, "impersonated_company_id" int null, "expires_at" timestamptz not null, "rotated_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null default now(), constraint "refresh_tokens_pkey" primary key ("id"));`);
    this.addSql(`create index "refresh_tokens_user_id_index" on "refresh_tokens" ("user_id");`);
    this.addSql(`create index "refresh_tokens_family_id_index" on "refresh_tokens" ("family_id");`);

    this.addSql(`alter table "positions" add constraint "positions_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "positions" add constraint "positions_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete restrict;`);

    this.addSql(`alter table "employees" add constraint "employees_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "employees" add constraint "employees_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "employees" add constraint "employees_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete restrict;`);
    this.addSql(`alter table "employees" add constraint "employees_manager_id_foreign" foreign key ("manager_id") references "employees" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "departments" add constraint "departments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "departments" add constraint "departments_manager_id_foreign" foreign key ("manager_id") references "employees" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "permission_entries" add constraint "permission_entries_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "permission_entries" add constraint "permission_entries_module_id_foreign" foreign key ("module_id") references "modules" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "permission_entries" add constraint "permission_entries_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "permission_entries" add constraint "permission_entries_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add constraint "users_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "users" add constraint "users_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "refresh_tokens" add constraint "refresh_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    // the modules whose use is granted by permission entries and plans
    this.addSql(`insert into "modules" ("module_key", "module_name", "description", "sort_order") values
      ('employees', 'Employees', 'Employee directory and records', 1),
      ('departments', 'Departments', 'Departments and their managers', 2),
      ('positions', 'Positions', 'Positions, levels and salary ranges', 3),
      ('attendance', 'Attendance', 'Check-in, check-out and attendance history', 4),
      ('leave', 'Leave Management', 'Leave types, requests and balances', 5),
      ('payroll', 'Payroll', 'Payroll runs and payslips', 6),
      ('reports', 'Reports', 'Reports and exports', 7),
      ('settings', 'Settings', 'Company settings', 8),
      ('hr', 'HR Operations', 'Operational monitoring and KPI & bonus', 9);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "positions" drop constraint "positions_company_id_foreign";`);

    this.addSql(`alter table "employees" drop constraint "employees_company_id_foreign";`);

    this.addSql(`alter table "departments" drop constraint "departments_company_id_foreign";`);

    this.addSql(`alter table "permission_entries" drop constraint "permission_entries_company_id_foreign";`);

    this.addSql(`alter table "users" drop constraint "users_company_id_foreign";`);

    this.addSql(`alter table "permission_entries" drop constraint "permission_entries_module_id_foreign";`);

    this.addSql(`alter table "employees" drop constraint "employees_position_id_foreign";`);

    this.addSql(`alter table "permission_entries" drop constraint "permission_entries_position_id_foreign";`);

    this.addSql(`alter table "employees" drop constraint "employees_manager_id_foreign";`);

    this.addSql(`alter table "departments" drop constraint "departments_manager_id_foreign";`);

    this.addSql(`alter table "users" drop constraint "users_employee_id_foreign";`);

    this.addSql(`alter table "positions" drop constraint "positions_department_id_foreign";`);

    this.addSql(`alter table "employees" drop constraint "employees_department_id_foreign";`);

    this.addSql(`alter table "permission_entries" drop constraint "permission_entries_department_id_foreign";`);

    this.addSql(`alter table "refresh_tokens" drop constraint "refresh_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "companies" cascade;`);

    this.addSql(`drop table if exists "modules" cascade;`);

    this.addSql(`drop table if exists "positions" cascade;`);

    this.addSql(`drop table if exists "employees" cascade;`);

    this.addSql(`drop table if exists "departments" cascade;`);

    this.addSql(`drop table if exists "permission_entries" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "refresh_tokens" cascade;`);
  }

}
