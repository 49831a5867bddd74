import { Body, Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { AllowedWhileBlocked, AllowedWhileImpersonating, ApiAuthErrors, Auth, Public, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ok } from '../../common/http/envelope';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import {
  ALREADY_VERIFIED,
  AuthService,
  TRIAL_REQUESTED,
  EMAIL_VERIFIED,
  REGISTERED,
  VERIFY_INVALID,
  VERIFY_SENT,
  type CompanySwitch,
  type Session,
} from './auth.service';
import { VerifyEmailDto } from './dto/verify-email.dto';
import { AuthRateLimit } from './auth-rate-limit';
import { CSRF_REFUSED, assertCsrfHeader } from './csrf';
import { CurrentPasswordGuard, type CurrentPasswordRequest } from './current-password.guard';
import { LoginDto } from './dto/login.dto';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto } from './dto/password.dto';
import { SkipIdempotency } from '../../common/http/idempotency.decorator';
import { PasswordService, RESET_REQUESTED } from './password.service';
import { RegisterDto } from './dto/register.dto';
import { StartTrialDto } from './dto/start-trial.dto';
import { CompaniesService, TRIAL_NOT_A_CLIENT } from '../companies/companies.service';
import { CompanySwitchResponseDto, LoginResponseDto, StartTrialResponseDto, UserResponseDto } from './dto/user-response.dto';

