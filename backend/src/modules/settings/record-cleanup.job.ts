import { Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { RecordCleanupRegistry } from './record-cleanup.registry';
import { MeasuredJob } from '../metrics/job-metrics';

export const CLEAN_OLD_RECORDS_JOB = 'clean-old-records';

/** Nightly run of the record cleaners (the same as POST /api/system/clean-old-records). */
@Injectable()
export class RecordCleanupJob {
  constructor(private readonly cleanup: RecordCleanupRegistry) {}

  @Cron('0 30 3 * * *', { name: CLEAN_OLD_RECORDS_JOB })
  @MeasuredJob(CLEAN_OLD_RECORDS_JOB)
  async nightly(): Promise<void> {
    await this.cleanup.run();
  }
}
