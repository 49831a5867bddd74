import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationsService } from '../notifications/notifications.service';

/**
 * Queues a billing notice to the active company admins of the companies `companies` selects (a SQL
 * query with columns company_id, subject, body), through the notification outbox, in the caller's
 * transaction: set-based, one INSERT for any number of companies.
 */
export function queueBillingNotices(
  notifications: NotificationsService,
  em: EntityManager,
  companies: string,
  params: unknown[],
): Promise<number> {
  return notifications.queue(
    em,
    'billing',
    `select n.company_id, u.id as user_id, n.subject, n.body
       from (${companies}) n
       join users u on u.company_id = n.company_id and u.role = 'company_admin'`,
    params,
  );
}
