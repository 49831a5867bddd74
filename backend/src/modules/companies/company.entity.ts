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
}
