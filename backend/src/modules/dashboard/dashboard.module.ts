import { Module } from '@nestjs/common';
import { CompanyMetrics } from './company-metrics';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({
  controllers: [DashboardController],
  providers: [DashboardService, CompanyMetrics],
  exports: [CompanyMetrics],
})
export class DashboardModule {}
