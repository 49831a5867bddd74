import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { isCalendarDay } from '../../common/http/fields';
import { MeasuredJob } from '../metrics/job-metrics';

export const ABSENT_JOB = 'attendance-absent';
export const AUTO_CHECK_OUT_JOB = 'attendance-auto-check-out';
export const PARTITIONS_JOB = 'attendance-partitions';
/** Two instances adding the same month's partition at once: the second waits, then finds it there. */
const PARTITIONS_LOCK = 727275;
/** Days back the jobs look, so a run missed while no instance was up is caught up. */
export const CATCH_UP_DAYS = 7;
/** Months after the current one whose attendance partitions exist ahead of their first record. */
export const ATTENDANCE_MONTHS_AHEAD = 3;

/**
 * Per company, in its time zone (an unknown zone reads as UTC): `local_today` and the company's
 * start day, for the companies whose package includes attendance and whose subscription is active.
 */
const COMPANY_DAYS = `
  zones as materialized (select name from pg_timezone_names),
  co as (
    select c.id as company_id, tz.zone,
           (?::timestamptz at time zone tz.zone)::date as local_today,
           (c.created_at at time zone tz.zone)::date as first_day
      from companies c
      cross join lateral (select coalesce((select z.name from zones z where z.name = c.time_zone), 'UTC') as zone) tz
     where c.subscription_status = 'active'
       and exists (select 1 from package_features pf join features f on f.id = pf.feature_id
                    where pf.package_id = c.package_id and pf.is_included and f.is_active and f.feature_code = 'attendance')
  )`;

export interface JobResult {
  /** (company, day) runs this call claimed */
  claimed: number;
  /** attendance records written */
  records: number;
}

/**
 * The attendance jobs, set-based over all companies. Each (job, company, day) is claimed by
 * inserting into attendance_job_runs; only the inserter does that day's work, in the same
 * statement, so several instances (or a second run) never repeat it.
 */
