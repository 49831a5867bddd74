import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

export const DEFAULT_GRACE_PERIOD = 15;

/** A working shift: start and end are times of day in the company's time zone. */
@Entity({ tableName: 'shifts' })
@Unique({ properties: ['company', 'shift_code'] })
@Index({ properties: ['company', 'is_active'] })
export class Shift extends TenantScopedEntity {
  @Property({ length: 100 })
  shift_name!: string;

  @Property({ length: 50 })
  shift_code!: string;

  /** HH:MM:SS */
  @Property({ type: 'string', columnType: 'time(0)' })
  start_time!: string;

  /** HH:MM:SS; before start_time for a shift that ends the next day */
  @Property({ type: 'string', columnType: 'time(0)' })
  end_time!: string;

  /** minutes */
  @Property({ default: 0 })
  break_duration: Opt<number> = 0;

  /** minutes after start_time before a check-in counts as late */
  @Property({ default: DEFAULT_GRACE_PERIOD })
  grace_period: Opt<number> = DEFAULT_GRACE_PERIOD;

  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
