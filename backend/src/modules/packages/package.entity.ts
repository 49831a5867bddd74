import { Collection, Entity, OneToMany, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { PackageFeature } from './package-feature.entity';

/** A subscription package a company is on (spec: Package). Platform-wide, not tenant-scoped. */
@Entity({ tableName: 'packages' })
export class Package extends BaseEntity {
  /** Fixed after creation. */
  @Property({ length: 50, unique: true })
  package_code!: string;

  @Property({ length: 100 })
  package_name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ type: 'decimal', precision: 10, scale: 2 })
  monthly_price!: string;

  @Property({ type: 'decimal', precision: 10, scale: 2 })
  annual_price!: string;

  /** -1 = unlimited */
  @Property({ default: 50 })
  max_employees: Opt<number> = 50;

  /** -1 = unlimited */
  @Property({ default: 5 })
  max_admins: Opt<number> = 5;

  @Property({ default: 0 })
  trial_days: Opt<number> = 0;

  @Property({ default: false })
  is_popular: Opt<boolean> = false;

  @Property({ default: 0 })
  sort_order: Opt<number> = 0;

  /** Inactive packages are not offered publicly; companies already on one keep it. */
  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @OneToMany({ entity: 'PackageFeature', mappedBy: 'package' })
  features = new Collection<PackageFeature>(this);
}
