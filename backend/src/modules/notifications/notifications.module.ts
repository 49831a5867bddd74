import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';
import { NotificationSender } from './notification-sender.job';
import { NotificationsService } from './notifications.service';

/** Sent notices kept this long, then removed by the old-records cleanup. */
const KEEP_SENT_DAYS = 90;

/**
 * E-mail notifications of leave and payroll events, by the users' notification preferences.
 * Global: the modules that notify inject NotificationsService without importing this module.
 */
@Global()
@Module({
  imports: [AuthModule],
  providers: [NotificationsService, NotificationSender],
  exports: [NotificationsService, NotificationSender],
})
export class NotificationsModule implements OnModuleInit {
  constructor(private readonly cleanup: RecordCleanupRegistry) {}

  onModuleInit(): void {
    this.cleanup.register({
      name: 'sent notifications',
      clean: async ({ em }) =>
        (
          await em.execute<{ affectedRows: number }>(
            `delete from notifications where status in ('sent', 'failed') and updated_at < now() - interval '${KEEP_SENT_DAYS} days'`,
            [],
            'run',
          )
        ).affectedRows,
    });
  }
}
