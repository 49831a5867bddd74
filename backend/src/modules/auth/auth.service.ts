import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../common/http/errors';
import type { AuthContext } from '../../common/auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { CompaniesService, TRIAL_NOT_A_CLIENT } from '../companies/companies.service';
import { Company } from '../companies/company.entity';
import type { CompanyResponseDto } from '../companies/dto/company.dto';
import { freeUsername } from '../users/accounts';
import { endSessionsOfUser } from '../users/sessions';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { toUserResponse } from '../users/user.mapper';
import type { UserResponseDto } from './dto/user-response.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import type { StartTrialDto } from './dto/start-trial.dto';
import { LoginThrottle } from './login-throttle';
import { MailService, escapeHtml, type OutgoingMail } from './mail.service';
import { SignInAudit } from './sign-in-audit';
import { TokenService, type IssuedRefresh } from './token.service';

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
export const REGISTERED = 'Registration successful! Please login.';
/**
 * The free trial's answer, alike whether or not the address had an account (which it must not
 * tell): what happened in either case, and what to do.
 */
export const TRIAL_REQUESTED =
  'Thank you! If this e-mail address is new to HR Platform, your company and its free trial are ready: sign in with the password you chose. ' +
  'If the address already has an account, nothing new was created and your password is unchanged: we have e-mailed you how to go on.';
export const REGISTER_ATTEMPT_SUBJECT = 'Someone tried to register with your email';
/** "Someone tried to register with your email" mails per account within the sign-in throttle's window. */
const REGISTER_MAILS_PER_WINDOW = 3;
const LOGIN_PATH = '/api/auth/login';
/** How long an e-mailed verification link works. */
export const VERIFY_TTL_DAYS = 7;
export const VERIFY_SUBJECT = 'Confirm your e-mail address for HR Platform';
export const EMAIL_VERIFIED = 'Thank you: your e-mail address is confirmed.';
export const VERIFY_INVALID = 'This confirmation link is invalid or has expired. Sign in and ask for a new one.';
export const VERIFY_SENT = 'We have sent you a new confirmation link. Please check your inbox.';
export const ALREADY_VERIFIED = 'Your e-mail address is already confirmed';
const DAY_MS = 86_400_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A self-registered client account whose address is not verified and which belongs to no company: it yields its address. */
export const isUnverifiedClient = (u: Pick<User, 'role' | 'company' | 'employee' | 'email_verified_at'>) =>
  u.role === 'client' && !u.company && !u.employee && !u.email_verified_at;

export interface Session {
  user: UserResponseDto;
  access_token: string;
  refresh: IssuedRefresh;
}

