import { Module } from '@nestjs/common';
import { CompanyMetrics } from './company-metrics';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { GettingStartedService } from './getting-started.service';

@Module({
  controllers: [DashboardController],
  providers: [DashboardService, CompanyMetrics, GettingStartedService],
  exports: [CompanyMetrics],
})
export class DashboardModule {}
