import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { companyZone } from '../../kpi/company-zone';
import { NotificationsService } from '../../notifications/notifications.service';
import { reportById } from '../catalogue';
import { ReportExportService } from '../export/report-export.service';
import { EXPORT_TYPES } from '../export/writers';
import { ReportsService } from '../reports.service';
import { ReportSubscription } from './report-subscription.entity';
import { nextRun, periodCovered, ReportSubscriptionsService, type ReportRecipient } from './report-subscriptions.service';
import { MeasuredJob } from '../../metrics/job-metrics';

export const SCHEDULED_REPORTS_JOB = 'scheduled-reports';
/** subscriptions sent per run; the rest wait for the next hour */
const MAX_PER_RUN = 200;

export interface ScheduledReportsResult {
  sent: number;
  /** runs that sent nothing: no recipient may see the report any more, or it failed */
  failed: number;
}

/**
 * Sends the scheduled reports that are due: each in its own transaction that claims the row (FOR
 * UPDATE SKIP LOCKED, so two instances never send one twice), makes the file, queues one notice
 * per recipient in the outbox with the file attached, and moves the next run on. Each recipient
 * is sent the figures of their own scope at the time of sending (a team lead the team's, an admin
 * the company's): one file per distinct scope among the recipients.
 */
@Injectable()
export class ScheduledReportsJob {
  private readonly logger = new Logger('ScheduledReports');

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: ReportsService,
    private readonly exports: ReportExportService,
    private readonly subscriptions: ReportSubscriptionsService,
    private readonly notifications: NotificationsService,
  ) {}

  @Cron('0 40 * * * *', { name: SCHEDULED_REPORTS_JOB })
  async tick(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    try {
      const r = await this.run(new Date());
      if (r.sent || r.failed) this.logger.log(`scheduled reports: ${r.sent} sent, ${r.failed} not sent`);
    } catch (e) {
      this.logger.error(`scheduled reports failed: ${(e as Error).message}`);
    }
  }

  @MeasuredJob(SCHEDULED_REPORTS_JOB)
  async run(now: Date): Promise<ScheduledReportsResult> {
    const result: ScheduledReportsResult = { sent: 0, failed: 0 };
    for (let i = 0; i < MAX_PER_RUN; i++) {
      const outcome = await this.orm.em.fork().transactional((em) => this.sendOne(em, now));
      if (outcome === null) break;
      if (outcome) result.sent++;
      else result.failed++;
    }
    return result;
  }

  /** null when nothing is due; whether the report went out otherwise. */
  private async sendOne(em: EntityManager, now: Date): Promise<boolean | null> {
    const [due] = await em.execute<Array<{ id: number }>>(
      `select id from report_subscriptions where is_active and next_run_at <= ? order by next_run_at, id limit 1 for update skip locked`,
      [now],
    );
    if (!due) return null;
    const sub = await em.findOneOrFail(ReportSubscription, { id: due.id }, { filters: false });
    const companyId = sub.company.id;
    const zone = await companyZone(em, companyId);
    const runAt = sub.next_run_at;
    sub.next_run_at = nextRun(sub.frequency, zone, now > runAt ? now : runAt);
    let error: string | null = null;
    try {
      // a savepoint: a failed report leaves the claim and its error to be saved
      await em.transactional((inner) => this.send(inner, sub, companyId, zone, runAt, now));
    } catch (e) {
      error = (e as Error).message.slice(0, 1000);
      this.logger.warn(`scheduled report ${sub.id} of company ${companyId} not sent: ${error}`);
    }
    sub.last_error = error;
    await em.flush();
    return error === null;
  }

  private async send(em: EntityManager, sub: ReportSubscription, companyId: number, zone: string, runAt: Date, now: Date): Promise<void> {
    const def = reportById(sub.report_id);
    if (!def) throw new Error('The report no longer exists');
    const recipients = [...(await this.subscriptions.allowedRecipients(companyId, def, sub.recipients)).values()].filter(
      (r): r is ReportRecipient => !!r,
    );
    if (!recipients.length) throw new Error('None of the recipients may see this report any more');
    const period = periodCovered(sub.frequency, zone, runAt);
    const filters = {
      from: period.from,
      to: period.to,
      at: period.to,
      group_by: sub.group_by ?? undefined,
      department_id: sub.department?.id,
      position_id: sub.position?.id,
      location_id: sub.location?.id,
    };
    const when = `${DateTime.fromISO(period.from).toFormat('d LLL')} – ${DateTime.fromISO(period.to).toFormat('d LLL yyyy')}`;
    const subject = `${sub.frequency === 'weekly' ? 'Weekly' : 'Monthly'} report: ${def.title} (${when})`;
    const byScope = new Map<string, ReportRecipient[]>();
    for (const r of recipients) byScope.set(r.scopeKey, [...(byScope.get(r.scopeKey) ?? []), r]);
    for (const group of byScope.values()) {
      // the recipients of one scope see the same figures: the report is run once for them
      const scan = await this.reports.params(group[0].reader, group[0].perms, def, filters);
      const file = await this.exports.write(scan, sub.format);
      const content = await file.buffer();
      const body = `${def.title}\n${scan.subtitle}\n\nThe report is attached as ${sub.format.toUpperCase()} (${file.name}).`;
      await this.notifications.queue(
        em,
        'reports',
        `select ?::int as company_id, value::int as user_id, ?::text as subject, ?::text as body from json_array_elements_text(?::json)`,
        [companyId, subject, body, JSON.stringify(group.map((r) => r.userId))],
        { name: file.name, type: EXPORT_TYPES[sub.format].split(';')[0], content },
      );
    }
    sub.last_sent_at = now;
  }
}
