import { Global, Module } from '@nestjs/common';
import { PackagesModule } from '../packages/packages.module';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';
import { CompanySetup } from './company-setup';

/** Global so any module can register the defaults of a new company with CompanySetup. */
@Global()
@Module({
  imports: [PackagesModule],
  controllers: [CompaniesController],
  providers: [CompaniesService, CompanySetup],
  exports: [CompaniesService, CompanySetup],
})
export class CompaniesModule {}