@Injectable()
export class AttendanceJobsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AttendanceJobs');
  private holidaysTable: boolean | undefined;

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron('0 5 * * * *', { name: ABSENT_JOB })
  async absentTick(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    await this.safely('absent marking', () => this.markAbsent());
  }

  /** The partitions of the coming months, at start-up (an instance down for months) and each day. */
  onApplicationBootstrap(): void {
    if (this.config.nodeEnv === 'test') return;
    void this.partitionsTick();
  }

  @Cron('0 15 0 * * *', { name: PARTITIONS_JOB })
  async partitionsTick(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    try {
      const created = await this.ensurePartitions();
      if (created) this.logger.log(`attendance partitions: ${created} month(s) added`);
    } catch (e) {
      this.logger.error(`attendance partitions failed: ${(e as Error).message}`);
    }
  }

  /**
   * Makes sure the partitions of attendance_records exist for the month of `day` (default today,
   * UTC) and the ATTENDANCE_MONTHS_AHEAD months after it; a month's records already in the
   * DEFAULT partition move into its new partition. Returns how many partitions were added.
   */
  async ensurePartitions(day?: string, monthsAhead = ATTENDANCE_MONTHS_AHEAD): Promise<number> {
    // any real day: the maintenance is not bound to the range of days the API accepts
    if (day !== undefined && !isCalendarDay(day)) throw new Error(`ensurePartitions: ${day} is not a date (YYYY-MM-DD)`);
    return this.orm.em.fork().transactional(async (em) => {
      await em.execute(`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
      const [row] = await em.execute<Array<{ created: number }>>(
        `select attendance_records_ensure_partitions(coalesce(?::date, (now() at time zone 'UTC')::date), ?) as created`,
        [day ?? null, monthsAhead],
      );
      return row.created;
    });
  }

  @Cron(CronExpression.EVERY_5_MINUTES, { name: AUTO_CHECK_OUT_JOB })
  async autoCheckOutTick(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    await this.safely('auto check-out', () => this.autoCheckOut());
  }

  /**
   * Marks absent every active employee without a record on a past working day (not Saturday or
   * Sunday, not a company holiday), from the employee's hire date (or creation) and the company's
   * creation on. Without `date`: the last CATCH_UP_DAYS days before each company's today; with
   * `date` (YYYY-MM-DD): that day, for the companies where it is past.
   */
  @MeasuredJob(ABSENT_JOB)
  async markAbsent(date?: string, now = new Date()): Promise<JobResult> {
    if (date !== undefined && !isCalendarDay(date)) throw new Error(`markAbsent: ${date} is not a date (YYYY-MM-DD)`);
    return this.orm.em.fork().transactional(async (em) => {
      const holiday = (await this.hasHolidays(em))
        ? 'and not exists (select 1 from holidays h where h.company_id = co.company_id and h.holiday_date = d.day)'
        : '';
      const days = date
        ? `select co.company_id, ?::date as day from co`
        : `select co.company_id, g.day::date as day
             from co cross join lateral generate_series(co.local_today - ${CATCH_UP_DAYS}, co.local_today - 1, interval '1 day') g(day)`;
      const rows = await em.execute<Array<{ claimed: number; records: number }>>(
        `with ${COMPANY_DAYS},
         d as (${days}),
         due as (
           select d.company_id, d.day from d join co on co.company_id = d.company_id
            where d.day < co.local_today and d.day >= co.first_day and extract(isodow from d.day) < 6 ${holiday}
         ),
         claimed as (
           insert into attendance_job_runs (job, company_id, run_date)
           select 'absent', company_id, day from due
           on conflict (job, company_id, run_date) do nothing
           returning company_id, run_date
         ),
         marked as (
           insert into attendance_records (company_id, employee_id, attendance_date, status)
           select e.company_id, e.id, cl.run_date, 'absent'
             from claimed cl
             join co on co.company_id = cl.company_id
             join employees e on e.company_id = cl.company_id and e.employment_status = 'active'
            where coalesce(e.hire_date, (e.created_at at time zone co.zone)::date) <= cl.run_date
           on conflict (employee_id, attendance_date) do nothing
           returning 1
         )
         select (select count(*) from claimed)::int as claimed, (select count(*) from marked)::int as records`,
        date ? [now, date] : [now],
      );
      return rows[0];
    });
  }

  /**
   * Where auto_check_out is on: closes the records still open after the company's check_out_time
   * (its time zone) on their day, at that time, with work_hours less the shift's break. A record
   * checked in after that time stays open for the employee to close.
   */
  @MeasuredJob(AUTO_CHECK_OUT_JOB)
  async autoCheckOut(now = new Date()): Promise<JobResult> {
    return this.orm.em.fork().transactional(async (em) => {
      const rows = await em.execute<Array<{ claimed: number; records: number }>>(
        `with ${COMPANY_DAYS},
         cfg as (
           select co.company_id, co.zone, co.local_today, co.first_day,
                  coalesce(nullif(s.general ->> 'check_out_time', ''), '18:00')::time as at_time
             from co join attendance_settings s on s.company_id = co.company_id
            where coalesce((s.general ->> 'auto_check_out')::boolean, false)
         ),
         due as (
           select cfg.company_id, g.day::date as day, ((g.day::date + cfg.at_time) at time zone cfg.zone) as cutoff
             from cfg cross join lateral generate_series(greatest(cfg.local_today - ${CATCH_UP_DAYS}, cfg.first_day), cfg.local_today, interval '1 day') g(day)
            where ((g.day::date + cfg.at_time) at time zone cfg.zone) <= ?::timestamptz
         ),
         claimed as (
           insert into attendance_job_runs (job, company_id, run_date)
           select 'auto_check_out', company_id, day from due
           on conflict (job, company_id, run_date) do nothing
           returning company_id, run_date
         ),
         closed as (
           update attendance_records r
              set check_out_time = due.cutoff, auto_checked_out = true, updated_at = now(),
                  work_hours = least(999.99, round(greatest(0, floor(extract(epoch from (due.cutoff - r.check_in_time)) / 60)
                    - coalesce((select s.break_duration from shifts s where s.id = r.shift_id), 0)) / 60.0, 2))
             from claimed cl join due on due.company_id = cl.company_id and due.day = cl.run_date
            where r.company_id = cl.company_id and r.attendance_date = cl.run_date
              and r.check_in_time is not null and r.check_out_time is null and r.check_in_time < due.cutoff
           returning 1
         )
         select (select count(*) from claimed)::int as claimed, (select count(*) from closed)::int as records`,
        [now, now],
      );
      return rows[0];
    });
  }

  private async hasHolidays(em: EntityManager): Promise<boolean> {
    if (this.holidaysTable) return true;
    const [row] = await em.execute<Array<{ present: boolean }>>(`select to_regclass('public.holidays') is not null as present`);
    this.holidaysTable = row.present;
    return row.present;
  }

  private async safely(name: string, run: () => Promise<JobResult>): Promise<void> {
    try {
      const { claimed, records } = await run();
      if (claimed) this.logger.log(`${name}: ${claimed} company day(s), ${records} record(s)`);
    } catch (e) {
      this.logger.error(`${name} failed: ${(e as Error).message}`);
    }
  }
}
