import { Controller, Get } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { DashboardService } from './dashboard.service';
import { CompanyDashboardDto } from './dto/company-dashboard.dto';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('company')
  @ApiOperation({
    summary: "The company dashboard: cards, recent lists, plan modules and (for admins) the subscription",
    description:
      'For every company role and an impersonating superadmin. A card is null when the caller may not view its module; ' +
      'modules lists which modules the plan includes, so the console can lock the others.',
  })
  @ApiEnvelope(CompanyDashboardDto)
  @ApiForbiddenResponse({ description: 'No company: a superadmin not impersonating, or a user without a company' })
  company(@Auth() ctx: AuthContext) {
    return this.dashboard.company(ctx);
  }
}
