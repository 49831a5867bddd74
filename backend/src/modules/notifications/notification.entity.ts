import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';

/**
 * billing: invoices, reminders and suspensions, to the company's admins; reports: scheduled
 * reports, to the recipients an admin chose. Neither is subject to a topic preference.
 */
export const NOTIFICATION_TOPICS = ['leave_requests', 'payroll_updates', 'billing', 'reports'] as const;
export const TOPICS_WITHOUT_PREFERENCE: ReadonlySet<NotificationTopic> = new Set(['billing', 'reports']);
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** pending → sending → sent; a failed attempt goes back to pending until MAX_ATTEMPTS, then failed. */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * An e-mail notification waiting to be sent (an outbox): written in the same transaction as the
 * change it tells about, so a notice is never sent for a change that was rolled back, nor lost
 * for one that was committed. NotificationSender delivers it.
 */
@Entity({ tableName: 'notifications' })
@Index({
  name: 'notifications_due',
  expression: `create index "notifications_due" on "notifications" ("next_attempt_at", "id") where "status" in ('pending', 'sending')`,
})
export class Notification extends TenantScopedEntity {
  @ManyToOne({ entity: 'User', deleteRule: 'cascade', index: true })
  user!: Rel<User>;

  @Enum({ items: [...NOTIFICATION_TOPICS] })
  topic!: NotificationTopic;

  @Property({ length: 200 })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  @Enum({ items: [...NOTIFICATION_STATUSES], default: 'pending' })
  status: Opt<NotificationStatus> = 'pending';

  @Property({ default: 0 })
  attempts: Opt<number> = 0;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  next_attempt_at: Opt<Date> = new Date();

  @Property({ columnType: 'timestamptz', nullable: true })
  sent_at?: Date | null;

  @Property({ type: 'text', nullable: true })
  last_error?: string | null;

  /** a file sent with the e-mail (a scheduled report) */
  @Property({ length: 200, nullable: true })
  attachment_name?: string | null;

  @Property({ length: 100, nullable: true })
  attachment_type?: string | null;

  @Property({ type: 'blob', nullable: true, lazy: true })
  attachment?: Buffer | null;
}