export interface CompanySwitch extends Session {
  /** the impersonated company; null after stopping */
  company: CompanyResponseDto | null;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
    private readonly companies: CompaniesService,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottle,
    private readonly signIns: SignInAudit,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Self-registration, or with create_company the free trial. The answer never tells whether the
   * email, the username or the company code is in use: the fields and the package are checked
   * first; an email with an account (but an unverified client's, which a new registration
   * replaces) creates nothing and is told to its owner by mail; a username in use is given the
   * lowest free number (jsmith2) and a company code in use one derived from the company's name,
   * both told in the verification mail. A new account is unverified until its e-mailed link is
   * opened. The password is hashed either way so every answer takes about as long.
   */
  async register(dto: RegisterDto): Promise<void> {
    const email = dto.email.toLowerCase();
    if (dto.create_company) await this.companies.assertTrialPossible({ package_id: dto.package_id });
    const passwordHash = await hashPassword(dto.password);
    const owner = await this.em.findOne(User, { email }, { filters: false });
    if (owner && !isUnverifiedClient(owner)) {
      await this.warnOwner(owner);
      return;
    }
    const username = await this.usernameFor(dto.username, owner);
    if (dto.create_company) {
      await this.registerTrial(dto, username);
      return;
    }
    const mail = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      let id: number;
      if (owner) {
        // an unverified address is taken by whoever registers it again: the account starts over
        id = owner.id;
        await tx.execute(
          `update users set username = ?, password_hash = ?, first_name = ?, last_name = ?, is_active = true, updated_at = now()
            where id = ?`,
          [username, passwordHash, dto.first_name ?? null, dto.last_name ?? null, id],
        );
        await endSessionsOfUser(tx, id);
      } else {
        const [created] = await tx.execute<Array<{ id: number }>>(
          `insert into users (username, email, password_hash, role, first_name, last_name, is_active, email_verified_at, created_at, updated_at)
           values (?, ?, ?, 'client', ?, ?, true, null, now(), now()) returning id`,
          [username, email, passwordHash, dto.first_name ?? null, dto.last_name ?? null],
        );
        id = Number(created.id);
      }
      return this.issueVerification(tx, id, { email, name: dto.first_name || username, username, askedUsername: dto.username });
    });
    this.mail.sendInBackground(mail);
  }

  /** The username asked for, or the lowest free number added to it (the replaced account's own username counts as free). */
  private async usernameFor(wanted: string, replaced: User | null): Promise<string> {
    if (replaced && replaced.username.toLowerCase() === wanted.toLowerCase()) return replaced.username;
    return freeUsername(this.em, wanted);
  }

  /**
   * Stores a new verification link for the account (the previous one stops working), in the
   * caller's transaction; answers the mail to send once it has committed.
   */
  private async issueVerification(
    em: EntityManager,
    userId: number,
    who: { email: string; name: string; username: string; askedUsername?: string; companyCode?: string; askedCompanyCode?: string },
  ): Promise<OutgoingMail> {
    const token = randomBytes(32).toString('base64url');
    await em.execute('update users set email_verified_at = null, email_verification_hash = ?, email_verification_sent_at = ? where id = ?', [
      sha256(token),
      new Date(),
      userId,
    ]);
    const link = `${this.config.appUrl}/verify-email?token=${token}`;
    const notes: string[] = [];
    if (who.askedUsername && who.askedUsername.toLowerCase() !== who.username.toLowerCase()) {
      notes.push(`The username ${who.askedUsername} is in use, so your username is ${who.username}.`);
    }
    if (who.askedCompanyCode && who.companyCode && who.askedCompanyCode.toLowerCase() !== who.companyCode.toLowerCase()) {
      notes.push(`The company code ${who.askedCompanyCode} is in use, so your company's code is ${who.companyCode}.`);
    }
    return {
      to: who.email,
      subject: VERIFY_SUBJECT,
      text:
        `Hello ${who.name},\n\n` +
        `Please confirm that this is your e-mail address by opening this link within ${VERIFY_TTL_DAYS} days:\n\n${link}\n\n` +
        notes.map((n) => `${n}\n`).join('') +
        `Until you confirm it, anyone who proves they own this address (by registering with it, or by accepting an invitation sent to it) takes it over.\n` +
        `If you did not register, you can ignore this message.\n`,
      html:
        `<p>Hello ${escapeHtml(who.name)},</p>` +
        `<p>Please confirm that this is your e-mail address by opening this link within ${VERIFY_TTL_DAYS} days:</p>` +
        `<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>` +
        notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('') +
        `<p>Until you confirm it, anyone who proves they own this address (by registering with it, or by accepting an invitation sent to it) takes it over.</p>` +
        `<p>If you did not register, you can ignore this message.</p>`,
    };
  }

  /** Opens a verification link (once): the account's address is verified. */
  async verifyEmail(token: string): Promise<void> {
    const rows = await this.em.execute<Array<{ id: number }>>(
      `update users set email_verified_at = now(), email_verification_hash = null, email_verification_sent_at = null, updated_at = now()
        where email_verification_hash = ? and email_verification_sent_at > ? returning id`,
      [sha256(token), new Date(Date.now() - VERIFY_TTL_DAYS * DAY_MS)],
    );
    if (!rows.length) throw badRequest(VERIFY_INVALID, 'token');
  }

  /** Mails the signed-in user a new verification link; 409 when the address is already verified. */
  async resendVerification(ctx: AuthContext): Promise<void> {
    const user = await this.em.findOne(User, { id: ctx.userId }, { filters: false });
    if (!user) throw notFound('User');
    if (user.email_verified_at) throw conflict(ALREADY_VERIFIED);
    const mail = await this.em.transactional((tx) =>
      this.issueVerification(tx as EntityManager, user.id, { email: user.email, name: user.first_name || user.username, username: user.username }),
    );
    this.mail.sendInBackground(mail);
  }

  /** Tells the owner of an email that someone tried to register with it (at most a few such mails per window). */
  private async warnOwner(owner: User): Promise<void> {
    if (!(await this.throttle.withinLimit(`register-mail:${owner.email}`, REGISTER_MAILS_PER_WINDOW))) return;
    const name = owner.first_name || owner.username;
    const signIn = `${this.config.appUrl}/login`;
    const reset = `${this.config.appUrl}/forgot-password`;
    this.mail.sendInBackground({
      to: owner.email,
      subject: REGISTER_ATTEMPT_SUBJECT,
      text:
        `Hello ${name},\n\n` +
        `Someone tried to register an HR Platform account with this email address. You already have an account, so nothing was created and your account is unchanged.\n\n` +
        `If it was you, sign in at ${signIn}, or choose a new password at ${reset} if you forgot it.\n` +
        `If it was not you, you can ignore this message.\n`,
      html:
        `<p>Hello ${escapeHtml(name)},</p>` +
        `<p>Someone tried to register an HR Platform account with this email address. You already have an account, so nothing was created and your account is unchanged.</p>` +
        `<p>If it was you, <a href="${escapeHtml(signIn)}">sign in</a>, or <a href="${escapeHtml(reset)}">choose a new password</a> if you forgot it.</p>` +
        `<p>If it was not you, you can ignore this message.</p>`,
    });
  }

  /**
   * The free trial: a company in trial on the chosen package, with this user as its company_admin
   * (unverified until the mailed link is opened). An unverified client account of the address is
   * replaced (in the trial's transaction); a company code in use is replaced by one from the company's name.
   */
  private async registerTrial(dto: RegisterDto, username: string): Promise<void> {
    const email = dto.email.toLowerCase();
    const codeTaken =
      !!dto.company_code &&
      (await this.em.execute('select 1 from companies where lower(company_code) = lower(?) limit 1', [dto.company_code])).length > 0;
    const { company, admin } = await this.companies.createTrial(
      {
        company_name: dto.company_name!,
        company_code: codeTaken ? undefined : dto.company_code,
        industry: dto.company_industry ?? null,
        email,
        package_id: dto.package_id,
        time_zone: dto.time_zone,
      },
      {
        username,
        email: dto.email,
        password: dto.password,
        first_name: dto.first_name ?? null,
        last_name: dto.last_name ?? null,
      },
    );
    const mail = await this.em.transactional((tx) =>
      this.issueVerification(tx as EntityManager, admin.id, {
        email,
        name: dto.first_name || username,
        username,
        askedUsername: dto.username,
        companyCode: company.company_code,
        askedCompanyCode: dto.company_code,
      }),
    );
    this.mail.sendInBackground(mail);
  }

  /**
   * A signed-in client account without a company starts a free trial of its own: the company is
   * created and the account becomes its company_admin (same e-mail address and password), in one
   * transaction. Its other sessions end (they carry the client role); the answer is a session as
   * the admin, and the company. Refused (403) for any other account and while impersonating.
   */
  async startTrial(ctx: AuthContext, dto: StartTrialDto): Promise<Session & { company: Company }> {
    if (ctx.impersonatorId || ctx.role !== 'client') throw forbidden(TRIAL_NOT_A_CLIENT);
    const codeTaken =
      !!dto.company_code &&
      (await this.em.execute('select 1 from companies where lower(company_code) = lower(?) limit 1', [dto.company_code])).length > 0;
    const account = await this.em.findOne(User, { id: ctx.userId }, { filters: false });
    if (!account) throw notFound('User');
    const { company, admin } = await this.companies.createTrial(
      {
        company_name: dto.company_name,
        company_code: codeTaken ? undefined : dto.company_code,
        industry: dto.company_industry ?? null,
        email: account.email,
        package_id: dto.package_id,
        time_zone: dto.time_zone,
      },
      { userId: ctx.userId, first_name: dto.first_name, last_name: dto.last_name },
    );
    await endSessionsOfUser(this.em, admin.id);
    const user = await this.em.fork().findOneOrFail(User, { id: admin.id }, { populate: ['company', 'employee'], filters: false });
    return { ...(await this.startSession(user)), company };
  }

  async login(dto: LoginDto, ip: string): Promise<Session> {
    const email = dto.email.toLowerCase();
    // the attempt is claimed before the password is judged, so concurrent guesses cannot pass the limit
    const claim = await this.throttle.claim(email, ip);
    const user = await this.em.findOne(User, { email }, { populate: ['password_hash', 'company', 'employee'], filters: false });
    const failed = async (reason: string, statusCode = 401) => {
      await this.signIns.record({ action: 'sign_in.failed', userId: user?.id ?? null, email, path: LOGIN_PATH, statusCode, ip, details: { reason } });
    };
    if (!user) {
      await burnPasswordCheck(dto.password);
      await this.throttle.record(email, ip, false);
      await failed('unknown_account');
      throw unauthorized(LOGIN_FAILED);
    }
    if (!(await verifyPassword(user.password_hash, dto.password))) {
      await this.throttle.record(email, ip, false);
      await failed('wrong_password');
      throw unauthorized(LOGIN_FAILED);
    }
    await this.throttle.succeeded(claim);
    await this.throttle.record(email, ip, true);
    if (!user.is_active) {
      await failed('account_disabled', 403);
      throw forbidden('Your account has been disabled. Please contact your administrator.');
    }
    user.last_login_at = new Date();
    await this.em.flush();
    await this.signIns.record({ action: 'sign_in', userId: user.id, email, path: LOGIN_PATH, statusCode: 200, ip });
    return this.startSession(user);
  }

  async startSession(user: User, impersonated?: Company | null, familyId?: string): Promise<Session> {
    const refresh = await this.tokens.issueRefresh(user, familyId, impersonated?.id ?? null);
    return {
      user: toUserResponse(user, impersonated),
      access_token: await this.tokens.accessToken(user, impersonated?.id, refresh.sessionId),
      refresh,
    };
  }

  async refresh(raw: string | undefined): Promise<Session> {
    const { user, refresh, impersonatedCompanyId } = await this.tokens.rotate(raw);
    const impersonated = impersonatedCompanyId
      ? await this.em.findOne(Company, { id: impersonatedCompanyId }, { filters: false })
      : null;
    return {
      user: toUserResponse(user, impersonated),
      access_token: await this.tokens.accessToken(user, impersonated?.id, refresh.sessionId),
      refresh,
    };
  }

  logout(raw: string | undefined): Promise<void> {
    return this.tokens.revokeFamilyOf(raw);
  }

  /**
   * A superadmin starts working as a company: a session of its own, whose tokens carry the
   * company (and the refresh token remembers it), the superadmin stays the user; an
   * impersonation it was started from ends. Recorded in the audit log.
   */
  async impersonate(ctx: AuthContext, companyId: number, rawRefresh: string | undefined, ip?: string): Promise<CompanySwitch> {
    const company = await this.em.findOne(Company, { id: companyId }, { filters: false });
    if (!company) throw notFound('Company');
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['company', 'employee'], filters: false });
    const refresh = await this.tokens.switchSession(user, ctx, rawRefresh, company.id);
    await this.audit.record({
      userId: user.id,
      companyId: company.id,
      action: 'impersonation.start',
      method: 'POST',
      path: `/api/auth/impersonate/${company.id}`,
      statusCode: 200,
      ip,
      details: ctx.impersonatorId && ctx.companyId !== company.id ? { previous_company_id: ctx.companyId } : null,
    });
    return {
      user: toUserResponse(user, company),
      access_token: await this.tokens.accessToken(user, company.id, refresh.sessionId),
      refresh,
      company: await this.companies.detail(company.id),
    };
  }

  /**
   * Back to a session of the superadmin's own (answers it also when no company was impersonated):
   * the impersonation's session ends, its access tokens with it.
   */
  async stopImpersonating(ctx: AuthContext, rawRefresh: string | undefined, ip?: string): Promise<CompanySwitch> {
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['company', 'employee'], filters: false });
    const refresh = await this.tokens.switchSession(user, ctx, rawRefresh, null);
    if (ctx.impersonatorId && ctx.companyId) {
      await this.audit.record({
        userId: user.id,
        companyId: ctx.companyId,
        action: 'impersonation.stop',
        method: 'POST',
        path: '/api/auth/stop-impersonate',
        statusCode: 200,
        ip,
      });
    }
    return { user: toUserResponse(user), access_token: await this.tokens.accessToken(user, null, refresh.sessionId), refresh, company: null };
  }

  /** The profile the console refreshes on every load: one statement, the fields of toUserResponse. */
  async me(ctx: AuthContext): Promise<UserResponseDto> {
    const [row] = await this.em.execute<UserResponseDto[]>(
      `select u.id, u.username, u.email, u.role, u.first_name, u.last_name, c.id as company_id, c.company_name, c.time_zone,
              u.employee_id, u.is_active, u.email_verified_at is not null as email_verified
         from users u left join companies c on c.id = coalesce(?::int, u.company_id)
        where u.id = ?`,
      [ctx.impersonatorId ? ctx.companyId : null, ctx.userId],
    );
    if (!row) throw notFound('User');
    return ctx.impersonatorId && row.company_id !== null ? { ...row, impersonating: true } : row;
  }
}
