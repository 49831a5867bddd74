import { Entity, Property, Unique } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

/**
 * The rules a leave type follows (hr.md 3, "Leave policy"); attached to leave types through
 * leave_types.policy_id. Unset optional numbers mean "no such rule".
 */
@Entity({ tableName: 'leave_policies' })
@Unique({ properties: ['company', 'name'] })
export class LeavePolicy extends TenantScopedEntity {
  @Property({ length: 100 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  /** Unused days of the previous year move into the next one. */
  @Property({ default: false })
  carry_over_enabled: Opt<boolean> = false;

  @Property({ type: 'decimal', precision: 4, scale: 1, nullable: true })
  max_carry_over_days?: string | null;

  /** Carried-over days not taken within this many months of 1 January expire. */
  @Property({ type: 'integer', nullable: true })
  expiry_months?: number | null;

  /** Joiners get the share of the year left from their hire date. */
  @Property({ default: false })
  pro_ration_enabled: Opt<boolean> = false;

  /** Requests of the types following this policy need an attached document. */
  @Property({ default: false })
  requires_doctor_note: Opt<boolean> = false;

  /** Overrides the max_days_per_year of the types following this policy. */
  @Property({ type: 'integer', nullable: true })
  max_days_per_year?: number | null;

  /** The most working days one request may cover. */
  @Property({ type: 'integer', nullable: true })
  consecutive_days_limit?: number | null;

  @Property({ default: true })
  paid_leave_enabled: Opt<boolean> = true;

  @Property({ type: 'integer', nullable: true })
  maternity_weeks?: number | null;

  @Property({ type: 'integer', nullable: true })
  paternity_weeks?: number | null;
}
