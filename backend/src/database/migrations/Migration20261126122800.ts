import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations to employees: a single-use e-mailed link (only its SHA-256 stored) that lets the
 * employee choose their own password, in place of one chosen by an admin.
 */
export class Migration20261126122800 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "employee_invitations" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "employee_id" int not null, "email" varchar(255) not null, "token_hash" varchar(64) not null, "sent_at" timestamptz not null, "expires_at" timestamptz not null, "accepted_at" timestamptz null, "revoked_at" timestamptz null, "invited_by_id" int null);`);
    this.addSql(`create index "employee_invitations_company_id_index" on "employee_invitations" ("company_id");`);
    this.addSql(`alter table "employee_invitations" add constraint "employee_invitations_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "employee_invitations_employee_id_id_index" on "employee_invitations" ("employee_id", "id");`);
    this.addSql(`alter table "employee_invitations" add constraint "employee_invitations_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "employee_invitations" add constraint "employee_invitations_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "employee_invitations" add constraint "employee_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "employee_invitations" cascade;`);
  }
}