export const REFRESH_COOKIE = 'refresh_token';
export const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwords: PasswordService,
    private readonly companies: CompaniesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @AuthRateLimit()
  @Post('register')
  @ApiOperation({
    summary: 'Create a client account (self-registration), or with create_company the free trial: a company in trial and its company_admin',
  })
  @ApiEnvelope(null, {
    status: 201,
    description:
      `${REGISTERED} (with create_company: ${TRIAL_REQUESTED}) Answered alike whether or not the email, the username or the company code is in use: an email with an account ` +
      "is told to its owner by mail and nothing is created (an unverified client account of it is replaced); a username or company code in use " +
      'is replaced by a free one, told in the mail. A new account is unverified until the mailed link is opened (POST /api/auth/verify-email)',
  })
  @ApiBadRequestResponse({ description: 'A field is invalid (the password rule included) or the package does not exist; errors name the field' })
  async register(@Body() dto: RegisterDto) {
    await this.auth.register(dto);
    return ok(null, dto.create_company ? TRIAL_REQUESTED : REGISTERED);
  }

  @Post('start-trial')
  @AuthRateLimit()
  @ApiAuthErrors()
  @ApiOperation({
    summary:
      'A signed-in client account without a company starts a free trial of its own: the company is created in trial and the account ' +
      'becomes its company_admin (same e-mail address and password, no second account); its other sessions end and the answer is a ' +
      'session as the admin (sets the refresh cookie)',
  })
  @ApiEnvelope(StartTrialResponseDto, { status: 201, description: 'Your company is ready: your free trial has started.' })
  @ApiBadRequestResponse({ description: 'A field is invalid (the time zone, the industry...) or the package does not exist; errors name the field' })
  @ApiForbiddenResponse({ description: TRIAL_NOT_A_CLIENT })
  async startTrial(@Auth() ctx: AuthContext, @Body() dto: StartTrialDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.auth.startTrial(ctx, dto);
    const days = session.company.trial_ends_at ? Math.round((session.company.trial_ends_at.getTime() - Date.now()) / 86_400_000) : 0;
    const plan = session.company.package?.package_name;
    const message =
      days > 0
        ? `Your company is ready: your ${days}-day free trial${plan ? ` of the ${plan} plan` : ''} has started.`
        : `Your company is ready${plan ? ` on the ${plan} plan` : ''}.`;
    return ok({ ...this.answer(session, reply, true), company: await this.companies.detail(session.company.id) }, message);
  }

  @Public()
  @AuthRateLimit()
  @Post('verify-email')
  @HttpCode(200)
  @SkipIdempotency()
  @ApiOperation({ summary: 'Confirm the e-mail address of a self-registered account with the token of the mailed link (once)' })
  @ApiEnvelope(null, { description: EMAIL_VERIFIED })
  @ApiBadRequestResponse({ description: `${VERIFY_INVALID} (field token)` })
  async verifyEmail(@Body() dto: VerifyEmailDto) {
    await this.auth.verifyEmail(dto.token);
    return ok(null, EMAIL_VERIFIED);
  }

  @Post('verify-email/resend')
  @HttpCode(200)
  @AllowedWhileBlocked()
  @SkipIdempotency()
  @AuthRateLimit()
  @ApiAuthErrors()
  @ApiOperation({ summary: 'Mail the signed-in user a new confirmation link for their e-mail address (the previous link stops working)' })
  @ApiEnvelope(null, { description: VERIFY_SENT })
  @ApiConflictResponse({ description: ALREADY_VERIFIED })
  async resendVerification(@Auth() ctx: AuthContext) {
    await this.auth.resendVerification(ctx);
    return ok(null, VERIFY_SENT);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in; sets the refresh-token cookie' })
  @ApiEnvelope(LoginResponseDto)
  @ApiUnauthorizedResponse({ description: 'Invalid email or password. Please try again.' })
  @ApiForbiddenResponse({ description: 'Your account has been disabled. Please contact your administrator.' })
  @ApiTooManyRequestsResponse({
    description: 'Too many failed attempts for the account or the address, or too many requests from the address; Retry-After says when to retry',
  })
  @AuthRateLimit()
  async login(@Body() dto: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.auth.login(dto, req.ip);
    return ok(this.answer(session, reply, dto.remember_me ?? false), 'Login successful');
  }

  @Public()
  @AuthRateLimit()
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: 'New access token from the refresh-token cookie (the cookie rotates); requires X-Requested-With: XMLHttpRequest (CSRF protection)',
  })
  @ApiHeader({ name: 'X-Requested-With', required: true, schema: { type: 'string', enum: ['XMLHttpRequest'] } })
  @ApiEnvelope(LoginResponseDto)
  @ApiUnauthorizedResponse({ description: 'The session is over' })
  @ApiForbiddenResponse({ description: CSRF_REFUSED })
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    assertCsrfHeader(req);
    try {
      const session = await this.auth.refresh(req.cookies?.[REFRESH_COOKIE]);
      return ok(this.answer(session, reply, true));
    } catch (e) {
      this.clearCookie(reply);
      throw e;
    }
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session of the refresh-token cookie' })
  @ApiOkResponse({ description: 'Logged out' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.logout(req.cookies?.[REFRESH_COOKIE]);
    this.clearCookie(reply);
    return ok(null, 'Logged out successfully');
  }

  @Post('change-password')
  @HttpCode(200)
  @AllowedWhileBlocked()
  @SkipIdempotency()
  @ApiAuthErrors()
  @ApiOperation({
    summary: 'Change the own password: every other session ends; answers a new session for this one (and sets the refresh cookie)',
  })
  @ApiEnvelope(LoginResponseDto)
  @ApiBadRequestResponse({ description: 'The current password is incorrect, or the new one is too short, too common or unchanged; errors name the field' })
  @ApiTooManyRequestsResponse({
    description: 'Too many wrong current passwords (counted with failed sign-ins), or too many requests from the address; Retry-After says when to retry',
  })
  @AuthRateLimit()
  @UseGuards(CurrentPasswordGuard)
  async changePassword(
    @Auth() ctx: AuthContext,
    @Body() dto: ChangePasswordDto,
    @Req() req: CurrentPasswordRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const session = await this.passwords.change(ctx, dto, req.currentPasswordVerified === true, req.ip);
    return ok(this.answer(session, reply, true), 'Password changed successfully');
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({
    summary:
      'E-mail a single-use link to reset the password (valid PASSWORD_RESET_TTL_MINUTES). The answer is the same whether or not the email has an account',
  })
  @ApiEnvelope(null, { description: RESET_REQUESTED })
  @ApiBadRequestResponse({ description: 'The email is missing or not an email address' })
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: FastifyRequest) {
    await this.passwords.requestReset(dto.email, req.ip);
    return ok(null, RESET_REQUESTED);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @AuthRateLimit()
  @ApiOperation({ summary: 'Set a new password with the token of the e-mailed link (once); every session of the account ends' })
  @ApiEnvelope(null, { description: RESET_DONE })
  @ApiBadRequestResponse({ description: 'The link is invalid, used or expired (field token), or the password breaks a rule (field password)' })
  async resetPassword(@Body() dto: ResetPasswordDto, @Req() req: FastifyRequest) {
    await this.passwords.reset(dto, req.ip);
    return ok(null, RESET_DONE);
  }

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user (profile refresh)' })
  @ApiEnvelope(UserResponseDto)
  me(@Auth() ctx: AuthContext) {
    return this.auth.me(ctx);
  }

  @Post('impersonate/:id')
  @HttpCode(200)
  @SkipIdempotency()
  @Roles('superadmin')
  @AllowedWhileImpersonating()
  @ApiOperation({ summary: 'Superadmin: work as the company (token scoped to it, remembering the superadmin); audit-logged' })
  @ApiEnvelope(CompanySwitchResponseDto)
  @ApiNotFoundResponse({ description: 'Company not found' })
  async impersonate(
    @Auth() ctx: AuthContext,
    @Param('id', ParseIntPipe) id: number,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const session = await this.auth.impersonate(ctx, id, req.cookies?.[REFRESH_COOKIE], req.ip);
    return ok(this.switchAnswer(session, reply), `Now impersonating ${session.company!.company_name}`);
  }

  @Post('stop-impersonate')
  @HttpCode(200)
  @SkipIdempotency()
  @Roles('superadmin')
  @AllowedWhileImpersonating()
  @ApiOperation({ summary: "Superadmin: back to the own session; audit-logged" })
  @ApiEnvelope(CompanySwitchResponseDto)
  async stopImpersonate(@Auth() ctx: AuthContext, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.auth.stopImpersonating(ctx, req.cookies?.[REFRESH_COOKIE], req.ip);
    return ok(this.switchAnswer(session, reply), 'Stopped impersonating company');
  }

  private switchAnswer(session: CompanySwitch, reply: FastifyReply) {
    return { ...this.answer(session, reply, true), company: session.company };
  }

  /** Sets the refresh cookie and returns the body's data. */
  answer(session: Session, reply: FastifyReply, persistent: boolean) {
    return sessionAnswer(session, reply, persistent);
  }

  private clearCookie(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  }
}

/** Sets the refresh cookie of a session and returns the body's data (user and access token). */
export function sessionAnswer(session: Session, reply: FastifyReply, persistent: boolean) {
  reply.setCookie(REFRESH_COOKIE, session.refresh.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: '/api/auth',
    ...(persistent ? { expires: session.refresh.expiresAt } : {}),
  });
  return { user: session.user, access_token: session.access_token };
}
