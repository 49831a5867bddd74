import { Migration } from '@mikro-orm/migrations';

export class Migration20261122090342 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "kpis" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(150) not null, "code" varchar(50) not null, "description" text null, "category" text check ("category" in ('sales', 'hr', 'operations', 'finance', 'productivity')) not null, "kpi_type" text check ("kpi_type" in ('number', 'percentage', 'currency')) not null default 'number', "data_source_type" text check ("data_source_type" in ('manual', 'attendance_rate', 'task_completion_rate', 'leave_days')) not null default 'manual', "period_type" text check ("period_type" in ('monthly', 'quarterly', 'yearly')) not null default 'monthly', "direction" text check ("direction" in ('higher_is_better', 'lower_is_better')) not null default 'higher_is_better', "unit" varchar(30) null, "is_active" boolean not null default true);`);
    this.addSql(`create index "kpis_company_id_index" on "kpis" ("company_id");`);
    this.addSql(`create index "kpis_company_id_name_index" on "kpis" ("company_id", "name");`);
    this.addSql(`create index "kpis_company_id_period_type_index" on "kpis" ("company_id", "period_type");`);
    this.addSql(`create index "kpis_company_id_is_active_index" on "kpis" ("company_id", "is_active");`);
    this.addSql(`create index "kpis_company_id_category_index" on "kpis" ("company_id", "category");`);
    this.addSql(`alter table "kpis" add constraint "kpis_company_id_code_unique" unique ("company_id", "code");`);

    this.addSql(`create table "bonus_rules" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "kpi_id" int not null, "name" varchar(150) not null, "description" text null, "max_bonus_amount" numeric(14,2) null, "is_active" boolean not null default true);`);
    this.addSql(`create index "bonus_rules_company_id_index" on "bonus_rules" ("company_id");`);
    this.addSql(`create unique index "bonus_rules_one_active_per_kpi" on "bonus_rules" ("company_id", "kpi_id") where "is_active";`);
    this.addSql(`create index "bonus_rules_company_id_is_active_index" on "bonus_rules" ("company_id", "is_active");`);
    this.addSql(`create index "bonus_rules_company_id_kpi_id_index" on "bonus_rules" ("company_id", "kpi_id");`);

    this.addSql(`create table "bonus_rule_tiers" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "bonus_rule_id" int not null, "min_achievement" numeric(7,2) not null, "bonus_type" text check ("bonus_type" in ('fixed', 'salary_percentage')) not null, "bonus_value" numeric(14,2) not null, constraint bonus_rule_tiers_values check (min_achievement >= 0 and bonus_value >= 0));`);
    this.addSql(`create index "bonus_rule_tiers_company_id_index" on "bonus_rule_tiers" ("company_id");`);
    this.addSql(`create index "bonus_rule_tiers_bonus_rule_id_index" on "bonus_rule_tiers" ("bonus_rule_id");`);
    this.addSql(`alter table "bonus_rule_tiers" add constraint "bonus_rule_tiers_company_id_bonus_rule_id_min_ach_47ffa_unique" unique ("company_id", "bonus_rule_id", "min_achievement");`);

    this.addSql(`create table "kpi_targets" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "kpi_id" int not null, "target_type" text check ("target_type" in ('employee', 'department', 'position')) not null, "employee_id" int null, "department_id" int null, "position_id" int null, "period_start_date" date not null, "period_end_date" date not null, "target_value" numeric(14,2) not null, "notes" text null, constraint kpi_targets_period_order check (period_end_date >= period_start_date), constraint kpi_targets_one_subject check ((target_type = 'employee' and employee_id is not null and department_id is null and position_id is null) or (target_type = 'department' and department_id is not null and employee_id is null and position_id is null) or (target_type = 'position' and position_id is not null and employee_id is null and department_id is null)));`);
    this.addSql(`create index "kpi_targets_company_id_index" on "kpi_targets" ("company_id");`);
    this.addSql(`create index "kpi_targets_employee_id_index" on "kpi_targets" ("employee_id");`);
    this.addSql(`create index "kpi_targets_department_id_index" on "kpi_targets" ("department_id");`);
    this.addSql(`create index "kpi_targets_position_id_index" on "kpi_targets" ("position_id");`);
    this.addSql(`create index "kpi_targets_company_id_target_type_index" on "kpi_targets" ("company_id", "target_type");`);
    this.addSql(`create index "kpi_targets_company_id_period_start_date_period_end_date_index" on "kpi_targets" ("company_id", "period_start_date", "period_end_date");`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_company_id_kpi_id_position_id_period__d99f2_unique" unique ("company_id", "kpi_id", "position_id", "period_start_date", "period_end_date");`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_company_id_kpi_id_department_id_perio_4b6b3_unique" unique ("company_id", "kpi_id", "department_id", "period_start_date", "period_end_date");`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_company_id_kpi_id_employee_id_period__1a2e4_unique" unique ("company_id", "kpi_id", "employee_id", "period_start_date", "period_end_date");`);

    this.addSql(`create table "kpi_values" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "kpi_id" int not null, "entity_type" text check ("entity_type" in ('employee', 'department', 'position')) not null, "employee_id" int null, "department_id" int null, "position_id" int null, "period_start_date" date not null, "period_end_date" date not null, "actual_value" numeric(14,2) not null, "source" text check ("source" in ('manual', 'computed')) not null default 'manual', "notes" text null, "recorded_by_id" int null, constraint kpi_values_period_order check (period_end_date >= period_start_date), constraint kpi_values_one_subject check ((entity_type = 'employee' and employee_id is not null and department_id is null and position_id is null) or (entity_type = 'department' and department_id is not null and employee_id is null and position_id is null) or (entity_type = 'position' and position_id is not null and employee_id is null and department_id is null)));`);
    this.addSql(`create index "kpi_values_company_id_index" on "kpi_values" ("company_id");`);
    this.addSql(`create index "kpi_values_employee_id_index" on "kpi_values" ("employee_id");`);
    this.addSql(`create index "kpi_values_department_id_index" on "kpi_values" ("department_id");`);
    this.addSql(`create index "kpi_values_position_id_index" on "kpi_values" ("position_id");`);
    this.addSql(`create index "kpi_values_recorded_by_id_index" on "kpi_values" ("recorded_by_id");`);
    this.addSql(`create index "kpi_values_company_id_entity_type_index" on "kpi_values" ("company_id", "entity_type");`);
    this.addSql(`create index "kpi_values_company_id_period_end_date_index" on "kpi_values" ("company_id", "period_end_date");`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_company_id_kpi_id_position_id_period_s_05454_unique" unique ("company_id", "kpi_id", "position_id", "period_start_date", "period_end_date");`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_company_id_kpi_id_department_id_period_87e96_unique" unique ("company_id", "kpi_id", "department_id", "period_start_date", "period_end_date");`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_company_id_kpi_id_employee_id_period_s_7dc3f_unique" unique ("company_id", "kpi_id", "employee_id", "period_start_date", "period_end_date");`);

    this.addSql(`create table "bonus_payments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "kpi_id" int null, "kpi_target_id" int null, "bonus_rule_id" int null, "payment_period_start" date not null, "payment_period_end" date not null, "bonus_amount" numeric(14,2) not null, "status" text check ("status" in ('calculated', 'approved', 'paid', 'rejected', 'cancelled')) not null default 'calculated', "paid_date" date null, "achievement_percentage" numeric(7,2) null, "actual_value" numeric(14,2) null, "target_value" numeric(14,2) null, "bonus_type" text check ("bonus_type" in ('fixed', 'salary_percentage')) null, "approved_at" timestamptz null, "approved_by_id" int null, "status_note" text null);`);
    this.addSql(`create index "bonus_payments_company_id_index" on "bonus_payments" ("company_id");`);
    this.addSql(`create index "bonus_payments_employee_id_index" on "bonus_payments" ("employee_id");`);
    this.addSql(`create index "bonus_payments_kpi_id_index" on "bonus_payments" ("kpi_id");`);
    this.addSql(`create index "bonus_payments_kpi_target_id_index" on "bonus_payments" ("kpi_target_id");`);
    this.addSql(`create index "bonus_payments_bonus_rule_id_index" on "bonus_payments" ("bonus_rule_id");`);
    this.addSql(`create index "bonus_payments_approved_by_id_index" on "bonus_payments" ("approved_by_id");`);
    this.addSql(`create index "bonus_payments_company_id_payment_period_start_index" on "bonus_payments" ("company_id", "payment_period_start");`);
    this.addSql(`create index "bonus_payments_company_id_payment_period_end_index" on "bonus_payments" ("company_id", "payment_period_end");`);
    this.addSql(`create index "bonus_payments_company_id_status_index" on "bonus_payments" ("company_id", "status");`);
    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_company_id_employee_id_kpi_id_paym_1de0c_unique" unique ("company_id", "employee_id", "kpi_id", "payment_period_start", "payment_period_end");`);

    this.addSql(`create table "bonus_calculation_runs" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "period_start" date not null, "period_end" date not null, "run_count" int not null default 0, "payments_count" int not null default 0, "total_amount" numeric(14,2) not null default '0', "last_run_by_id" int null);`);
    this.addSql(`create index "bonus_calculation_runs_company_id_index" on "bonus_calculation_runs" ("company_id");`);
    this.addSql(`create index "bonus_calculation_runs_last_run_by_id_index" on "bonus_calculation_runs" ("last_run_by_id");`);
    this.addSql(`alter table "bonus_calculation_runs" add constraint "bonus_calculation_runs_company_id_period_start_pe_52dec_unique" unique ("company_id", "period_start", "period_end");`);

    this.addSql(`alter table "kpis" add constraint "kpis_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "bonus_rules" add constraint "bonus_rules_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bonus_rules" add constraint "bonus_rules_kpi_id_foreign" foreign key ("kpi_id") references "kpis" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "bonus_rule_tiers" add constraint "bonus_rule_tiers_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bonus_rule_tiers" add constraint "bonus_rule_tiers_bonus_rule_id_foreign" foreign key ("bonus_rule_id") references "bonus_rules" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_kpi_id_foreign" foreign key ("kpi_id") references "kpis" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_targets" add constraint "kpi_targets_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "kpi_values" add constraint "kpi_values_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_kpi_id_foreign" foreign key ("kpi_id") references "kpis" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "kpi_values" add constraint "kpi_values_recorded_by_id_foreign" foreign key ("recorded_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_kpi_id_foreign" foreign key ("kpi_id") references "kpis" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_kpi_target_id_foreign" foreign key ("kpi_target_id") references "kpi_targets" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_bonus_rule_id_foreign" foreign key ("bonus_rule_id") references "bonus_rules" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bonus_payments" add constraint "bonus_payments_approved_by_id_foreign" foreign key ("approved_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "bonus_calculation_runs" add constraint "bonus_calculation_runs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "bonus_calculation_runs" add constraint "bonus_calculation_runs_last_run_by_id_foreign" foreign key ("last_run_by_id") references "users" ("id") on update cascade on delete set null;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "bonus_rules" drop constraint "bonus_rules_kpi_id_foreign";`);

    this.addSql(`alter table "kpi_targets" drop constraint "kpi_targets_kpi_id_foreign";`);

    this.addSql(`alter table "kpi_values" drop constraint "kpi_values_kpi_id_foreign";`);

    this.addSql(`alter table "bonus_payments" drop constraint "bonus_payments_kpi_id_foreign";`);

    this.addSql(`alter table "bonus_rule_tiers" drop constraint "bonus_rule_tiers_bonus_rule_id_foreign";`);

    this.addSql(`alter table "bonus_payments" drop constraint "bonus_payments_bonus_rule_id_foreign";`);

    this.addSql(`alter table "bonus_payments" drop constraint "bonus_payments_kpi_target_id_foreign";`);

    this.addSql(`drop table if exists "kpis" cascade;`);

    this.addSql(`drop table if exists "bonus_rules" cascade;`);

    this.addSql(`drop table if exists "bonus_rule_tiers" cascade;`);

    this.addSql(`drop table if exists "kpi_targets" cascade;`);

    this.addSql(`drop table if exists "kpi_values" cascade;`);

    this.addSql(`drop table if exists "bonus_payments" cascade;`);

    this.addSql(`drop table if exists "bonus_calculation_runs" cascade;`);
  }

}
