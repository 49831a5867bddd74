import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { badRequest } from '../../common/http/errors';
import type { AuthContext } from '../../common/auth/auth-context';
import { Company } from '../companies/company.entity';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';
import { hashPassword, verifyPassword } from '../users/password';
import { assertPasswordNotPersonal, type PasswordOwner } from '../users/password-rule';
import { endSessionsOfUser } from '../users/sessions';
import { User } from '../users/user.entity';
import type { Session } from './auth.service';
import { AuthService } from './auth.service';
import type { ChangePasswordDto, ResetPasswordDto } from './dto/password.dto';
import { LoginThrottle } from './login-throttle';
import { MailService, escapeHtml } from './mail.service';
import { SignInAudit } from './sign-in-audit';
import { formatMinutes } from '../../common/units';

export const RESET_REQUESTED = 'If an account exists for this email, we have sent a link to reset the password. Please check your inbox.';
export const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect';
export const SAME_PASSWORD = 'The new password must be different from the current one';

/** Reset mails per account within RESET_WINDOW_MINUTES; further requests are answered alike but send nothing. */
export const RESETS_PER_WINDOW = 3;
export const RESET_WINDOW_MINUTES = 15;
/** A forgot-password answer never comes sooner, so its timing does not tell whether the account exists. */
const FORGOT_MIN_MS = 250;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Password change (signed in) and reset by an e-mailed single-use link (signed out). */
@Injectable()
export class PasswordService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly audit: SignInAudit,
    private readonly throttle: LoginThrottle,
    private readonly cleanup: RecordCleanupRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.cleanup.register({
      name: 'used and expired password reset links',
      clean: async ({ em }) => {
        const rows = await em.execute<Array<{ id: number }>>(
          `delete from password_reset_tokens where expires_at < now() - interval '1 day' returning id`,
        );
        return rows.length;
      },
    });
  }

  /**
   * Judges a user's current password as a sign-in attempt: claimed before it is verified (past
   * the limit 429), a wrong one answered 400 and counted. Runs outside any transaction
   * (CurrentPasswordGuard), so a refused request cannot take its count back.
   */
  async judgeCurrent(userId: number, password: string, ip: string): Promise<void> {
    const [user] = await this.em.execute<Array<{ email: string; password_hash: string }>>(
      'select email, password_hash from users where id = ?',
      [userId],
    );
    if (!user) throw badRequest(CURRENT_PASSWORD_WRONG, 'current_password');
    const claim = await this.throttle.claim(user.email, ip);
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.throttle.record(user.email, ip, false);
      throw badRequest(CURRENT_PASSWORD_WRONG, 'current_password');
    }
    await this.throttle.succeeded(claim);
  }

  /**
   * Sets the new password once CurrentPasswordGuard judged the current one right, ends every
   * other session and answers a fresh one for the caller.
   */
  async change(ctx: AuthContext, dto: ChangePasswordDto, currentVerified: boolean, ip: string): Promise<Session> {
    if (!currentVerified) throw badRequest(CURRENT_PASSWORD_WRONG, 'current_password');
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['company', 'employee'], filters: false });
    assertPasswordNotPersonal(dto.new_password, ownerOf(user, user.company?.company_name), 'new_password');
    if (dto.new_password === dto.current_password) throw badRequest(SAME_PASSWORD, 'new_password');
    const passwordHash = await hashPassword(dto.new_password);
    user.session_version = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      await tx.execute('update users set password_hash = ? where id = ?', [passwordHash, user.id]);
      const version = await endSessionsOfUser(tx, user.id);
      await this.audit.record({
        action: 'password.changed',
        userId: user.id,
        email: user.email,
        path: '/api/auth/change-password',
        statusCode: 200,
        ip,
      });
      return version;
    });
    const impersonated = ctx.impersonatorId && ctx.companyId ? await this.em.findOne(Company, { id: ctx.companyId }, { filters: false }) : null;
    return this.auth.startSession(user, impersonated);
  }

  /**
   * Sends a reset link when the email belongs to an active account (at most RESETS_PER_WINDOW
   * per window); answers the same, in about the same time, either way.
   */
  async requestReset(rawEmail: string, ip: string): Promise<void> {
    const started = Date.now();
    const email = rawEmail.toLowerCase();
    const user = await this.em.findOne(User, { email, is_active: true }, { filters: false });
    if (user) await this.issueReset(user, ip);
    const wait = FORGOT_MIN_MS - (Date.now() - started);
    if (wait > 0) await sleep(wait);
  }

  private async issueReset(user: User, ip: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const ttl = this.config.passwordResetTtlMinutes;
    // one statement: concurrent requests cannot together pass the per-account limit unnoticed
    const inserted = await this.em.execute<Array<{ id: number }>>(
      `insert into password_reset_tokens (user_id, token_hash, expires_at, requested_ip)
       select ?, ?, now() + make_interval(mins => ?), ?
        where (select count(*) from password_reset_tokens
                where user_id = ? and created_at > now() - interval '${RESET_WINDOW_MINUTES} minutes') < ${RESETS_PER_WINDOW}
       returning id`,
      [user.id, sha256(token), ttl, ip.slice(0, 64), user.id],
    );
    if (!inserted.length) return;
    await this.audit.record({
      action: 'password.reset_requested',
      userId: user.id,
      email: user.email,
      path: '/api/auth/forgot-password',
      statusCode: 200,
      ip,
    });
    const link = `${this.config.appUrl}/reset-password?token=${token}`;
    this.mail.sendInBackground({
      to: user.email,
      subject: 'Reset your password',
      text:
        `Hello ${user.first_name || user.username},\n\n` +
        `Someone (hopefully you) asked to reset the password of your HR Platform account.\n` +
        `Open this link within ${formatMinutes(ttl)} to choose a new password:\n\n${link}\n\n` +
        `The link works once. If you did not ask for it, ignore this message: your password stays as it is.\n`,
      html:
        `<p>Hello ${escapeHtml(user.first_name || user.username)},</p>` +
        `<p>Someone (hopefully you) asked to reset the password of your HR Platform account. ` +
        `Open this link within ${formatMinutes(ttl)} to choose a new password:</p>` +
        `<p><a href="${escapeHtml(link)}">Reset my password</a></p>` +
        `<p>The link works once. If you did not ask for it, ignore this message: your password stays as it is.</p>`,
    });
  }

  /**
   * Uses the link's token (once: the statement that marks it used is the check, so two
   * concurrent resets cannot both succeed), sets the password and ends every session.
   */
  async reset(dto: ResetPasswordDto, ip: string): Promise<void> {
    const passwordHash = await hashPassword(dto.password);
    await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const [claimed] = await tx.execute<Array<PasswordOwner & { user_id: number; email: string }>>(
        `update password_reset_tokens t set used_at = now()
           from users u left join companies c on c.id = u.company_id
          where t.token_hash = ? and t.used_at is null and t.expires_at > now()
            and u.id = t.user_id and u.is_active
         returning t.user_id, u.email, u.username, u.first_name, u.last_name, c.company_name`,
        [sha256(dto.token)],
      );
      if (!claimed) throw badRequest(RESET_INVALID, 'token');
      // (refused, the transaction ends and the link stays usable)
      assertPasswordNotPersonal(dto.password, claimed, 'password');
      const userId = Number(claimed.user_id);
      // the other links sent to this account die with this one
      await tx.execute('update password_reset_tokens set used_at = now() where user_id = ? and used_at is null', [userId]);
      await tx.execute('update users set password_hash = ? where id = ?', [passwordHash, userId]);
      await endSessionsOfUser(tx, userId);
      await this.audit.record({ action: 'password.reset', userId, email: claimed.email, path: '/api/auth/reset-password', statusCode: 200, ip });
    });
  }
}

const ownerOf = (user: User, companyName?: string | null): PasswordOwner => ({
  username: user.username,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  company_name: companyName ?? null,
});
