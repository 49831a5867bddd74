import { Check, Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { LeavePolicy } from './leave-policy.entity';

@Entity({ tableName: 'leave_types' })
@Unique({ properties: ['company', 'type_code'] })
@Index({ properties: ['company', 'is_active'] })
@Check({ name: 'leave_types_max_days_check', expression: 'max_days_per_year >= 0' })
export class LeaveType extends TenantScopedEntity {
  @Property({ length: 100 })
  type_name!: string;

  @Property({ length: 20 })
  type_code!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  /** Days granted each year; 0 means no yearly limit. */
  @Property({ type: 'integer', default: 0 })
  max_days_per_year: Opt<number> = 0;

  @Property({ default: true })
  is_paid: Opt<boolean> = true;

  @Property({ default: true })
  requires_approval: Opt<boolean> = true;

  @Property({ default: false })
  requires_attachment: Opt<boolean> = false;

  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @ManyToOne({ entity: 'LeavePolicy', nullable: true, deleteRule: 'set null', index: true })
  policy?: Rel<LeavePolicy> | null;
}
