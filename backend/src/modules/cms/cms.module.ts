import { Module } from '@nestjs/common';
import { ActivePageCache } from './active-page.cache';
import { CmsAdminController, CmsController } from './cms.controller';
import { CmsService } from './cms.service';

@Module({
  controllers: [CmsController, CmsAdminController],
  providers: [CmsService, ActivePageCache],
  exports: [CmsService],
})
export class CmsModule {}
