import { Global, Module } from '@nestjs/common';
import { PermissionMatrixService } from './permission-matrix.service';
import { PermissionsController } from './permissions.controller';
import { PermissionsService } from './permissions.service';
import { PlanService } from './plan.service';

@Global()
@Module({
  controllers: [PermissionsController],
  providers: [PermissionsService, PlanService, PermissionMatrixService],
  exports: [PermissionsService, PlanService],
})
export class PermissionsModule {}
