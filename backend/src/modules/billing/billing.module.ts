import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PackagesModule } from '../packages/packages.module';
import { BillingController } from './billing.controller';
import { BillingJobsService } from './billing-jobs.service';
import { BillingClock } from './clock';
import { BillingSettingsService } from './billing-settings.service';
import { InvoicesService } from './invoices.service';
import { ManualPaymentProvider, PAYMENT_PROVIDERS } from './payment-provider';
import { SubscriptionController } from './subscription.controller';
import { SubscriptionService } from './subscription.service';

@Module({
  imports: [PackagesModule, AuditModule, NotificationsModule],
  controllers: [SubscriptionController, BillingController],
  providers: [
    BillingClock,
    BillingSettingsService,
    InvoicesService,
    SubscriptionService,
    BillingJobsService,
    ManualPaymentProvider,
    // the providers that take payments: a card provider joins this list when its keys are set
    { provide: PAYMENT_PROVIDERS, useFactory: (manual: ManualPaymentProvider) => [manual], inject: [ManualPaymentProvider] },
  ],
  exports: [BillingClock, InvoicesService, SubscriptionService],
})
export class BillingModule {}
