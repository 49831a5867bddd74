import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationPreferencesDto, UpdateNotificationPreferencesDto } from './dto/notification-preferences.dto';
import { NotificationPreference } from './notification-preference.entity';

export type NotificationTopic = 'leave_requests' | 'payroll_updates';
const TOPICS = new Set<string>(['leave_requests', 'payroll_updates']);

export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferencesDto> = Object.freeze({
  email: true,
  leave_requests: true,
  payroll_updates: true,
});

const toDto = (p: Pick<NotificationPreference, 'email' | 'leave_requests' | 'payroll_updates'>): NotificationPreferencesDto => ({
  email: p.email,
  leave_requests: p.leave_requests,
  payroll_updates: p.payroll_updates,
});

/**
 * Per-user notification preferences. Code that sends a notification asks `wants` (one user) or
 * `recipients` (many, in one query) first.
 */
@Injectable()
export class NotificationPreferencesService {
  constructor(private readonly em: EntityManager) {}

  async forUser(userId: number): Promise<NotificationPreferencesDto> {
    const [row] = await this.em.execute<NotificationPreferencesDto[]>(
      'select email, leave_requests, payroll_updates from notification_preferences where user_id = ?',
      [userId],
    );
    return row ? toDto(row) : { ...DEFAULT_NOTIFICATION_PREFERENCES };
  }

  async update(userId: number, dto: UpdateNotificationPreferencesDto): Promise<NotificationPreferencesDto> {
    return this.em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const trx = tx.getTransactionContext();
      await conn.execute(
        'insert into notification_preferences (user_id) values (?) on conflict (user_id) do nothing',
        [userId],
        'run',
        trx,
      );
      const sets: string[] = [];
      const params: unknown[] = [];
      for (const key of ['email', 'leave_requests', 'payroll_updates'] as const) {
        if (dto[key] === undefined) continue;
        sets.push(`${key} = ?`);
        params.push(dto[key]);
      }
      const [row] = await conn.execute<NotificationPreferencesDto[]>(
        `update notification_preferences set ${[...sets, 'updated_at = now()'].join(', ')} where user_id = ?
         returning email, leave_requests, payroll_updates`,
        [...params, userId],
        'all',
        trx,
      );
      return { email: row.email, leave_requests: row.leave_requests, payroll_updates: row.payroll_updates };
    });
  }

  /** Whether the user wants email notifications of this topic. */
  async wants(userId: number, topic: NotificationTopic): Promise<boolean> {
    const prefs = await this.forUser(userId);
    return prefs.email && prefs[topic];
  }

  /** The users of the list that want email notifications of this topic (users without a row want all). */
  async recipients(userIds: readonly number[], topic: NotificationTopic): Promise<number[]> {
    if (!userIds.length) return [];
    if (!TOPICS.has(topic)) throw new Error(`unknown notification topic ${topic}`);
    const off: Array<{ user_id: number }> = await this.em.execute(
      `select user_id from notification_preferences where user_id in (?) and not (email and ${topic})`,
      [[...userIds]],
    );
    const excluded = new Set(off.map((r) => Number(r.user_id)));
    return userIds.filter((id) => !excluded.has(id));
  }
}
