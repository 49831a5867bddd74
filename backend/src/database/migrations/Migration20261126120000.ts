import { Migration } from '@mikro-orm/migrations';

/**
 * A company's self-service policy (on by default): every active employee with a login checks in
 * and out, requests and cancels leave and reads their own payslips without a matrix right.
 */
export class Migration20261126120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "companies" add column "self_service_enabled" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "companies" drop column "self_service_enabled";`);
  }
}
