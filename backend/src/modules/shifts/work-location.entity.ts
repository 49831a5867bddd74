import { Entity, Index, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

export const DEFAULT_RADIUS = 100;
export const RADIUS_BOUNDS = { min: 10, max: 1000 } as const;

/** A place employees check in at: inside `radius` metres of the point counts as on site. */
@Entity({ tableName: 'work_locations' })
@Index({ properties: ['company', 'is_active'] })
export class WorkLocation extends TenantScopedEntity {
  @Property({ length: 200 })
  location_name!: string;

  @Property({ type: 'text', nullable: true })
  address?: string | null;

  @Property({ type: 'decimal', precision: 9, scale: 6 })
  latitude!: string;

  @Property({ type: 'decimal', precision: 9, scale: 6 })
  longitude!: string;

  /** metres */
  @Property({ default: DEFAULT_RADIUS })
  radius: Opt<number> = DEFAULT_RADIUS;

  @Property({ default: true })
  is_active: Opt<boolean> = true;
}
