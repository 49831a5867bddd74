import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AllowedWhileBlocked, Auth } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { DashboardService } from './dashboard.service';
import { CompanyDashboardDto } from './dto/company-dashboard.dto';
import { GettingStartedDto, UpdateGettingStartedDto } from './dto/getting-started.dto';
import { GETTING_STARTED_ADMIN_ONLY, GettingStartedService } from './getting-started.service';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly gettingStarted: GettingStartedService,
  ) {}

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

  @Get('getting-started')
  @ApiOperation({
    summary: "A new company's getting-started checklist: each step ticked from the company's data, and whether the caller hid it",
    description:
      'For the company_admin (and an impersonating superadmin). Steps: departments, positions, work location and shift, ' +
      'invite employees, leave policy, payroll settings; a module outside the plan has no step.',
  })
  @ApiEnvelope(GettingStartedDto)
  @ApiForbiddenResponse({ description: `${GETTING_STARTED_ADMIN_ONLY}; or no company (a superadmin not impersonating)` })
  gettingStartedState(@Auth() ctx: AuthContext) {
    return this.gettingStarted.state(ctx);
  }

  @Put('getting-started')
  @AllowedWhileBlocked()
  @ApiOperation({
    summary: 'Hides the getting-started checklist for the caller (dismissed true), or shows it again (false)',
    description: 'Kept per user and company: another admin of the company still sees it.',
  })
  @ApiEnvelope(GettingStartedDto)
  @ApiBadRequestResponse({ description: 'dismissed is missing or not true or false' })
  @ApiForbiddenResponse({ description: `${GETTING_STARTED_ADMIN_ONLY}; or no company (a superadmin not impersonating)` })
  async saveGettingStarted(@Auth() ctx: AuthContext, @Body() dto: UpdateGettingStartedDto) {
    const state = await this.gettingStarted.setDismissed(ctx, dto.dismissed);
    return ok(state, dto.dismissed ? 'Getting started hidden' : 'Getting started shown again');
  }
}
