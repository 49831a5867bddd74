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

/**
 * How to pay an invoice, for its e-mail: the platform's payment instructions and the invoice
 * number to quote as the payment reference (the same words as the PDF and the subscription screen).
 */
export function howToPayText(instructions: string | null | undefined, invoiceNumber: string): string {
  const reference = `Quote ${invoiceNumber} as the payment reference.`;
  return instructions?.trim()
    ? `How to pay: ${instructions.trim()}\n${reference} Once you have paid, tell us with "I have paid" on Settings → Subscription.`
    : `To pay, contact the platform; quote ${invoiceNumber} as the payment reference. Once you have paid, tell us with "I have paid" on Settings → Subscription.`;
}

/** The same text in SQL, for set-based e-mails: `instructions` a parameter's placeholder, `number` the invoice number's column. */
export const howToPaySql = (number: string): string =>
  `case when nullif(trim(?::text), '') is not null
     then E'\\nHow to pay: ' || trim(?::text) || E'\\nQuote ' || ${number} || ' as the payment reference. Once you have paid, tell us with "I have paid" on Settings → Subscription.'
     else E'\\nTo pay, contact the platform; quote ' || ${number} || ' as the payment reference. Once you have paid, tell us with "I have paid" on Settings → Subscription.' end`;
