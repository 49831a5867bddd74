import { Entity, Enum, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';

export const FEATURE_MODULES = ['hr', 'face', 'monitoring', 'kpi', 'api', 'support'] as const;
export type FeatureModule = (typeof FEATURE_MODULES)[number];
export const FEATURE_TYPES = ['core', 'premium', 'addon'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

/**
 * A feature a package may include. A feature whose code is a permission module key grants that
 * module (see PlanService).
 */
@Entity({ tableName: 'features' })
export class Feature extends BaseEntity {
  @Property({ length: 50, unique: true })
  feature_code!: string;

  @Property({ length: 100 })
  feature_name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Enum({ items: [...FEATURE_MODULES] })
  module!: FeatureModule;

  @Enum({ items: [...FEATURE_TYPES] })
  feature_type!: FeatureType;

  @Property({ default: true })
  is_active: Opt<boolean> = true;
}
