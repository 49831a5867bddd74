import { Migration } from '@mikro-orm/migrations';

/** audit_logs.request_id: the X-Request-Id of the request an entry came from, to find its log lines. */
export class Migration20261127020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "audit_logs" add column "request_id" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "audit_logs" drop column "request_id";`);
  }
}
