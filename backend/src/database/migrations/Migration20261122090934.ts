import { Migration } from '@mikro-orm/migrations';

export class Migration20261122090934 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "password_reset_tokens" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "requested_ip" varchar(64) null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "password_reset_tokens_user_id_created_at_index" on "password_reset_tokens" ("user_id", "created_at");`);

    this.addSql(`create table "idempotency_keys" ("id" serial primary key, "user_id" int not null, "idem_key" varchar(255) not null, "method" varchar(10) not null, "path" varchar(500) not null, "request_hash" varchar(64) not null, "status_code" smallint null, "response" jsonb null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null);`);
    this.addSql(`create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at");`);
    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_user_id_idem_key_unique" unique ("user_id", "idem_key");`);

    this.addSql(`alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "idempotency_keys" add constraint "idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "users" add column "session_version" int not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "password_reset_tokens" cascade;`);

    this.addSql(`drop table if exists "idempotency_keys" cascade;`);

    this.addSql(`alter table "users" drop column "session_version";`);
  }

}
