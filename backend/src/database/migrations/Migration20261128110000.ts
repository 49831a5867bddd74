import { Migration } from '@mikro-orm/migrations';

/**
 * A payroll record keeps the annual salary it was computed from, so its payslip says it beside
 * the period's basic ("Annual salary $4,200.00, paid monthly"): an amount meant monthly and typed
 * as the yearly one shows for what it is. Records computed before are left without it (null).
 */
export class Migration20261128110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payroll_records" add column if not exists "annual_salary" numeric(14,2) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "payroll_records" drop column if exists "annual_salary";`);
  }
}
