import { Module, type OnModuleInit } from '@nestjs/common';
import { CompanySetup } from '../companies/company-setup';
import { CompanyMetrics } from '../dashboard/company-metrics';
import { DashboardModule } from '../dashboard/dashboard.module';
import { seedTaxBrackets } from './payroll-defaults';
import { PayrollRunService } from './payroll-run.service';
import { PayrollSettingsController } from './payroll-settings.controller';
import { PayrollSettingsService } from './payroll-settings.service';
import { PayrollController } from './payroll.controller';
import { PayrollService } from './payroll.service';

@Module({
  imports: [DashboardModule],
  controllers: [PayrollSettingsController, PayrollController],
  providers: [PayrollService, PayrollRunService, PayrollSettingsService],
  exports: [PayrollRunService, PayrollService],
})
export class PayrollModule implements OnModuleInit {
  constructor(
    private readonly setup: CompanySetup,
    private readonly metrics: CompanyMetrics,
    private readonly payroll: PayrollService,
  ) {}

  onModuleInit(): void {
    this.setup.register('payroll-tax-brackets', async ({ em, company }) => seedTaxBrackets(em, company));
    this.metrics.provide({
      monthlyPayroll: (companyId, monthStart, nextMonthStart) =>
        this.payroll.monthlyPayroll(companyId, monthStart, nextMonthStart),
    });
  }
}
