import { Migration } from '@mikro-orm/migrations';

/**
 * rate_limit_hits: the auth rate limit's counts (PostgresThrottlerStorage), one row per throttler
 * key (route and client address), so that every app instance on the database counts into the
 * same window. A platform table, with no company and no entity (written by one statement per hit,
 * as login_throttles is): row-level security does not apply to it. Unlogged: a count lost in a
 * crash only starts its window again, and the hits write no WAL. The index finds the finished rows
 * the hits sweep.
 */
export class Migration20261127010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table "rate_limit_hits" (
  "key" varchar(255) not null primary key,
  "hits" int not null,
  "expires_at" timestamptz not null,
  "blocked_until" timestamptz null);`);
    this.addSql(`create index "rate_limit_hits_expires_at_index" on "rate_limit_hits" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limit_hits";`);
  }
}
