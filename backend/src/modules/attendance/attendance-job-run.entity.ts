import { Entity, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import type { Company } from '../companies/company.entity';

/**
 * A claim: the instance that inserts (job, company, day) does that run; the others find the row
 * and do nothing, so a scheduled job runs once per company and day even with several instances.
 * Written only by the scheduled jobs (as the tables' owner), so not a tenant table.
 */
@Entity({ tableName: 'attendance_job_runs' })
@Unique({ properties: ['job', 'company', 'run_date'] })
export class AttendanceJobRun {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 40 })
  job!: string;

  @ManyToOne({ entity: 'Company', deleteRule: 'cascade', index: true })
  company!: Rel<Company>;

  @Property({ type: 'string', columnType: 'date' })
  run_date!: string;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();
}
