import { Entity, Enum, Index, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';

export const SUBSCRIPTION_PLANS = ['basic', 'standard', 'premium', 'enterprise'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];
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

  @Enum({ items: [...SUBSCRIPTION_PLANS], default: 'basic' })
  subscription_plan: Opt<SubscriptionPlan> = 'basic';

  @Index()
  @Enum({ items: [...SUBSCRIPTION_STATUSES], default: 'active' })
  subscription_status: Opt<SubscriptionStatus> = 'active';

  /** IANA zone; "today" for attendance and dashboards is computed in it. */
  @Property({ length: 64, default: 'UTC' })
  time_zone: Opt<string> = 'UTC';

  @Property({ columnType: 'timestamptz', nullable: true })
  trial_ends_at?: Date | null;
}
