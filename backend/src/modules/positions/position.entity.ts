import { Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Department } from '../departments/department.entity';

export const POSITION_LEVELS = ['junior', 'mid', 'senior', 'executive'] as const;
export type PositionLevel = (typeof POSITION_LEVELS)[number];

@Entity({ tableName: 'positions' })
@Unique({ properties: ['company', 'position_code'] })
@Index({ properties: ['company', 'level'] })
export class Position extends TenantScopedEntity {
  @Property({ length: 50 })
  position_code!: string;

  @Property({ length: 200 })
  position_title!: string;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'restrict', index: true })
  department?: Rel<Department> | null;

  @Enum({ items: [...POSITION_LEVELS], default: 'mid' })
  level: Opt<PositionLevel> = 'mid';

  /** numeric(14,2), read as a decimal string so no cent is lost. */
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  min_salary?: string | null;

  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  max_salary?: string | null;

  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
