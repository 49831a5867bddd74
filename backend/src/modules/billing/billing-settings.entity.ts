import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';

/** The platform's billing settings: one row (id 1), platform-wide. */
@Entity({ tableName: 'billing_settings' })
export class BillingSettings {
  @PrimaryKey({ autoincrement: false })
  id: Opt<number> = 1;

  /** ISO 4217 code of every invoice. */
  @Property({ length: 3, default: 'USD' })
  currency: Opt<string> = 'USD';

  /** An invoice is due this many days after it is issued. */
  @Property({ default: 14 })
  due_days: Opt<number> = 14;

  /** A past-due subscription is suspended this many days after the invoice's due date. */
  @Property({ default: 14 })
  grace_days: Opt<number> = 14;

  /** The reminder goes out this many days before the due date. */
  @Property({ default: 3 })
  reminder_days: Opt<number> = 3;

  /** The seller on the invoice PDF. */
  @Property({ length: 200, default: 'HR Platform' })
  seller_name: Opt<string> = 'HR Platform';

  @Property({ type: 'text', nullable: true })
  seller_address?: string | null;

  @Property({ length: 255, nullable: true })
  seller_email?: string | null;

  @Property({ length: 50, nullable: true })
  seller_tax_id?: string | null;

  /**
   * How a company pays an invoice (bank details, or any text): printed on every open invoice, its
   * PDF, its e-mail and the company's subscription screen, with the invoice number to quote.
   */
  @Property({ type: 'text', nullable: true })
  payment_instructions?: string | null;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updated_at: Opt<Date> = new Date();
}
