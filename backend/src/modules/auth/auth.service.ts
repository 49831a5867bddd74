import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { conflict, forbidden, notFound, unauthorized } from '../../common/http/errors';
import type { AuthContext } from '../../common/auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { CompaniesService } from '../companies/companies.service';
import { Company } from '../companies/company.entity';
import type { CompanyResponseDto } from '../companies/dto/company.dto';
import { accountsTaken } from '../users/accounts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { toUserResponse } from '../users/user.mapper';
import type { UserResponseDto } from './dto/user-response.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import { LoginThrottle } from './login-throttle';
import { MailService, escapeHtml } from './mail.service';
import { SignInAudit } from './sign-in-audit';
import { TokenService, type IssuedRefresh } from './token.service';

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
export const REGISTERED = 'Registration successful! Please login.';
export const REGISTER_ATTEMPT_SUBJECT = 'Someone tried to register with your email';
/** "Someone tried to register with your email" mails per account within the sign-in throttle's window. */
const REGISTER_MAILS_PER_WINDOW = 3;
const LOGIN_PATH = '/api/auth/login';

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
   * Self-registration, or with create_company the free trial. The answer does not tell whether
   * the email has an account: everything else is checked first (fields, package, company code,
   * username), then an email in use is answered as a success, creates nothing and is told to
   * its owner by mail; the password is hashed either way so both take about as long.
   */
  async register(dto: RegisterDto): Promise<void> {
    const email = dto.email.toLowerCase();
    if (dto.create_company) await this.companies.assertTrialPossible({ package_id: dto.package_id, company_code: dto.company_code });
    const taken = await accountsTaken(this.em, email, dto.username);
    if (taken.username && !taken.email) throw conflict('This username is already taken', 'username');
    if (taken.email) {
      await hashPassword(dto.password);
      await this.warnOwner(taken.email);
      return;
    }
    if (dto.create_company) {
      await this.registerTrial(dto);
      return;
    }
    this.em.create(User, {
      username: dto.username,
      email,
      password_hash: await hashPassword(dto.password),
      role: 'client',
      first_name: dto.first_name ?? null,
      last_name: dto.last_name ?? null,
    });
    await this.em.flush();
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

  /** The free trial: a company in trial on the chosen package, with this user as its company_admin. */
  private async registerTrial(dto: RegisterDto): Promise<void> {
    await this.companies.createTrial(
      {
        company_name: dto.company_name!,
        company_code: dto.company_code,
        industry: dto.company_industry ?? null,
        email: dto.email.toLowerCase(),
        package_id: dto.package_id,
      },
      {
        username: dto.username,
        email: dto.email,
        password: dto.password,
        first_name: dto.first_name ?? null,
        last_name: dto.last_name ?? null,
      },
    );
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
              u.employee_id, u.is_active
         from users u left join companies c on c.id = coalesce(?::int, u.company_id)
        where u.id = ?`,
      [ctx.impersonatorId ? ctx.companyId : null, ctx.userId],
    );
    if (!row) throw notFound('User');
    return ctx.impersonatorId && row.company_id !== null ? { ...row, impersonating: true } : row;
  }
}
