import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail verification of self-registered accounts: users.email_verified_at is null while a
 * self-registered address waits for its link (accounts made by a company or the platform, and
 * every account that exists today, count as verified); the link's token is stored as its
 * SHA-256 with the time it was sent.
 */
export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "email_verified_at" timestamptz null default now();`);
    this.addSql(`update "users" set "email_verified_at" = "created_at";`);
    this.addSql(`alter table "users" add column "email_verification_hash" varchar(64) null;`);
    this.addSql(`alter table "users" add column "email_verification_sent_at" timestamptz null;`);
    this.addSql(`alter table "users" add constraint "users_email_verification_hash_unique" unique ("email_verification_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_email_verification_hash_unique";`);
    this.addSql(`alter table "users" drop column "email_verification_sent_at";`);
    this.addSql(`alter table "users" drop column "email_verification_hash";`);
    this.addSql(`alter table "users" drop column "email_verified_at";`);
  }
}
