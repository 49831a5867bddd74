import { Migration } from '@mikro-orm/migrations';

/**
 * How a company pays: the platform's payment instructions (bank details or free text) in the
 * billing settings, printed on every open invoice with its number as the reference to quote; and
 * a company's "I have paid" on an open invoice (when, by whom, with its note), which the platform
 * confirms by recording the payment.
 */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "billing_settings" add column if not exists "payment_instructions" text null;`);
    this.addSql(`alter table "invoices" add column if not exists "payment_reported_at" timestamptz null;`);
    this.addSql(`alter table "invoices" add column if not exists "payment_reported_by_id" int null;`);
    this.addSql(`alter table "invoices" add column if not exists "payment_report_note" varchar(500) null;`);
    this.addSql(
      `alter table "invoices" add constraint "invoices_payment_reported_by_id_foreign" foreign key ("payment_reported_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoices" drop constraint if exists "invoices_payment_reported_by_id_foreign";`);
    this.addSql(`alter table "invoices" drop column if exists "payment_report_note";`);
    this.addSql(`alter table "invoices" drop column if exists "payment_reported_by_id";`);
    this.addSql(`alter table "invoices" drop column if exists "payment_reported_at";`);
    this.addSql(`alter table "billing_settings" drop column if exists "payment_instructions";`);
  }
}
