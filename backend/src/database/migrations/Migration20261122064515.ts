import { Migration } from '@mikro-orm/migrations';

export class Migration20261122064515 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "login_attempts" ("id" serial primary key, "email" varchar(255) not null, "ip" varchar(64) not null, "succeeded" boolean not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "login_attempts_ip_created_at_index" on "login_attempts" ("ip", "created_at");`);
    this.addSql(`create index "login_attempts_email_created_at_index" on "login_attempts" ("email", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "login_attempts" cascade;`);
  }

}
