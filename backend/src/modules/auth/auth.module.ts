import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { AuthService } from './auth.service';
import { AuthRateLimitGuard, AuthRateLimitModule } from './auth-rate-limit';
import { CompanySessionsSubscriber } from './company-sessions.subscriber';
import { CurrentPasswordGuard } from './current-password.guard';
import { LoginThrottle } from './login-throttle';
import { MailService } from './mail.service';
import { PasswordService } from './password.service';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { SignInAudit } from './sign-in-audit';
import { TokenService } from './token.service';

@Module({
  imports: [AuthRateLimitModule],
  controllers: [AuthController, ProfileController, InvitationsController],
  providers: [
    AuthService,
    TokenService,
    LoginThrottle,
    SignInAudit,
    MailService,
    PasswordService,
    ProfileService,
    AuthRateLimitGuard,
    CurrentPasswordGuard,
    CompanySessionsSubscriber,
    InvitationsService,
  ],
  exports: [AuthService, TokenService, MailService, InvitationsService],
})
export class AuthModule {}
