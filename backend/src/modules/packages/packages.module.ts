import { Module } from '@nestjs/common';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';
import { SubscriptionService } from './subscription.service';

@Module({
  controllers: [PackagesController],
  providers: [PackagesService, SubscriptionService],
  exports: [PackagesService, SubscriptionService],
})
export class PackagesModule {}
