import { Entity, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';

/**
 * One row per company and pay period. Every run and every payment-status change of the period
 * first locks this row (insert ... on conflict do update / select ... for update), so two runs
 * of the same period, or a run racing a "mark paid", happen one after the other.
 */
@Entity({ tableName: 'payroll_runs' })
@Unique({ properties: ['company', 'period_start'] })
export class PayrollRun extends TenantScopedEntity {
  @Property({ type: 'string', columnType: 'date' })
  period_start!: string;

  @Property({ type: 'string', columnType: 'date' })
  period_end!: string;

  /** records written by the last run */
  @Property({ default: 0 })
  employee_count: Opt<number> = 0;

  @Property({ type: 'decimal', precision: 16, scale: 2, default: '0' })
  total_net: Opt<string> = '0.00';

  /** how many times the period was (re)computed */
  @Property({ default: 0 })
  run_count: Opt<number> = 0;

  @Property({ columnType: 'timestamptz', nullable: true })
  last_run_at?: Date | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  run_by?: Rel<User> | null;
}
