import { Entity, Enum, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';
import type { Invoice } from './invoice.entity';

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'check', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment against an invoice; partial payments add up. `provider` names who took it (manual: recorded by the platform). */
@Entity({ tableName: 'payments' })
export class Payment extends TenantScopedEntity {
  @ManyToOne({ entity: 'Invoice', deleteRule: 'restrict', index: true })
  invoice!: Rel<Invoice>;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount!: string;

  @Property({ type: 'date' })
  paid_on!: string;

  @Enum({ items: [...PAYMENT_METHODS] })
  method!: PaymentMethod;

  @Property({ length: 100, nullable: true })
  reference?: string | null;

  @Property({ length: 30, default: 'manual' })
  provider!: string;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  recorded_by?: Rel<User> | null;
}
