import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';
import type { Package } from './package.entity';

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** pending → approved | rejected (by the platform) | cancelled (replaced by a newer choice of the company). */
export const PLAN_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PlanRequestStatus = (typeof PLAN_REQUEST_STATUSES)[number];

/**
 * A company asks for a paid package; the company stays on its plan until the superadmin approves
 * (then the package changes) or rejects it. At most one is pending per company (a unique partial
 * index, Migration20261125120000); created_at is when it was asked.
 */
@Entity({ tableName: 'plan_change_requests' })
@Index({
  name: 'plan_change_requests_one_pending',
  expression: `create unique index "plan_change_requests_one_pending" on "plan_change_requests" ("company_id") where "status" = 'pending'`,
})
export class PlanChangeRequest extends TenantScopedEntity {
  @ManyToOne({ entity: 'Package', deleteRule: 'cascade', index: true })
  package!: Rel<Package>;

  @Enum({ items: [...BILLING_CYCLES], default: 'monthly' })
  billing_cycle: Opt<BillingCycle> = 'monthly';

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  requested_by?: Rel<User> | null;

  @Index()
  @Enum({ items: [...PLAN_REQUEST_STATUSES], default: 'pending' })
  status: Opt<PlanRequestStatus> = 'pending';

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  decided_by?: Rel<User> | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  decided_at?: Date | null;

  /** The superadmin's reason for a rejection, or a note with an approval. */
  @Property({ type: 'text', nullable: true })
  note?: string | null;
}
