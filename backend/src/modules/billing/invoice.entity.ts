import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import { BILLING_CYCLES, type BillingCycle } from '../companies/company.entity';
import type { Package } from '../packages/package.entity';
import type { User } from '../users/user.entity';

/** open → paid (payments add up to the total) | void (cancelled by the platform). */
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Why an invoice was issued: the first paid period (from a trial, a cancelled or a free
 * subscription: the plan applies when it is paid), a renewal at a period start, or an upgrade
 * during a period (prorated).
 */
export const INVOICE_REASONS = ['new_subscription', 'renewal', 'upgrade'] as const;
export type InvoiceReason = (typeof INVOICE_REASONS)[number];

/**
 * A company's invoice. Its number comes from a platform-wide sequence without gaps
 * (invoice_number_sequences, taken in the invoice's own transaction). Money is numeric, exact.
 */
@Entity({ tableName: 'invoices' })
@Index({ properties: ['company', 'issue_date'] })
@Index({
  name: 'invoices_open_due',
  expression: `create index "invoices_open_due" on "invoices" ("due_date", "company_id") where "status" = 'open'`,
})
@Index({
  name: 'invoices_one_open_new_subscription',
  expression: `create unique index "invoices_one_open_new_subscription" on "invoices" ("company_id") where "status" = 'open' and "reason" = 'new_subscription'`,
})
export class Invoice extends TenantScopedEntity {
  @Property({ length: 20, unique: true })
  invoice_number!: string;

  @Enum({ items: [...INVOICE_REASONS] })
  reason!: InvoiceReason;

  /** The package the invoice is for (the new one for an upgrade). */
  @ManyToOne({ entity: 'Package', deleteRule: 'restrict', index: true })
  package!: Rel<Package>;

  @Enum({ items: [...BILLING_CYCLES] })
  billing_cycle!: BillingCycle;

  /** The subscription period it pays for: [period_start, period_end). */
  @Property({ type: 'date' })
  period_start!: string;

  @Property({ type: 'date' })
  period_end!: string;

  @Property({ length: 3 })
  currency!: string;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  subtotal!: string;

  @Property({ type: 'decimal', precision: 5, scale: 2 })
  tax_rate!: string;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  tax!: string;

  @Property({ type: 'decimal', precision: 12, scale: 2 })
  total!: string;

  @Property({ type: 'decimal', precision: 12, scale: 2, default: '0.00' })
  amount_paid: Opt<string> = '0.00';

  @Index()
  @Enum({ items: [...INVOICE_STATUSES], default: 'open' })
  status: Opt<InvoiceStatus> = 'open';

  @Property({ type: 'date' })
  issue_date!: string;

  @Property({ type: 'date' })
  due_date!: string;

  @Property({ columnType: 'timestamptz', nullable: true })
  paid_at?: Date | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  voided_at?: Date | null;

  @Property({ type: 'text', nullable: true })
  void_reason?: string | null;

  /** When the reminder before the due date went out (once). */
  @Property({ columnType: 'timestamptz', nullable: true })
  reminder_sent_at?: Date | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  created_by?: Rel<User> | null;

  /** The company said it has paid ("I have paid"): the platform confirms it by recording the payment. */
  @Property({ columnType: 'timestamptz', nullable: true })
  payment_reported_at?: Date | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  payment_reported_by?: Rel<User> | null;

  @Property({ length: 500, nullable: true })
  payment_report_note?: string | null;

}
