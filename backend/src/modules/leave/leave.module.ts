import { Module, type OnModuleInit } from '@nestjs/common';
import type { AuthContext } from '../../common/auth/auth-context';
import { CompanySetup } from '../companies/company-setup';
import { CompanyMetrics } from '../dashboard/company-metrics';
import { DashboardModule } from '../dashboard/dashboard.module';
import { HolidaysController } from './holidays.controller';
import { HolidaysService } from './holidays.service';
import { LeaveAccess } from './leave-access';
import { LeaveAttachmentsService } from './leave-attachments.service';
import { LeaveBalancesController } from './leave-balances.controller';
import { LeaveBalancesService } from './leave-balances.service';
import { seedLeaveDefaults } from './leave-defaults';
import { LeavePoliciesController } from './leave-policies.controller';
import { LeavePoliciesService } from './leave-policies.service';
import { LeaveRequestsController } from './leave-requests.controller';
import { LeaveRequestsService } from './leave-requests.service';
import { LeaveTypesController } from './leave-types.controller';
import { LeaveTypesService } from './leave-types.service';

@Module({
  imports: [DashboardModule],
  controllers: [LeaveTypesController, LeavePoliciesController, HolidaysController, LeaveRequestsController, LeaveBalancesController],
  providers: [
    LeaveAccess,
    LeaveTypesService,
    LeavePoliciesService,
    HolidaysService,
    LeaveRequestsService,
    LeaveBalancesService,
    LeaveAttachmentsService,
  ],
  exports: [LeaveRequestsService, LeaveBalancesService],
})
export class LeaveModule implements OnModuleInit {
  constructor(
    private readonly setup: CompanySetup,
    private readonly metrics: CompanyMetrics,
    private readonly requests: LeaveRequestsService,
  ) {}

  onModuleInit(): void {
    this.setup.register('leave-defaults', async ({ em, company }) => seedLeaveDefaults(em, company));
    this.metrics.provide({
      pendingLeaves: (ctx: AuthContext) => this.requests.pendingCount(ctx),
      recentLeaveRequests: (ctx: AuthContext, limit: number) => this.requests.recent(ctx, limit),
    });
  }
}
