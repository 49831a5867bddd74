import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { escapeHtml, MailService } from '../auth/mail.service';
import type { NotificationTopic } from './notification.entity';
import { MeasuredJob } from '../metrics/job-metrics';

export const NOTIFICATION_SENDER_JOB = 'notifications-send';
export const MAX_ATTEMPTS = 5;
const BATCH = 50;
/** a notice claimed this long ago by an instance that stopped is claimed again */
const STALE_CLAIM_MINUTES = 10;

/** Where each topic is handled in the console. */
const LINKS: Record<NotificationTopic, string> = {
  leave_requests: '/hr/leave',
  payroll_updates: '/hr/payroll',
  billing: '/settings/subscription',
  reports: '/hr/reports',
};

interface Claimed {
  id: number;
  email: string;
  topic: NotificationTopic;
  subject: string;
  body: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment: Buffer | null;
}

export interface SendResult {
  sent: number;
  failed: number;
}

/**
 * Delivers queued notifications. Each batch is claimed with FOR UPDATE SKIP LOCKED, so several
 * app instances share the work without sending a notice twice; a failed send is retried with a
 * growing delay, up to MAX_ATTEMPTS.
 */
@Injectable()
export class NotificationSender {
  private readonly logger = new Logger('NotificationSender');
  private running = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron('*/20 * * * * *', { name: NOTIFICATION_SENDER_JOB })
  async tick(): Promise<void> {
    if (this.config.nodeEnv === 'test' || this.running) return;
    this.running = true;
    try {
      const { sent, failed } = await this.run();
      if (sent || failed) this.logger.log(`notifications: ${sent} sent, ${failed} failed`);
    } catch (e) {
      this.logger.error(`sending notifications failed: ${(e as Error).message}`);
    } finally {
      this.running = false;
    }
  }

  /** Sends every notice that is due, batch by batch. */
  @MeasuredJob(NOTIFICATION_SENDER_JOB)
  async run(): Promise<SendResult> {
    const total: SendResult = { sent: 0, failed: 0 };
    for (;;) {
      const batch = await this.claim();
      if (!batch.length) return total;
      for (const notice of batch) {
        if (await this.deliver(notice)) total.sent++;
        else total.failed++;
      }
    }
  }

  private async claim(): Promise<Claimed[]> {
    const rows = await this.orm.em.fork().getConnection().execute<Claimed[]>(
      `update notifications n set status = 'sending', attempts = n.attempts + 1, updated_at = now()
         from users u
        where n.id in (
                select id from notifications
                 where (status = 'pending' and next_attempt_at <= now())
                    or (status = 'sending' and updated_at < now() - interval '${STALE_CLAIM_MINUTES} minutes')
                 order by id
                 limit ${BATCH}
                 for update skip locked)
          and u.id = n.user_id
        returning n.id, u.email, n.topic, n.subject, n.body, n.attachment_name, n.attachment_type, n.attachment`,
      [],
      'all',
    );
    return rows;
  }

  private async deliver(notice: Claimed): Promise<boolean> {
    const link = `${this.config.appUrl}${LINKS[notice.topic]}`;
    const footer =
      notice.topic === 'reports'
        ? "You receive this e-mail because your company's administrator scheduled this report for you (Reports → Scheduled reports)."
        : 'You receive this e-mail because of your notification settings (Settings → Notifications).';
    const conn = this.orm.em.fork().getConnection();
    try {
      await this.mail.send({
        to: notice.email,
        subject: notice.subject,
        text: `${notice.body}\n\n${link}\n\n${footer}\n`,
        html: `<p>${escapeHtml(notice.body).replace(/\n/g, '<br>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p style="color:#666">${escapeHtml(footer)}</p>`,
        ...(notice.attachment && notice.attachment_name
          ? { attachments: [{ filename: notice.attachment_name, contentType: notice.attachment_type ?? 'application/octet-stream', content: Buffer.from(notice.attachment) }] }
          : {}),
      });
      // a sent file is not kept: its name stays with the notice
      await conn.execute(`update notifications set status = 'sent', sent_at = now(), last_error = null, attachment = null, updated_at = now() where id = ?`, [notice.id], 'run');
      return true;
    } catch (e) {
      const message = (e as Error).message.slice(0, 1000);
      await conn.execute(
        `update notifications
            set status = case when attempts >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
                next_attempt_at = now() + make_interval(mins => attempts * attempts),
                last_error = ?, updated_at = now()
          where id = ?`,
        [message, notice.id],
        'run',
      );
      this.logger.warn(`notification ${notice.id} to ${notice.email} not sent: ${message}`);
      return false;
    }
  }
}
