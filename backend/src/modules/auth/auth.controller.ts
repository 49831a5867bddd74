import { Body, Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { Auth, Public, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ok } from '../../common/http/envelope';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { AuthService, type CompanySwitch, type Session } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { CompanySwitchResponseDto, LoginResponseDto, UserResponseDto } from './dto/user-response.dto';

export const REFRESH_COOKIE = 'refresh_token';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  @ApiOperation({
    summary: 'Create a client account (self-registration), or with create_company the free trial: a company in trial and its company_admin',
  })
  @ApiEnvelope(UserResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiConflictResponse({ description: 'Email, username or company code already in use' })
  async register(@Body() dto: RegisterDto) {
    return ok(await this.auth.register(dto), 'Registration successful! Please login.');
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in; sets the refresh-token cookie' })
  @ApiEnvelope(LoginResponseDto)
  @ApiUnauthorizedResponse({ description: 'Invalid email or password. Please try again.' })
  @ApiTooManyRequestsResponse({ description: 'Too many failed attempts for the account or the address; Retry-After says when to retry' })
  async login(@Body() dto: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.auth.login(dto, req.ip);
    return ok(this.answer(session, reply, dto.remember_me ?? false), 'Login successful');
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'New access token from the refresh-token cookie (the cookie rotates)' })
  @ApiEnvelope(LoginResponseDto)
  @ApiUnauthorizedResponse({ description: 'The session is over' })
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
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

  @Get('me')
  @ApiOperation({ summary: 'The signed-in user (profile refresh)' })
  @ApiEnvelope(UserResponseDto)
  me(@Auth() ctx: AuthContext) {
    return this.auth.me(ctx);
  }

  @Post('impersonate/:id')
  @HttpCode(200)
  @Roles('superadmin')
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
  @Roles('superadmin')
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
    reply.setCookie(REFRESH_COOKIE, session.refresh.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
      path: '/api/auth',
      ...(persistent ? { expires: session.refresh.expiresAt } : {}),
    });
    return { user: session.user, access_token: session.access_token };
  }

  private clearCookie(reply: FastifyReply) {
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  }
}
