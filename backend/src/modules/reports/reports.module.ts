import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { PermissionsModule } from '../permissions/permissions.module';
import { ReportExportService } from './export/report-export.service';
import { ReportsController } from './reports.controller';
import { ReportsService } from './reports.service';
import { ReportSubscriptionsController } from './schedule/report-subscriptions.controller';
import { ReportSubscriptionsService } from './schedule/report-subscriptions.service';
import { ScheduledReportsJob } from './schedule/scheduled-reports.job';

@Module({
  imports: [PermissionsModule, NotificationsModule],
  // the subscriptions' static path first, before reports/:id
  controllers: [ReportSubscriptionsController, ReportsController],
  providers: [ReportsService, ReportExportService, ReportSubscriptionsService, ScheduledReportsJob],
  exports: [ReportsService, ScheduledReportsJob],
})
export class ReportsModule {}
