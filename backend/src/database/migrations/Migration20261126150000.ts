import { Migration } from '@mikro-orm/migrations';

/**
 * Subscriptions and billing: the company's billing cycle, state and period, invoices with their
 * lines and payments, a gapless invoice-number sequence, and the platform's billing settings.
 * Every company is carried over: a trial is trialing, an active company starts its first period
 * today; pending plan requests give way to invoices (they are cancelled, their table dropped).
 */
export class Migration20261126150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "companies"
      add column "billing_cycle" text check ("billing_cycle" in ('monthly', 'annual')) not null default 'monthly',
      add column "billing_status" text check ("billing_status" in ('trialing', 'active', 'past_due', 'suspended', 'cancelled')) not null default 'active',
      add column "current_period_start" date null,
      add column "current_period_end" date null,
      add column "cancel_at_period_end" boolean not null default false,
      add column "scheduled_package_id" int null,
      add column "scheduled_billing_cycle" text check ("scheduled_billing_cycle" in ('monthly', 'annual')) null,
      add column "tax_rate" numeric(5,2) not null default 0.00;`);
    this.addSql(`alter table "companies" add constraint "companies_scheduled_package_id_foreign" foreign key ("scheduled_package_id") references "packages" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "companies_billing_status_index" on "companies" ("billing_status");`);
    this.addSql(`create index "companies_current_period_end_index" on "companies" ("current_period_end");`);
    this.addSql(`update "companies" set
        "billing_status" = case when "subscription_status" <> 'active' then "subscription_status"
                                when "trial_ends_at" is not null then 'trialing' else 'active' end,
        "current_period_start" = case when "subscription_status" = 'active' and "trial_ends_at" is null then current_date end,
        "current_period_end" = case when "subscription_status" = 'active' and "trial_ends_at" is null then (current_date + interval '1 month')::date end;`);

    this.addSql(`create table "billing_settings" ("id" int primary key, "currency" varchar(3) not null default 'USD', "due_days" int not null default 14, "grace_days" int not null default 14, "reminder_days" int not null default 3, "seller_name" varchar(200) not null default 'HR Platform', "seller_address" text null, "seller_email" varchar(255) null, "seller_tax_id" varchar(50) null, "updated_at" timestamptz not null default now());`);
    this.addSql(`insert into "billing_settings" ("id") values (1);`);

    this.addSql(`create table "invoice_number_sequences" ("year" int primary key, "last_number" int not null);`);

    this.addSql(`create table "invoices" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "invoice_number" varchar(20) not null, "reason" text check ("reason" in ('new_subscription', 'renewal', 'upgrade')) not null, "package_id" int not null, "billing_cycle" text check ("billing_cycle" in ('monthly', 'annual')) not null, "period_start" date not null, "period_end" date not null, "currency" varchar(3) not null, "subtotal" numeric(12,2) not null, "tax_rate" numeric(5,2) not null, "tax" numeric(12,2) not null, "total" numeric(12,2) not null, "amount_paid" numeric(12,2) not null default 0.00, "status" text check ("status" in ('open', 'paid', 'void')) not null default 'open', "issue_date" date not null, "due_date" date not null, "paid_at" timestamptz null, "voided_at" timestamptz null, "void_reason" text null, "reminder_sent_at" timestamptz null, "created_by_id" int null);`);
    this.addSql(`alter table "invoices" add constraint "invoices_invoice_number_unique" unique ("invoice_number");`);
    this.addSql(`create index "invoices_company_id_index" on "invoices" ("company_id");`);
    this.addSql(`create index "invoices_package_id_index" on "invoices" ("package_id");`);
    this.addSql(`create index "invoices_status_index" on "invoices" ("status");`);
    this.addSql(`create index "invoices_company_id_issue_date_index" on "invoices" ("company_id", "issue_date");`);
    this.addSql(`create index "invoices_open_due" on "invoices" ("due_date", "company_id") where "status" = 'open';`);
    this.addSql(`create unique index "invoices_one_open_new_subscription" on "invoices" ("company_id") where "status" = 'open' and "reason" = 'new_subscription';`);
    this.addSql(`alter table "invoices" add constraint "invoices_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "invoices" add constraint "invoices_package_id_foreign" foreign key ("package_id") references "packages" ("id") on update cascade;`);
    this.addSql(`alter table "invoices" add constraint "invoices_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "invoice_lines" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "invoice_id" int not null, "line_no" int not null, "kind" text check ("kind" in ('plan', 'proration_credit', 'proration_charge')) not null, "description" varchar(300) not null, "period_start" date not null, "period_end" date not null, "amount" numeric(12,2) not null);`);
    this.addSql(`create index "invoice_lines_company_id_index" on "invoice_lines" ("company_id");`);
    this.addSql(`create index "invoice_lines_invoice_id_index" on "invoice_lines" ("invoice_id");`);
    this.addSql(`alter table "invoice_lines" add constraint "invoice_lines_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "invoice_lines" add constraint "invoice_lines_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "payments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "invoice_id" int not null, "amount" numeric(12,2) not null, "paid_on" date not null, "method" text check ("method" in ('bank_transfer', 'card', 'cash', 'check', 'other')) not null, "reference" varchar(100) null, "provider" varchar(30) not null default 'manual', "recorded_by_id" int null);`);
    this.addSql(`create index "payments_company_id_index" on "payments" ("company_id");`);
    this.addSql(`create index "payments_invoice_id_index" on "payments" ("invoice_id");`);
    this.addSql(`create index "payments_paid_on_index" on "payments" ("paid_on");`);
    this.addSql(`alter table "payments" add constraint "payments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payments" add constraint "payments_invoice_id_foreign" foreign key ("invoice_id") references "invoices" ("id") on update cascade;`);
    this.addSql(`alter table "payments" add constraint "payments_recorded_by_id_foreign" foreign key ("recorded_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "notifications" drop constraint if exists "notifications_topic_check";`);
    this.addSql(`alter table "notifications" add constraint "notifications_topic_check" check ("topic" in ('leave_requests', 'payroll_updates', 'billing'));`);

    this.addSql(`drop table if exists "plan_change_requests" cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "invoice_lines" cascade;`);
    this.addSql(`drop table if exists "invoices" cascade;`);
    this.addSql(`drop table if exists "invoice_number_sequences" cascade;`);
    this.addSql(`drop table if exists "billing_settings" cascade;`);
    this.addSql(`alter table "companies" drop column "billing_cycle", drop column "billing_status", drop column "current_period_start", drop column "current_period_end", drop column "cancel_at_period_end", drop column "scheduled_package_id", drop column "scheduled_billing_cycle", drop column "tax_rate";`);
  }
}
