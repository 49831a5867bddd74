import { Migration } from '@mikro-orm/migrations';

/**
 * When the server received an employee's check-in and check-out. With is_offline and
 * check_out_offline they show an entry queued on a device and sent later: its original time
 * (check_in_time) and when it arrived.
 */
export class Migration20261125130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "attendance_records" add column "check_in_received_at" timestamptz null, add column "check_out_received_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "attendance_records" drop column "check_in_received_at", drop column "check_out_received_at";`);
  }
}
