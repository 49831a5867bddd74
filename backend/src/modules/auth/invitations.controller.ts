import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { SkipIdempotency } from '../../common/http/idempotency.decorator';
import { sessionAnswer } from './auth.controller';
import { AuthRateLimit } from './auth-rate-limit';
import { AcceptInvitationDto, InvitationDto } from './dto/invitation.dto';
import { LoginResponseDto } from './dto/user-response.dto';
import {
  INVITATION_EMAIL_TAKEN,
  INVITATION_EXPIRED,
  INVITATION_HAS_LOGIN,
  INVITATION_INVALID,
  INVITATION_REVOKED,
  INVITATION_USED,
  InvitationsService,
} from './invitations.service';

const GONE = `The link was used, revoked or has expired: "${INVITATION_USED}", "${INVITATION_REVOKED}" or "${INVITATION_EXPIRED}"`;

/** An invited employee's side: who invited them, and accepting (choosing a password) once. */
@ApiTags('auth')
@Controller('auth/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Public()
  @AuthRateLimit()
  @Get(':token')
  @ApiOperation({ summary: 'The invitation of an e-mailed link: who is invited, by which company, until when' })
  @ApiParam({ name: 'token', type: String, description: 'The token of the e-mailed link (accept-invitation?token=…)' })
  @ApiEnvelope(InvitationDto)
  @ApiNotFoundResponse({ description: INVITATION_INVALID })
  @ApiGoneResponse({ description: GONE })
  async get(@Param('token') token: string) {
    return ok(await this.invitations.lookup(token));
  }

  @Public()
  @AuthRateLimit()
  @Post('accept')
  @HttpCode(200)
  @SkipIdempotency()
  @ApiOperation({
    summary:
      "Accept an invitation (once) with the chosen password: creates the employee's sign-in (role employee), or attaches the " +
      'self-registered client account of that e-mail to the company as the employee (its address counts as verified); answers a session as sign-in does and sets the refresh cookie',
  })
  @ApiEnvelope(LoginResponseDto)
  @ApiBadRequestResponse({ description: 'The password breaks a rule (field password) or the token is malformed (field token)' })
  @ApiNotFoundResponse({ description: INVITATION_INVALID })
  @ApiGoneResponse({ description: GONE })
  @ApiConflictResponse({
    description: `"${INVITATION_HAS_LOGIN}", or "${INVITATION_EMAIL_TAKEN}" (the address has an account that is not a self-registered client's; nothing is created)`,
  })
  async accept(@Body() dto: AcceptInvitationDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const session = await this.invitations.accept(dto, req.ip);
    return ok(sessionAnswer(session, reply, false), 'Welcome! Your account is ready.');
  }
}
