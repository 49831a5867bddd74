import { Module } from '@nestjs/common';
import { MyPlatformAccessController, PlatformAccessController } from './platform-access.controller';
import { PlatformAccessService } from './platform-access.service';

@Module({
  controllers: [PlatformAccessController, MyPlatformAccessController],
  providers: [PlatformAccessService],
  exports: [PlatformAccessService],
})
export class PlatformAccessModule {}
