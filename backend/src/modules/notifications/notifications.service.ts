import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NOTIFICATION_TOPICS, TOPICS_WITHOUT_PREFERENCE, type NotificationTopic } from './notification.entity';

/** A file sent with each notice of a queue call. */
export interface NotificationAttachment {
  name: string;
  type: string;
  content: Buffer;
}

/**
 * Queues e-mail notifications in the caller's transaction. `recipients` is a SQL query returning
 * the columns company_id, user_id, subject and body (one row per notice); only active users
 * with an e-mail address whose preferences want e-mail of this topic get one (a user without
 * preferences wants everything), all in one INSERT ... SELECT.
 */
@Injectable()
export class NotificationsService {
  async queue(
    em: EntityManager,
    topic: NotificationTopic,
    recipients: string,
    params: unknown[],
    attachment?: NotificationAttachment,
  ): Promise<number> {
    if (!NOTIFICATION_TOPICS.includes(topic)) throw new Error(`unknown notification topic ${topic}`);
    const res = await em.execute<{ affectedRows: number }>(
      `insert into notifications (company_id, user_id, topic, subject, body, status, attempts, next_attempt_at, created_at, updated_at,
                                  attachment_name, attachment_type, attachment)
       select r.company_id, r.user_id, '${topic}', left(r.subject, 200), r.body, 'pending', 0, now(), now(), now(), ?, ?, ?::bytea
         from (${recipients}) r
         join users u on u.id = r.user_id and u.is_active and u.email is not null
         left join notification_preferences p on p.user_id = r.user_id
        where coalesce(p.email, true) and ${TOPICS_WITHOUT_PREFERENCE.has(topic) ? 'true' : `coalesce(p.${topic}, true)`}`,
      [attachment?.name ?? null, attachment?.type ?? null, attachment?.content ?? null, ...params],
      'run',
    );
    return res.affectedRows;
  }
}
