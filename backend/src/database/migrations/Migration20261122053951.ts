import { Migration } from '@mikro-orm/migrations';

export class Migration20261122053951 extends Migration {

  override async up(): Promise<void> {

    this.addSql(`create table "task_templates" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "name" varchar(200) not null, "title" varchar(255) not null, "description" text null, "category" text check ("category" in ('general', 'onboarding', 'offboarding', 'leave_approval', 'payroll_processing', 'performance_review')) not null default 'general', "priority" text check ("priority" in ('low', 'medium', 'high', 'urgent', 'critical')) not null default 'medium', "estimated_hours" numeric(7,2) null, "due_in_days" int null, "department_id" int null, "position_id" int null, "is_active" boolean not null default true, "created_by_id" int null);`);
    this.addSql(`create index "task_templates_company_id_index" on "task_templates" ("company_id");`);
    this.addSql(`create index "task_templates_department_id_index" on "task_templates" ("department_id");`);
    this.addSql(`create index "task_templates_position_id_index" on "task_templates" ("position_id");`);
    this.addSql(`create index "task_templates_created_by_id_index" on "task_templates" ("created_by_id");`);
    this.addSql(`alter table "task_templates" add constraint "task_templates_company_id_name_unique" unique ("company_id", "name");`);

    this.addSql(`create table "tasks" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "title" varchar(255) not null, "description" text null, "category" text check ("category" in ('general', 'onboarding', 'offboarding', 'leave_approval', 'payroll_processing', 'performance_review')) not null default 'general', "priority" text check ("priority" in ('low', 'medium', 'high', 'urgent', 'critical')) not null default 'medium', "status" text check ("status" in ('pending', 'in_progress', 'completed', 'cancelled', 'on_hold', 'overdue')) not null default 'pending', "assigned_to_id" int null, "department_id" int null, "position_id" int null, "employee_id" int null, "due_date" timestamptz null, "estimated_hours" numeric(7,2) null, "progress_percentage" int not null default 0, "completed_at" timestamptz null, "template_id" int null, "created_by_id" int null);`);
    this.addSql(`create index "tasks_company_id_index" on "tasks" ("company_id");`);
    this.addSql(`create index "tasks_assigned_to_id_index" on "tasks" ("assigned_to_id");`);
    this.addSql(`create index "tasks_department_id_index" on "tasks" ("department_id");`);
    this.addSql(`create index "tasks_position_id_index" on "tasks" ("position_id");`);
    this.addSql(`create index "tasks_employee_id_index" on "tasks" ("employee_id");`);
    this.addSql(`create index "tasks_template_id_index" on "tasks" ("template_id");`);
    this.addSql(`create index "tasks_created_by_id_index" on "tasks" ("created_by_id");`);
    this.addSql(`create index "tasks_status_due_date_index" on "tasks" ("status", "due_date");`);
    this.addSql(`create index "tasks_company_id_due_date_index" on "tasks" ("company_id", "due_date");`);
    this.addSql(`create index "tasks_company_id_created_at_index" on "tasks" ("company_id", "created_at");`);
    this.addSql(`create index "tasks_company_id_status_index" on "tasks" ("company_id", "status");`);

    this.addSql(`create table "task_comments" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "company_id" int not null, "task_id" int not null, "comment" text not null, "author_id" int null);`);
    this.addSql(`create index "task_comments_company_id_index" on "task_comments" ("company_id");`);
    this.addSql(`create index "task_comments_author_id_index" on "task_comments" ("author_id");`);
    this.addSql(`create index "task_comments_task_id_created_at_index" on "task_comments" ("task_id", "created_at");`);

    this.addSql(`alter table "task_templates" add constraint "task_templates_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "task_templates" add constraint "task_templates_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "task_templates" add constraint "task_templates_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "task_templates" add constraint "task_templates_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "tasks" add constraint "tasks_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "tasks" add constraint "tasks_assigned_to_id_foreign" foreign key ("assigned_to_id") references "employees" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_department_id_foreign" foreign key ("department_id") references "departments" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_position_id_foreign" foreign key ("position_id") references "positions" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_template_id_foreign" foreign key ("template_id") references "task_templates" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "tasks" add constraint "tasks_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "task_comments" add constraint "task_comments_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "task_comments" add constraint "task_comments_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "task_comments" add constraint "task_comments_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);

  }

  override async down(): Promise<void> {
    this.addSql(`alter table "tasks" drop constraint "tasks_template_id_foreign";`);

    this.addSql(`alter table "task_comments" drop constraint "task_comments_task_id_foreign";`);

    this.addSql(`drop table if exists "task_templates" cascade;`);

    this.addSql(`drop table if exists "tasks" cascade;`);

    this.addSql(`drop table if exists "task_comments" cascade;`);

  }

}
