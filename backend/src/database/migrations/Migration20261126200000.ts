import { Migration } from '@mikro-orm/migrations';

const KEY = `company_id, month, employee_id, location_id`;
const WORKED = `status in ('present', 'late')`;
/** Hours of the record's shift (alias s) less its break; a shift ending before it starts ends the next day. */
const SHIFT_HOURS = `(extract(epoch from (s.end_time - s.start_time)) / 3600.0
  + case when s.end_time <= s.start_time then 24 else 0 end - s.break_duration / 60.0)`;
const byWeekday = (sign: string, where: string) =>
  `array[${[1, 2, 3, 4, 5, 6, 7].map((d) => `${sign}count(*) filter (where extract(isodow from attendance_date) = ${d}${where})`).join(', ')}]::int[]`;
/** Adds two int[7] element by element. */
const addArrays = (a: string, b: string) => `array(select x + y from unnest(${a}, ${b}) with ordinality u(x, y, n) order by n)`;

/** The counts of a transition table of attendance rows, by the summary's key, with a sign. */
const counts = (rows: string, sign: '+' | '-') => `
  select r.company_id, date_trunc('month', r.attendance_date)::date as month, r.employee_id,
         coalesce(r.work_location_id, 0) as location_id,
         ${sign}count(*) as records,
         ${sign}count(*) filter (where r.status = 'present') as present,
         ${sign}count(*) filter (where r.status = 'late') as late,
         ${sign}count(*) filter (where r.status = 'absent') as absent,
         ${sign}count(*) filter (where r.status = 'leave') as on_leave,
         ${sign}coalesce(sum(r.work_hours) filter (where r.${WORKED}), 0) as worked_hours,
         ${sign}coalesce(sum(${SHIFT_HOURS}) filter (where r.${WORKED}), 0) as shift_hours,
         ${byWeekday(sign, '')} as weekday_records,
         ${byWeekday(sign, " and r.status = 'late'")} as weekday_late
    from ${rows} r
    left join shifts s on s.id = r.shift_id
   group by 1, 2, 3, 4`;

const FIGURES = `records, present, late, absent, on_leave, worked_hours, shift_hours, weekday_records, weekday_late`;

const apply = (rows: string, sign: '+' | '-') => `
    insert into attendance_month_stats as t (${KEY}, ${FIGURES})
      select c.* from (${counts(rows, sign)}) c
       -- (a company or an employee being deleted takes its records with it and needs no counts)
       where exists (select 1 from employees e where e.id = c.employee_id)
         and exists (select 1 from companies co where co.id = c.company_id)
      on conflict (${KEY}) do update set
        records = t.records + excluded.records, present = t.present + excluded.present, late = t.late + excluded.late,
        absent = t.absent + excluded.absent, on_leave = t.on_leave + excluded.on_leave,
        worked_hours = t.worked_hours + excluded.worked_hours, shift_hours = t.shift_hours + excluded.shift_hours,
        weekday_records = ${addArrays('t.weekday_records', 'excluded.weekday_records')},
        weekday_late = ${addArrays('t.weekday_late', 'excluded.weekday_late')};`;

/**
 * attendance_month_stats: the attendance records of each employee counted by month and work
 * location (with the days of each weekday, and the hours of the shifts of the days worked as the
 * shift was when the record was written), kept by statement triggers in the transaction of every
 * write, so the attendance reports read 120,000 rows for a year of a 10,000-employee company
 * instead of 2.5 million (whole months from here, the days of a partial month from the records).
 */
export class Migration20261126200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "attendance_month_stats" (
  "company_id" int not null references "companies" ("id") on update cascade on delete cascade,
  "month" date not null,
  "employee_id" int not null,
  "location_id" int not null,
  "records" int not null,
  "present" int not null,
  "late" int not null,
  "absent" int not null,
  "on_leave" int not null,
  "worked_hours" numeric(12,2) not null,
  "shift_hours" numeric(12,2) not null,
  "weekday_records" int[] not null,
  "weekday_late" int[] not null,
  primary key ("company_id", "month", "employee_id", "location_id"));`);
    this.addSql(`create function attendance_month_stats_apply() returns trigger
  language plpgsql security definer set search_path = public as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    ${apply('old_rows', '-')}
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    ${apply('new_rows', '+')}
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    -- what no record counts any more, and the rows of employees deleted with their records
    delete from attendance_month_stats s
     using (select distinct company_id, employee_id, date_trunc('month', attendance_date)::date as month from old_rows) o
     where s.company_id = o.company_id and s.employee_id = o.employee_id and s.month = o.month
       and (s.records = 0 or not exists (select 1 from employees e where e.id = o.employee_id));
  end if;
  return null;
end
$$;`);
    this.addSql(`create trigger attendance_month_stats_on_insert after insert on "attendance_records"
  referencing new table as new_rows for each statement execute function attendance_month_stats_apply();`);
    this.addSql(`create trigger attendance_month_stats_on_update after update on "attendance_records"
  referencing old table as old_rows new table as new_rows for each statement execute function attendance_month_stats_apply();`);
    this.addSql(`create trigger attendance_month_stats_on_delete after delete on "attendance_records"
  referencing old table as old_rows for each statement execute function attendance_month_stats_apply();`);
    this.addSql(`insert into attendance_month_stats (${KEY}, ${FIGURES})
  ${counts('attendance_records', '+')};`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger attendance_month_stats_on_delete on "attendance_records";`);
    this.addSql(`drop trigger attendance_month_stats_on_update on "attendance_records";`);
    this.addSql(`drop trigger attendance_month_stats_on_insert on "attendance_records";`);
    this.addSql(`drop function attendance_month_stats_apply();`);
    this.addSql(`drop table "attendance_month_stats";`);
  }
}
