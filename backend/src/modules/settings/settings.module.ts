import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { CompanyExportService } from './company-export.service';
import { NotificationPreferencesService } from './notification-preferences.service';
import { RecordCleanupJob } from './record-cleanup.job';
import { RecordCleanupRegistry } from './record-cleanup.registry';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { SystemController } from './system.controller';
import { SystemHealthService } from './system-health.service';

/**
 * Company and user settings, and the superadmin's system tools. Global, so the attendance module
 * reads SettingsService.attendanceSettings, senders ask NotificationPreferencesService, and modules
 * with retained data register a cleaner with RecordCleanupRegistry, without importing this module.
 */
@Global()
@Module({
  imports: [ScheduleModule.forRoot()],
  controllers: [SettingsController, SystemController],
  providers: [
    SettingsService,
    NotificationPreferencesService,
    RecordCleanupRegistry,
    RecordCleanupJob,
    SystemHealthService,
    CompanyExportService,
  ],
  exports: [SettingsService, NotificationPreferencesService, RecordCleanupRegistry],
})
export class SettingsModule {}
