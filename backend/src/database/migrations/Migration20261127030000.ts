import { Migration } from '@mikro-orm/migrations';

/** The months after the current one whose partitions this migration creates (the daily job keeps it so). */
const MONTHS_AHEAD = 3;

const TRIGGERS = [
  ['attendance_month_stats_on_insert', 'insert', 'referencing new table as new_rows'],
  ['attendance_month_stats_on_update', 'update', 'referencing old table as old_rows new table as new_rows'],
  ['attendance_month_stats_on_delete', 'delete', 'referencing old table as old_rows'],
] as const;

/** The indexes and constraints of attendance_records, on a partitioned or a plain table. */
const KEYS = (primaryKey: string) => [
  `alter table "attendance_records" add constraint "attendance_records_pkey" primary key (${primaryKey});`,
  `alter table "attendance_records" add constraint "attendance_records_employee_id_attendance_date_unique" unique ("employee_id", "attendance_date");`,
  `create index "attendance_records_company_id_index" on "attendance_records" ("company_id");`,
  `create index "attendance_records_work_location_id_index" on "attendance_records" ("work_location_id");`,
  `create index "attendance_records_shift_id_index" on "attendance_records" ("shift_id");`,
  `create index "attendance_records_company_id_attendance_date_status_index" on "attendance_records" ("company_id", "attendance_date", "status");`,
  // the attendance list's page: a company's records newest first, the id breaking ties
  `create index "attendance_records_company_id_attendance_date_id_index" on "attendance_records" ("company_id", "attendance_date", "id");`,
  `create index "attendance_records_open_index" on "attendance_records" ("attendance_date") where "check_in_time" is not null and "check_out_time" is null;`,
  `create index "attendance_records_corrected" on "attendance_records" ("company_id", "corrected_at") where "corrected_at" is not null;`,
  `alter table "attendance_records" add constraint "attendance_records_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete cascade;`,
  `alter table "attendance_records" add constraint "attendance_records_employee_id_foreign" foreign key ("employee_id") references "employees" ("id") on update cascade on delete cascade;`,
  `alter table "attendance_records" add constraint "attendance_records_work_location_id_foreign" foreign key ("work_location_id") references "work_locations" ("id") on update cascade on delete set null;`,
  `alter table "attendance_records" add constraint "attendance_records_shift_id_foreign" foreign key ("shift_id") references "shifts" ("id") on update cascade on delete set null;`,
  `alter table "attendance_records" add constraint "attendance_records_corrected_by_id_foreign" foreign key ("corrected_by_id") references "users" ("id") on update cascade on delete set null;`,
];

/**
 * attendance_records partitioned by month of attendance_date (2.5 million rows a year at 10,000
 * employees): a month's list, report or job reads one partition, and old months can be detached
 * whole. Partitions are named attendance_records_YYYY_MM; a row of a month without one lands in
 * attendance_records_default, so no write fails. attendance_records_ensure_partitions(day, n)
 * creates the partitions of day's month and the n months after it, and of past months with rows
 * in DEFAULT (history imported or seeded), moving a month's rows out of DEFAULT first (a partition cannot be added while DEFAULT holds rows of its range); the daily
 * job runs it (AttendanceJobsService.ensurePartitions).
 *
 * Keys: the primary key is (id, attendance_date), as a partitioned table's unique constraints
 * must hold its partition key; id alone stays the entity's key (the sequence makes it unique) and
 * no table references attendance ids (so no foreign key needs a composite reference).
 * `npm run migration:create` therefore proposes putting the primary key back on id alone: that
 * part of its diff is to be dropped. The statement triggers of attendance_month_stats are on the
 * partitioned table (transition tables are not allowed on partitions), and so are the row-level
 * security policies (ensureRowLevelSecurity); a partition has row-level security enabled with no
 * policy, so the application role reads nothing from a partition named directly.
 */
