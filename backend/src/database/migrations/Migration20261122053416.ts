import { Migration } from '@mikro-orm/migrations';

export class Migration20261122053416 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "features" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "feature_code" varchar(50) not null, "feature_name" varchar(100) not null, "description" text null, "module" text check ("module" in ('hr', 'face', 'monitoring', 'kpi', 'api', 'support')) not null, "feature_type" text check ("feature_type" in ('core', 'premium', 'addon')) not null, "is_active" boolean not null default true);`);
    this.addSql(`alter table "features" add constraint "features_feature_code_unique" unique ("feature_code");`);

    this.addSql(`create table "packages" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "package_code" varchar(50) not null, "package_name" varchar(100) not null, "description" text null, "monthly_price" numeric(10,2) not null, "annual_price" numeric(10,2) not null, "max_employees" int not null default 50, "max_admins" int not null default 5, "trial_days" int not null default 0, "is_popular" boolean not null default false, "sort_order" int not null default 0, "is_active" boolean not null default true);`);
    this.addSql(`alter table "packages" add constraint "packages_package_code_unique" unique ("package_code");`);

    this.addSql(`create table "package_features" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "package_id" int not null, "feature_id" int not null, "is_included" boolean not null default true);`);
    this.addSql(`create index "package_features_feature_id_index" on "package_features" ("feature_id");`);
    this.addSql(`alter table "package_features" add constraint "package_features_package_id_feature_id_unique" unique ("package_id", "feature_id");`);

    this.addSql(`create table "audit_logs" ("id" serial primary key, "created_at" timestamptz not null default now(), "user_id" int null, "user_email" varchar(255) not null, "company_id" int null, "company_name" varchar(200) null, "action" varchar(50) not null, "method" varchar(10) null, "path" varchar(500) null, "status_code" smallint null, "ip" varchar(64) null, "details" jsonb null);`);
    this.addSql(`create index "audit_logs_user_id_index" on "audit_logs" ("user_id");`);
    this.addSql(`create index "audit_logs_company_id_created_at_index" on "audit_logs" ("company_id", "created_at");`);

    this.addSql(`alter table "package_features" add constraint "package_features_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "package_features" add constraint "package_features_feature_id_foreign" foreign key ("feature_id") references "features" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "audit_logs" add constraint "audit_logs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "audit_logs" add constraint "audit_logs_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`);

    // the catalogue: one feature per permission module key (feature_code = the key), plus
    // monitoring and kpi (both grant the hr key) and two features that grant no module
    this.addSql(`insert into "features" ("feature_code", "feature_name", "description", "module", "feature_type") values
      ('employees', 'Employee Management', 'Employee directory, profiles and records', 'hr', 'core'),
      ('departments', 'Departments', 'Departments and their managers', 'hr', 'core'),
      ('positions', 'Positions', 'Positions, levels and salary ranges', 'hr', 'core'),
      ('attendance', 'Attendance Tracking', 'Check-in, check-out and attendance history', 'hr', 'core'),
      ('leave', 'Leave Management', 'Leave types, requests, approvals and balances', 'hr', 'core'),
      ('settings', 'Company Settings', 'Company profile, working hours and policies', 'hr', 'core'),
      ('payroll', 'Payroll', 'Payroll runs and payslips', 'hr', 'premium'),
      ('reports', 'Reports & Analytics', 'Reports and exports', 'hr', 'premium'),
      ('monitoring', 'Operational Monitoring', 'Operational tasks and their progress across teams', 'monitoring', 'premium'),
      ('kpi', 'KPI & Bonus', 'KPI targets, scoring and bonus calculation', 'kpi', 'premium'),
      ('priority_support', 'Priority Support', 'Answers from the support team within one business day', 'support', 'addon'),
      ('api_access', 'API Access', 'Integrate the platform with your own systems', 'api', 'addon');`);
    this.addSql(`insert into "packages" ("package_code", "package_name", "description", "monthly_price", "annual_price", "max_employees", "max_admins", "trial_days", "is_popular", "sort_order") values
      ('basic', 'Basic', 'Core HR for small teams: people, attendance and leave', 29.00, 290.00, 25, 2, 14, false, 1),
      ('standard', 'Standard', 'Everything in Basic plus payroll and reports', 79.00, 790.00, 100, 5, 14, true, 2),
      ('premium', 'Premium', 'Everything in Standard plus operational monitoring and KPI & bonus', 149.00, 1490.00, 500, 10, 14, false, 3),
      ('enterprise', 'Enterprise', 'Every feature, unlimited employees and admins', 299.00, 2990.00, -1, -1, 30, false, 4);`);
    this.addSql(`insert into "package_features" ("package_id", "feature_id", "is_included")
      select p.id, f.id, true from "packages" p join "features" f on
        (p.package_code = 'basic' and f.feature_code in ('employees', 'departments', 'positions', 'attendance', 'leave', 'settings'))
        or (p.package_code = 'standard' and f.feature_code in ('employees', 'departments', 'positions', 'attendance', 'leave', 'settings', 'payroll', 'reports'))
        or (p.package_code = 'premium' and f.feature_code in ('employees', 'departments', 'positions', 'attendance', 'leave', 'settings', 'payroll', 'reports', 'monitoring', 'kpi', 'priority_support'))
        or p.package_code = 'enterprise';`);

    // every company gets a package; the ones that exist keep the full access they had
    this.addSql(`alter table "companies" drop constraint if exists "companies_subscription_plan_check";`);
    this.addSql(`alter table "companies" add column "package_id" int null;`);
    this.addSql(`update "companies" set "package_id" = (select "id" from "packages" where "package_code" = 'enterprise'), "subscription_plan" = 'enterprise';`);
    this.addSql(`alter table "companies" alter column "package_id" set not null;`);
    this.addSql(`alter table "companies" alter column "subscription_plan" type varchar(50) using ("subscription_plan"::varchar(50));`);
    this.addSql(`alter table "companies" alter column "subscription_plan" set default 'enterprise';`);
    this.addSql(`alter table "companies" add constraint "companies_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade on delete restrict;`);
    this.addSql(`create index "companies_package_id_index" on "companies" ("package_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "companies" drop constraint "companies_package_id_foreign";`);
    this.addSql(`drop index "companies_package_id_index";`);
    this.addSql(`alter table "companies" drop column "package_id";`);
    this.addSql(`update "companies" set "subscription_plan" = 'basic' where "subscription_plan" not in ('basic', 'standard', 'premium', 'enterprise');`);
    this.addSql(`alter table "companies" alter column "subscription_plan" type text using ("subscription_plan"::text);`);
    this.addSql(`alter table "companies" alter column "subscription_plan" set default 'basic';`);
    this.addSql(`alter table "companies" add constraint "companies_subscription_plan_check" check("subscription_plan" in ('basic', 'standard', 'premium', 'enterprise'));`);

    this.addSql(`drop table if exists "package_features" cascade;`);
    this.addSql(`drop table if exists "features" cascade;`);
    this.addSql(`drop table if exists "packages" cascade;`);
    this.addSql(`drop table if exists "audit_logs" cascade;`);
  }

}
