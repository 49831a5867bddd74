import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AllowedWhileBlocked, ApiAuthErrors, Auth, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ChoosePlanResultDto, SubscriptionResponseDto } from '../packages/dto/package.dto';
import { ChoosePlanDto, PlanChangePreviewDto } from './dto/billing.dto';
import { SubscriptionService } from './subscription.service';

const who = (ctx: AuthContext, req: FastifyRequest) => ({ ctx, ip: req.ip, path: req.url.split('?')[0], method: req.method });

/** The caller's company's subscription: what it is on, and changing, cancelling or resuming it. */
@ApiTags('packages')
@ApiAuthErrors()
@Controller('packages/subscription')
export class SubscriptionController {
  constructor(private readonly subscriptions: SubscriptionService) {}

  @Get()
  @ApiOperation({ summary: "The caller's company's package, subscription and billing state, plan modules and usage" })
  @ApiEnvelope(SubscriptionResponseDto)
  @ApiForbiddenResponse({ description: 'The account is not linked to a company (a superadmin impersonates one first)' })
  subscription(@Auth() ctx: AuthContext): Promise<SubscriptionResponseDto> {
    return this.subscriptions.current(ctx);
  }

  @Post('preview')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @AllowedWhileBlocked()
  @ApiOperation({ summary: 'What choosing a package would do: when it applies and the invoice it would issue (proration included); changes nothing' })
  @ApiEnvelope(PlanChangePreviewDto)
  @ApiBadRequestResponse({ description: 'The package is not available, or a field is invalid; errors name it' })
  @ApiConflictResponse({ description: 'The company is already on this package and cycle' })
  @ApiUnprocessableEntityResponse({ description: 'The company has more employees or admins than the package allows' })
  preview(@Auth() ctx: AuthContext, @Body() dto: ChoosePlanDto): Promise<PlanChangePreviewDto> {
    return this.subscriptions.preview(ctx, dto.package_id, dto.billing_cycle ?? 'monthly');
  }

  @Post()
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @AllowedWhileBlocked()
  @ApiOperation({
    summary:
      "Choose the caller's company's package. From a trial, a cancelled or a free subscription: an invoice is issued " +
      'and the package applies when it is paid (the trial keeps its access until it ends). An upgrade applies now with ' +
      'a prorated invoice; a downgrade applies at the period end. A package that costs nothing applies at once. ' +
      'Allowed while the company cannot write.',
  })
  @ApiEnvelope(ChoosePlanResultDto)
  @ApiBadRequestResponse({ description: 'The package is not available, or a field is invalid; errors name it' })
  @ApiConflictResponse({ description: 'The company is already on this package, or its invoice already waits for payment' })
  @ApiUnprocessableEntityResponse({ description: 'The company has more employees or admins than the package allows' })
  async choose(@Auth() ctx: AuthContext, @Body() dto: ChoosePlanDto, @Req() req: FastifyRequest) {
    const { result, message } = await this.subscriptions.choose(who(ctx, req), dto.package_id, dto.billing_cycle ?? 'monthly');
    return ok(result, message);
  }

  @Delete('scheduled-change')
  @Roles('company_admin', 'superadmin')
  @AllowedWhileBlocked()
  @ApiOperation({ summary: 'Withdraw a plan change that has not applied yet: a downgrade waiting for the period end, or a chosen plan waiting for payment (its invoice is voided)' })
  @ApiEnvelope(SubscriptionResponseDto)
  @ApiConflictResponse({ description: 'No plan change is waiting' })
  async withdraw(@Auth() ctx: AuthContext, @Req() req: FastifyRequest) {
    const { subscription, message } = await this.subscriptions.withdrawChange(who(ctx, req));
    return ok(subscription, message);
  }

  @Post('cancel')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: 'Cancel at the period end: no renewal invoice; the company keeps its plan until then' })
  @ApiEnvelope(SubscriptionResponseDto)
  @ApiConflictResponse({ description: 'The subscription is not active, or already ends at the period end' })
  async cancel(@Auth() ctx: AuthContext, @Req() req: FastifyRequest) {
    const { subscription, message } = await this.subscriptions.cancelAtPeriodEnd(who(ctx, req), true);
    return ok(subscription, message);
  }

  @Post('resume')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: 'Keep the subscription renewing after a cancellation at the period end' })
  @ApiEnvelope(SubscriptionResponseDto)
  @ApiConflictResponse({ description: 'The subscription is not set to end' })
  async resume(@Auth() ctx: AuthContext, @Req() req: FastifyRequest) {
    const { subscription, message } = await this.subscriptions.cancelAtPeriodEnd(who(ctx, req), false);
    return ok(subscription, message);
  }
}
