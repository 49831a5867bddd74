import { Check, Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { Shift } from '../shifts/shift.entity';
import type { User } from '../users/user.entity';
import type { WorkLocation } from '../shifts/work-location.entity';

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/**
 * One employee's attendance on one day (the company's local date). Other modules write these rows
 * too (leave approval upserts 'leave' days), so every column past the core ones is nullable or has
 * a database default. The table is partitioned by month of attendance_date (Migration20261127030000),
 * so its database primary key is (id, attendance_date); id alone is unique and stays the key here.
 */
@Entity({ tableName: 'attendance_records' })
@Unique({ properties: ['employee', 'attendance_date'] })
// written with `or`: an `in (...)` check reads back as an enum and the migration diff never settles
@Check({ name: 'attendance_records_status_check', expression: ATTENDANCE_STATUSES.map((s) => `status = '${s}'`).join(' or ') })
@Index({ properties: ['company', 'attendance_date', 'status'] })
// the attendance list's page, newest first with the id breaking ties (a month's partition holds the rows)
@Index({ properties: ['company', 'attendance_date', 'id'] })
// the auto check-out job looks for open records
@Index({
  name: 'attendance_records_open_index',
  expression:
    'create index "attendance_records_open_index" on "attendance_records" ("attendance_date") where "check_in_time" is not null and "check_out_time" is null',
})
// the corrections report reads the few corrected records
@Index({
  name: 'attendance_records_corrected',
  expression:
    'create index "attendance_records_corrected" on "attendance_records" ("company_id", "corrected_at") where "corrected_at" is not null',
})
export class AttendanceRecord extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade' })
  employee!: Rel<Employee>;

  /** YYYY-MM-DD, the company's local date */
  @Property({ type: 'string', columnType: 'date' })
  attendance_date!: string;

  @Property({ columnType: 'timestamptz', nullable: true })
  check_in_time?: Date | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  check_out_time?: Date | null;

  @Property({ type: 'decimal', precision: 5, scale: 2, nullable: true })
  work_hours?: string | null;

  @Property({ type: 'string', length: 10 })
  status!: AttendanceStatus;

  @Property({ length: 255, nullable: true })
  check_in_location?: string | null;

  @Property({ length: 255, nullable: true })
  check_out_location?: string | null;

  @Property({ type: 'decimal', precision: 9, scale: 6, nullable: true })
  check_in_latitude?: string | null;

  @Property({ type: 'decimal', precision: 9, scale: 6, nullable: true })
  check_in_longitude?: string | null;

  /** metres, as reported by the device */
  @Property({ type: 'decimal', precision: 8, scale: 2, nullable: true })
  check_in_accuracy?: string | null;

  /** metres from the work location that validated the check-in */
  @Property({ type: 'decimal', precision: 10, scale: 2, nullable: true })
  check_in_distance?: string | null;

  @Property({ type: 'decimal', precision: 9, scale: 6, nullable: true })
  check_out_latitude?: string | null;

  @Property({ type: 'decimal', precision: 9, scale: 6, nullable: true })
  check_out_longitude?: string | null;

  @Property({ type: 'decimal', precision: 8, scale: 2, nullable: true })
  check_out_accuracy?: string | null;

  @Property({ length: 64, nullable: true })
  check_in_ip?: string | null;

  @Property({ length: 64, nullable: true })
  check_out_ip?: string | null;

  @Property({ length: 128, nullable: true })
  device_id?: string | null;

  @ManyToOne({ entity: 'WorkLocation', nullable: true, deleteRule: 'set null', index: true })
  work_location?: Rel<WorkLocation> | null;

  @ManyToOne({ entity: 'Shift', nullable: true, deleteRule: 'set null', index: true })
  shift?: Rel<Shift> | null;

  /** the check-in was queued on the device while offline and sent later with its original time */
  @Property({ default: false })
  is_offline: Opt<boolean> = false;

  @Property({ default: false })
  check_out_offline: Opt<boolean> = false;

  /** when the server received the employee's check-in (later than check_in_time when sent offline) */
  @Property({ columnType: 'timestamptz', nullable: true })
  check_in_received_at?: Date | null;

  /** when the server received the employee's check-out */
  @Property({ columnType: 'timestamptz', nullable: true })
  check_out_received_at?: Date | null;

  /** closed by the auto check-out job at the company's check-out time */
  @Property({ default: false })
  auto_checked_out: Opt<boolean> = false;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  /** the admin who last corrected the record */
  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  corrected_by?: Rel<User> | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  corrected_at?: Date | null;
}
