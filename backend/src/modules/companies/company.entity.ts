import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { Package } from '../packages/package.entity';

/** The seeded packages' codes (spec: subscription_plan values); a custom package has its own code. */
export const SUBSCRIPTION_PLANS = ['basic', 'standard', 'premium', 'enterprise'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
/** The package of a company created without one. */
export const DEFAULT_PACKAGE_CODE = 'enterprise';
export const SUBSCRIPTION_STATUSES = ['active', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
/**
 * The subscription's billing state: trialing → active → past_due (an invoice unpaid after its
 * due date) → suspended (unpaid after the grace period), or cancelled. subscription_status (the
 * spec's field, which the 402 rule reads) follows it: suspended and cancelled are the same,
 * anything else is active.
 */
export const BILLING_STATUSES = ['trialing', 'active', 'past_due', 'suspended', 'cancelled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

@Entity({ tableName: 'companies' })
export class Company extends BaseEntity {
  @Property({ length: 200 })
  company_name!: string;

  @Property({ length: 50, unique: true })
  company_code!: string;

  @Property({ length: 100, nullable: true })
  industry?: string | null;

  @Property({ length: 255, nullable: true })
  email?: string | null;

  @Property({ length: 50, nullable: true })
  phone?: string | null;

  @Property({ type: 'text', nullable: true })
  address?: string | null;

  @Property({ length: 255, nullable: true })
  website?: string | null;

  @ManyToOne({ entity: 'Package', deleteRule: 'restrict', index: true })
  package!: Rel<Package>;

  /** The package's code, kept in sync with `package` (set both through CompaniesService.assignPackage). */
  @Property({ length: 50, default: DEFAULT_PACKAGE_CODE })
  subscription_plan: Opt<string> = DEFAULT_PACKAGE_CODE;

  @Index()
  @Enum({ items: [...SUBSCRIPTION_STATUSES], default: 'active' })
  subscription_status: Opt<SubscriptionStatus> = 'active';

  /** IANA zone; "today" for attendance and dashboards is computed in it. */
  @Property({ length: 64, default: 'UTC' })
  time_zone: Opt<string> = 'UTC';

  @Property({ columnType: 'timestamptz', nullable: true })
  trial_ends_at?: Date | null;

  /**
   * The self-service policy: every active employee with a login may work on their own attendance,
   * leave and payslips without a permission-matrix right (common/auth/self-service.ts).
   */
  @Property({ default: true })
  self_service_enabled: Opt<boolean> = true;

  /**
   * The line-manager policy: every employee whom others report to sees and decides the team's
   * records (common/auth/line-managers.ts).
   */
  @Property({ default: true })
  line_managers_enabled: Opt<boolean> = true;

  // ---- the subscription (modules/billing)

  @Enum({ items: [...BILLING_CYCLES], default: 'monthly' })
  billing_cycle: Opt<BillingCycle> = 'monthly';

  @Index()
  @Enum({ items: [...BILLING_STATUSES], default: 'active' })
  billing_status: Opt<BillingStatus> = 'active';

  /** The period paid for (or being billed): [start, end); null before the first paid period. */
  @Property({ type: 'date', nullable: true })
  current_period_start?: string | null;

  @Index()
  @Property({ type: 'date', nullable: true })
  current_period_end?: string | null;

  /** The subscription ends at the period end instead of renewing. */
  @Property({ default: false })
  cancel_at_period_end: Opt<boolean> = false;

  /** A downgrade waiting for the period end. */
  @ManyToOne({ entity: 'Package', nullable: true, deleteRule: 'set null' })
  scheduled_package?: Rel<Package> | null;

  @Enum({ items: [...BILLING_CYCLES], nullable: true })
  scheduled_billing_cycle?: BillingCycle | null;

  /** Percent applied to the company's invoices (numeric, exact). */
  @Property({ type: 'decimal', precision: 5, scale: 2, default: '0.00' })
  tax_rate: Opt<string> = '0.00';
}