export class Migration20261127030000 extends Migration {
  override async up(): Promise<void> {
    for (const [name] of TRIGGERS) this.addSql(`drop trigger if exists ${name} on "attendance_records";`);
    this.addSql(`alter table "attendance_records" rename to "attendance_records_unpartitioned";`);
    this.addSql(`alter sequence "attendance_records_id_seq" owned by none;`);
    this.addSql(`create table "attendance_records" (like "attendance_records_unpartitioned" including defaults including constraints)
  partition by range ("attendance_date");`);
    this.addSql(`create table "attendance_records_default" partition of "attendance_records" default;`);
    this.addSql(`alter table "attendance_records_default" enable row level security;`);
    this.addSql(`create function attendance_records_ensure_partition(day date) returns boolean
  language plpgsql set search_path = public as $$
declare
  month_start date := date_trunc('month', day)::date;
  month_end date := (date_trunc('month', day) + interval '1 month')::date;
  part text := 'attendance_records_' || to_char(month_start, 'YYYY_MM');
begin
  if to_regclass(part) is not null then return false; end if;
  execute format('create table %I (like attendance_records including defaults including constraints)', part);
  -- the month's rows leave DEFAULT first (statements on partitions fire none of the parent's
  -- triggers: the month's stats stay as they are, as its records do)
  execute format('with moved as (delete from attendance_records_default where attendance_date >= $1 and attendance_date < $2 returning *)
                  insert into %I select * from moved', part) using month_start, month_end;
  execute format('alter table attendance_records attach partition %I for values from (%L) to (%L)', part, month_start, month_end);
  execute format('alter table %I enable row level security', part);
  return true;
end
$$;`);
    this.addSql(`create function attendance_records_ensure_partitions(day date, months_ahead int) returns int
  language plpgsql set search_path = public as $$
declare
  created int := 0;
  past date;
begin
  -- past months with records in DEFAULT (history written before its month had a partition)
  for past in select distinct date_trunc('month', attendance_date)::date from attendance_records_default
               where attendance_date < date_trunc('month', day)::date loop
    if attendance_records_ensure_partition(past) then
      created := created + 1;
    end if;
  end loop;
  for i in 0..months_ahead loop
    if attendance_records_ensure_partition((date_trunc('month', day) + make_interval(months => i))::date) then
      created := created + 1;
    end if;
  end loop;
  return created;
end
$$;`);
    // the months that have records, and this month and the next ones
    this.addSql(`select attendance_records_ensure_partition(m) from (
  select distinct date_trunc('month', attendance_date)::date as m from "attendance_records_unpartitioned") months order by m;`);
    this.addSql(`select attendance_records_ensure_partitions(current_date, ${MONTHS_AHEAD});`);
    this.addSql(`insert into "attendance_records" select * from "attendance_records_unpartitioned";`);
    this.addSql(`drop table "attendance_records_unpartitioned";`);
    this.addSql(`alter sequence "attendance_records_id_seq" owned by "attendance_records"."id";`);
    for (const sql of KEYS(`"id", "attendance_date"`)) this.addSql(sql);
    for (const [name, event, referencing] of TRIGGERS) {
      this.addSql(`create trigger ${name} after ${event} on "attendance_records"
  ${referencing} for each statement execute function attendance_month_stats_apply();`);
    }
    // the attendance list's total: a month of a company's counts read from the index alone
    this.addSql(`create index "attendance_month_stats_counts" on "attendance_month_stats" ("company_id", "month")
  include ("records", "present", "late", "absent", "on_leave");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "attendance_month_stats_counts";`);
    for (const [name] of TRIGGERS) this.addSql(`drop trigger if exists ${name} on "attendance_records";`);
    this.addSql(`alter table "attendance_records" rename to "attendance_records_partitioned";`);
    this.addSql(`alter sequence "attendance_records_id_seq" owned by none;`);
    this.addSql(`create table "attendance_records" (like "attendance_records_partitioned" including defaults including constraints);`);
    this.addSql(`insert into "attendance_records" select * from "attendance_records_partitioned";`);
    this.addSql(`drop table "attendance_records_partitioned";`);
    this.addSql(`drop function attendance_records_ensure_partitions(date, int);`);
    this.addSql(`drop function attendance_records_ensure_partition(date);`);
    this.addSql(`alter sequence "attendance_records_id_seq" owned by "attendance_records"."id";`);
    for (const sql of KEYS(`"id"`)) this.addSql(sql);
    this.addSql(`drop index "attendance_records_company_id_attendance_date_id_index";`);
    for (const [name, event, referencing] of TRIGGERS) {
      this.addSql(`create trigger ${name} after ${event} on "attendance_records"
  ${referencing} for each statement execute function attendance_month_stats_apply();`);
    }
  }
}
