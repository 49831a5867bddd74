import { Migration } from '@mikro-orm/migrations';

export class Migration20261122093229 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "salary_components" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "component_name" varchar(100) not null, "component_code" varchar(30) not null, "component_type" text check ("component_type" in ('allowance', 'deduction')) not null, "calculation_type" text check ("calculation_type" in ('fixed', 'percentage')) not null, "amount" numeric(14,2) null, "percentage" numeric(7,4) null, "is_taxable" boolean not null default true, "applies_to_all" boolean not null default false, "is_active" boolean not null default true, "description" text null);`);
    this.addSql(`create index "salary_components_company_id_index" on "salary_components" ("company_id");`);
    this.addSql(`create index "salary_components_company_id_is_active_index" on "salary_components" ("company_id", "is_active");`);
    this.addSql(`alter table "salary_components" add constraint "salary_components_company_id_component_code_unique" unique ("company_id", "component_code");`);

    this.addSql(`create table "employee_salary_components" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "component_id" int not null, "amount" numeric(14,2) null, "percentage" numeric(7,4) null);`);
    this.addSql(`create index "employee_salary_components_company_id_index" on "employee_salary_components" ("company_id");`);
    this.addSql(`create index "employee_salary_components_employee_id_index" on "employee_salary_components" ("employee_id");`);
    this.addSql(`create index "employee_salary_components_component_id_index" on "employee_salary_components" ("component_id");`);
    this.addSql(`create index "employee_salary_components_company_id_component_id_index" on "employee_salary_components" ("company_id", "component_id");`);
    this.addSql(`alter table "employee_salary_components" add constraint "employee_salary_components_company_id_employee_id_8edce_unique" unique ("company_id", "employee_id", "component_id");`);

    this.addSql(`create table "tax_brackets" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "lower_bound" numeric(14,2) not null, "upper_bound" numeric(14,2) null, "rate" numeric(5,2) not null);`);
    this.addSql(`create index "tax_brackets_company_id_index" on "tax_brackets" ("company_id");`);
    this.addSql(`alter table "tax_brackets" add constraint "tax_brackets_company_id_lower_bound_unique" unique ("company_id", "lower_bound");`);

    this.addSql(`create table "payroll_runs" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "period_start" date not null, "period_end" date not null, "employee_count" int not null default 0, "total_net" numeric(16,2) not null default '0', "run_count" int not null default 0, "last_run_at" timestamptz null, "run_by_id" int null);`);
    this.addSql(`create index "payroll_runs_company_id_index" on "payroll_runs" ("company_id");`);
    this.addSql(`create index "payroll_runs_run_by_id_index" on "payroll_runs" ("run_by_id");`);
    this.addSql(`alter table "payroll_runs" add constraint "payroll_runs_company_id_period_start_unique" unique ("company_id", "period_start");`);

    this.addSql(`create table "payroll_records" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "run_id" int not null, "pay_period_start" date not null, "pay_period_end" date not null, "basic_salary" numeric(14,2) not null, "allowances" numeric(14,2) not null, "bonuses" numeric(14,2) not null, "gross_salary" numeric(14,2) not null, "taxable_income" numeric(14,2) not null, "tax" numeric(14,2) not null, "total_deductions" numeric(14,2) not null, "net_salary" numeric(14,2) not null, "salary_currency" varchar(3) not null, "payment_frequency" varchar(20) not null, "working_days" int not null, "employed_days" int not null, "unpaid_leave_days" numeric(5,1) not null, "absent_days" numeric(5,1) not null, "payment_status" text check ("payment_status" in ('pending', 'processing', 'paid')) not null default 'pending', "payment_date" date null);`);
    this.addSql(`create index "payroll_records_company_id_index" on "payroll_records" ("company_id");`);
    this.addSql(`create index "payroll_records_employee_id_index" on "payroll_records" ("employee_id");`);
    this.addSql(`create index "payroll_records_run_id_index" on "payroll_records" ("run_id");`);
    this.addSql(`create index "payroll_records_company_id_payment_status_index" on "payroll_records" ("company_id", "payment_status");`);
    this.addSql(`create index "payroll_records_company_id_pay_period_start_paymen_815db_index" on "payroll_records" ("company_id", "pay_period_start", "payment_status");`);
    this.addSql(`alter table "payroll_records" add constraint "payroll_records_company_id_employee_id_pay_period_start_unique" unique ("company_id", "employee_id", "pay_period_start");`);

    this.addSql(`create table "payroll_lines" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "record_id" int not null, "line_type" text check ("line_type" in ('earning', 'deduction')) not null, "category" text check ("category" in ('basic', 'allowance', 'bonus', 'unpaid_leave', 'absence', 'deduction', 'tax')) not null, "code" varchar(30) not null, "name" varchar(150) not null, "quantity" numeric(7,1) null, "rate" numeric(14,4) null, "amount" numeric(14,2) not null, "is_taxable" boolean not null, "component_id" int null, "bonus_payment_id" int null, "sort_order" int not null);`);
    this.addSql(`create index "payroll_lines_company_id_index" on "payroll_lines" ("company_id");`);
    this.addSql(`create index "payroll_lines_record_id_index" on "payroll_lines" ("record_id");`);
    this.addSql(`create index "payroll_lines_bonus_payment_id_index" on "payroll_lines" ("bonus_payment_id");`);

    this.addSql(`alter table "salary_components" add constraint "salary_components_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "employee_salary_components" add constraint "employee_salary_components_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "employee_salary_components" add constraint "employee_salary_components_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "employee_salary_components" add constraint "employee_salary_components_component_id_foreign" foreign key ("component_id") references "salary_components" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tax_brackets" add constraint "tax_brackets_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payroll_runs" add constraint "payroll_runs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payroll_runs" add constraint "payroll_runs_run_by_id_foreign" foreign key ("run_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "payroll_records" add constraint "payroll_records_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payroll_records" add constraint "payroll_records_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payroll_records" add constraint "payroll_records_run_id_foreign" foreign key ("run_id") references "payroll_runs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payroll_lines" add constraint "payroll_lines_record_id_foreign" foreign key ("record_id") references "payroll_records" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "employees" add column "termination_date" date null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "employee_salary_components" drop constraint "employee_salary_components_component_id_foreign";`);

    this.addSql(`alter table "payroll_records" drop constraint "payroll_records_run_id_foreign";`);

    this.addSql(`alter table "payroll_lines" drop constraint "payroll_lines_record_id_foreign";`);

    this.addSql(`drop table if exists "salary_components" cascade;`);

    this.addSql(`drop table if exists "employee_salary_components" cascade;`);

    this.addSql(`drop table if exists "tax_brackets" cascade;`);

    this.addSql(`drop table if exists "payroll_runs" cascade;`);

    this.addSql(`drop table if exists "payroll_records" cascade;`);

    this.addSql(`drop table if exists "payroll_lines" cascade;`);

    this.addSql(`alter table "employees" drop column "termination_date";`);
  }
}
