import { Module } from '@nestjs/common';
import { OrgChartController } from './org-chart.controller';
import { OrgChartService } from './org-chart.service';

@Module({
  controllers: [OrgChartController],
  providers: [OrgChartService],
})
export class OrgChartModule {}
