import { Module } from '@nestjs/common';
import { BonusCalculationService } from './bonus-calculation.service';
import { BonusPaymentsController } from './bonus-payments.controller';
import { BonusPaymentsService } from './bonus-payments.service';
import { BonusRulesController } from './bonus-rules.controller';
import { BonusRulesService } from './bonus-rules.service';
import { KpiController } from './kpi.controller';
import { KpiDashboardService } from './kpi-dashboard.service';
import { KpiFeatureGuard } from './kpi-feature.guard';
import { KpiTargetsController } from './kpi-targets.controller';
import { KpiTargetsService } from './kpi-targets.service';
import { KpiValuesController } from './kpi-values.controller';
import { KpiValuesService } from './kpi-values.service';
import { KpisController } from './kpis.controller';
import { KpisService } from './kpis.service';

@Module({
  controllers: [KpisController, KpiTargetsController, KpiValuesController, BonusRulesController, BonusPaymentsController, KpiController],
  providers: [
    KpiFeatureGuard,
    KpisService,
    KpiTargetsService,
    KpiValuesService,
    BonusRulesService,
    BonusPaymentsService,
    BonusCalculationService,
    KpiDashboardService,
  ],
})
export class KpiModule {}
