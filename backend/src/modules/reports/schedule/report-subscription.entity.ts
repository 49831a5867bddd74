import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../../common/tenancy/base.entity';
import type { Department } from '../../departments/department.entity';
import type { Position } from '../../positions/position.entity';
import type { WorkLocation } from '../../shifts/work-location.entity';
import type { User } from '../../users/user.entity';
import { EXPORT_FORMATS, type ExportFormat } from '../dto/report.dto';

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/**
 * A report sent by e-mail on a schedule: weekly on Monday morning (the week before) or monthly on
 * the 1st (the month before), in the company's time zone, as a file attached to a notification of
 * the outbox. Recipients are users of the company who may see the report when it is sent.
 */
@Entity({ tableName: 'report_subscriptions' })
@Index({
  name: 'report_subscriptions_due',
  expression: `create index "report_subscriptions_due" on "report_subscriptions" ("next_run_at") where "is_active"`,
})
export class ReportSubscription extends TenantScopedEntity {
  @Property({ length: 50 })
  report_id!: string;

  @Enum({ items: [...REPORT_FREQUENCIES] })
  frequency!: ReportFrequency;

  @Enum({ items: [...EXPORT_FORMATS] })
  format!: ExportFormat;

  /** e-mail addresses of users of the company */
  @Property({ type: 'json' })
  recipients!: string[];

  @Property({ length: 30, nullable: true })
  group_by?: string | null;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'cascade', index: true })
  department?: Rel<Department> | null;

  @ManyToOne({ entity: 'Position', nullable: true, deleteRule: 'cascade', index: true })
  position?: Rel<Position> | null;

  @ManyToOne({ entity: 'WorkLocation', nullable: true, deleteRule: 'cascade', index: true })
  location?: Rel<WorkLocation> | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @Property({ columnType: 'timestamptz' })
  next_run_at!: Date;

  @Property({ columnType: 'timestamptz', nullable: true })
  last_sent_at?: Date | null;

  /** why the last run sent nothing (no recipient may see it any more, the report failed) */
  @Property({ type: 'text', nullable: true })
  last_error?: string | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  created_by?: Rel<User> | null;
}
