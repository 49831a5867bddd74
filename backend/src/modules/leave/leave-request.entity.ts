import { Check, Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { User } from '../users/user.entity';
import type { LeaveAttachment } from './leave-attachment.entity';
import type { LeaveType } from './leave-type.entity';

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

@Entity({ tableName: 'leave_requests' })
// spelled out rather than `in (...)`: the schema diff would read that as an enum and re-alter the column each time
@Check({ name: 'leave_requests_status_check', expression: LEAVE_STATUSES.map((s) => `status = '${s}'`).join(' or ') })
@Check({ name: 'leave_requests_dates_check', expression: 'end_date >= start_date' })
@Check({ name: 'leave_requests_total_days_check', expression: 'total_days >= 0.5 and mod(total_days, 0.5) = 0' })
@Index({ properties: ['company', 'status'] })
@Index({ properties: ['company', 'start_date'] })
@Index({ properties: ['company', 'requested_at'] })
@Index({ properties: ['employee', 'start_date'] })
export class LeaveRequest extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade', index: true })
  employee!: Rel<Employee>;

  @ManyToOne({ entity: 'LeaveType', deleteRule: 'restrict', index: true })
  leave_type!: Rel<LeaveType>;

  @Property({ type: 'string', columnType: 'date' })
  start_date!: string;

  @Property({ type: 'string', columnType: 'date' })
  end_date!: string;

  @Property({ type: 'decimal', precision: 4, scale: 1 })
  total_days!: string;

  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  @Property({ type: 'string', length: 20, default: 'pending' })
  status: Opt<LeaveStatus> = 'pending';

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  requested_at: Opt<Date> = new Date();

  @ManyToOne({ entity: 'LeaveAttachment', nullable: true, deleteRule: 'set null', index: true })
  attachment?: Rel<LeaveAttachment> | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  requested_by?: Rel<User> | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  decided_by?: Rel<User> | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  decided_at?: Date | null;

  /** The reason given with a rejection. */
  @Property({ type: 'text', nullable: true })
  rejection_reason?: string | null;
}
