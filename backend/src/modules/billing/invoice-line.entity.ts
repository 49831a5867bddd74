import { Entity, Enum, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Invoice } from './invoice.entity';

/** plan: a period of a package; proration_credit: unused time of the old package (negative); proration_charge: the rest of the period on the new one. */
export const INVOICE_LINE_KINDS = ['plan', 'proration_credit', 'proration_charge'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** One line of an invoice, its amount rounded half-up to the cent. */
@Entity({ tableName: 'invoice_lines' })
export class InvoiceLine extends TenantScopedEntity {
  @ManyToOne({ entity: 'Invoice', deleteRule: 'cascade', index: true })
  invoice!: Rel<Invoice>;

  @Property()
  line_no!: number;

  @Enum({ items: [...INVOICE_LINE_KINDS] })
  kind!: InvoiceLineKind;

  @Property({ length: 300 })
  description!: string;

  @Property({ type: 'date' })
  period_start!: string;

  @Property({ type: 'date' })
  period_end!: string;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  amount!: string;
}
