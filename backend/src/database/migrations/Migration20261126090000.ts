import { Migration } from '@mikro-orm/migrations';

/** The cost center a department books to in accounting: capital letters, digits and hyphens, optional. */
export class Migration20261126090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "departments" add column "cost_center" varchar(20) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "departments" drop column "cost_center";`);
  }
}
