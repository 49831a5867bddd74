import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';
import { PlanRequestsService } from './plan-requests.service';
import { SubscriptionService } from './subscription.service';

@Module({
  imports: [AuthModule],
  controllers: [PackagesController],
  providers: [PackagesService, SubscriptionService, PlanRequestsService],
  exports: [PackagesService, SubscriptionService],
})
export class PackagesModule {}
