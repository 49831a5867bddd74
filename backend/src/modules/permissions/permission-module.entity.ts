import { Entity, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';

/** A module of the product whose use is granted per permission entry (spec: "Module"). */
@Entity({ tableName: 'modules' })
export class PermissionModule extends BaseEntity {
  @Property({ length: 50, unique: true })
  module_key!: string;

  @Property({ length: 100 })
  module_name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ default: 0 })
  sort_order: Opt<number> = 0;
}
