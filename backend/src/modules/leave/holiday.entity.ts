import { Entity, Property, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

/** A company day off: not a working day for leave requests. */
@Entity({ tableName: 'holidays' })
@Unique({ properties: ['company', 'holiday_date'] })
export class Holiday extends TenantScopedEntity {
  @Property({ type: 'string', columnType: 'date' })
  holiday_date!: string;

  @Property({ length: 150 })
  name!: string;
}
