import { Check, Entity, Enum, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { BonusRule } from './bonus-rule.entity';

/** fixed: bonus_value is an amount; salary_percentage: bonus_value is a percent of monthly salary. */
export const BONUS_TYPES = ['fixed', 'salary_percentage'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** From min_achievement (percent) upwards, until the next tier, this bonus applies. */
@Entity({ tableName: 'bonus_rule_tiers' })
@Unique({ properties: ['company', 'bonus_rule', 'min_achievement'] })
@Check({ name: 'bonus_rule_tiers_values', expression: 'min_achievement >= 0 and bonus_value >= 0' })
export class BonusRuleTier extends TenantScopedEntity {
  @ManyToOne({ entity: 'BonusRule', deleteRule: 'cascade', index: true })
  bonus_rule!: Rel<BonusRule>;

  @Property({ type: 'decimal', precision: 7, scale: 2 })
  min_achievement!: string;

  @Enum({ items: [...BONUS_TYPES] })
  bonus_type!: BonusType;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  bonus_value!: string;
}
