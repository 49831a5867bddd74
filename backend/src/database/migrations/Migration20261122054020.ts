import { Migration } from '@mikro-orm/migrations';

export class Migration20261122054020 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "attendance_settings" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "general" jsonb not null, "geolocation" jsonb not null, "device" jsonb not null, "network" jsonb not null);`);
    this.addSql(`create index "attendance_settings_company_id_index" on "attendance_settings" ("company_id");`);
    this.addSql(`alter table "attendance_settings" add constraint "attendance_settings_company_id_unique" unique ("company_id");`);

    this.addSql(`create table "platform_access_settings" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "position_id" int not null, "allow_web_access" boolean not null default false, "allow_pwa_access" boolean not null default true, "force_pwa" boolean not null default false, "description" text not null default '');`);
    this.addSql(`create index "platform_access_settings_company_id_index" on "platform_access_settings" ("company_id");`);
    this.addSql(`create index "platform_access_settings_position_id_index" on "platform_access_settings" ("position_id");`);
    this.addSql(`alter table "platform_access_settings" add constraint "platform_access_settings_company_id_position_id_unique" unique ("company_id", "position_id");`);

    this.addSql(`create table "notification_preferences" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "email" boolean not null default true, "leave_requests" boolean not null default true, "payroll_updates" boolean not null default true);`);
    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_id_unique" unique ("user_id");`);

    this.addSql(`alter table "attendance_settings" add constraint "attendance_settings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "platform_access_settings" add constraint "platform_access_settings_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "platform_access_settings" add constraint "platform_access_settings_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "attendance_settings" cascade;`);

    this.addSql(`drop table if exists "platform_access_settings" cascade;`);

    this.addSql(`drop table if exists "notification_preferences" cascade;`);
  }

}
