import { Module } from '@nestjs/common';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';
import { PlanRequestsService } from './plan-requests.service';
import { SubscriptionService } from './subscription.service';

@Module({
  controllers: [PackagesController],
  providers: [PackagesService, SubscriptionService, PlanRequestsService],
  exports: [PackagesService, SubscriptionService],
})
export class PackagesModule {}
