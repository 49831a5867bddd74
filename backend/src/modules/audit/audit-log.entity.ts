import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import type { Company } from '../companies/company.entity';
import type { User } from '../users/user.entity';

export const AUDIT_ACTIONS = [
  'impersonation.start',
  'impersonation.stop',
  'write',
  'sign_in',
  'sign_in.failed',
  'access.denied',
  'password.changed',
  'password.reset_requested',
  'password.reset',
  'subscription.requested',
  'subscription.approved',
  'subscription.rejected',
  // billing (modules/billing); jobs record them with no user ("system")
  'subscription.plan_changed',
  'subscription.change_scheduled',
  'subscription.change_withdrawn',
  // the renewal did not make a scheduled change: the company is over the waiting package's limits
  'subscription.change_refused',
  'subscription.cancel_scheduled',
  'subscription.resumed',
  'subscription.renewed',
  'subscription.status_changed',
  'invoice.issued',
  'invoice.reminded',
  'invoice.paid',
  'invoice.voided',
  // a company admin said the invoice was paid ("I have paid"); the platform confirms with payment.recorded
  'invoice.payment_reported',
  'payment.recorded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Who did what, as which company, when. Rows outlive the user and the company they name (the
 * names are kept as text), so deleting a company keeps the record of who worked in it.
 */
@Entity({ tableName: 'audit_logs' })
@Index({ properties: ['company', 'created_at'] })
export class AuditLog {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();

  /** Who: the signed-in user (the superadmin while impersonating). */
  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  user?: Rel<User> | null;

  @Property({ length: 255 })
  user_email!: string;

  /** As which company. */
  @ManyToOne({ entity: 'Company', nullable: true, deleteRule: 'set null' })
  company?: Rel<Company> | null;

  @Property({ length: 200, nullable: true })
  company_name?: string | null;

  @Property({ length: 50 })
  action!: AuditAction;

  @Property({ length: 10, nullable: true })
  method?: string | null;

  @Property({ length: 500, nullable: true })
  path?: string | null;

  @Property({ type: 'smallint', nullable: true })
  status_code?: number | null;

  @Property({ length: 64, nullable: true })
  ip?: string | null;

  /** The request's X-Request-Id (also in every log line of the request); null for the jobs' entries. */
  @Property({ length: 64, nullable: true })
  request_id?: string | null;

  @Property({ type: 'json', nullable: true })
  details?: Record<string, unknown> | null;
}
