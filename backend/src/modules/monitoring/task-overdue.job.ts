import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import { OPEN_STATUSES } from './task.entity';
import { MeasuredJob } from '../metrics/job-metrics';

export const OVERDUE_JOB = 'tasks-overdue';

/**
 * Marks open tasks past their due date as overdue, for every company, in one set-based UPDATE.
 * Idempotent, so instances running it at the same moment do no harm and need no lock.
 */
@Injectable()
export class TaskOverdueJob {
  private readonly logger = new Logger('TaskOverdueJob');

  constructor(private readonly orm: MikroORM) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: OVERDUE_JOB })
  async tick(): Promise<void> {
    try {
      const marked = await this.run();
      if (marked) this.logger.log(`${marked} task(s) marked overdue`);
    } catch (e) {
      this.logger.error(`marking overdue tasks failed: ${(e as Error).message}`);
    }
  }

  @MeasuredJob(OVERDUE_JOB)
  async run(): Promise<number> {
    const result = await this.orm.em
      .fork()
      .getConnection()
      .execute(
        `update tasks set status = 'overdue', updated_at = now()
          where status in (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')}) and due_date < now()`,
        [],
        'run',
      );
    return (result as { affectedRows?: number }).affectedRows ?? 0;
  }
}
