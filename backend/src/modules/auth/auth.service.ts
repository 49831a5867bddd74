import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forbidden, notFound, unauthorized } from '../../common/http/errors';
import type { AuthContext } from '../../common/auth/auth-context';
import { AuditService } from '../audit/audit.service';
import { CompaniesService } from '../companies/companies.service';
import { Company } from '../companies/company.entity';
import type { CompanyResponseDto } from '../companies/dto/company.dto';
import { assertAccountAvailable } from '../users/accounts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { toUserResponse } from '../users/user.mapper';
import type { UserResponseDto } from './dto/user-response.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import { LoginThrottle } from './login-throttle';
import { SignInAudit } from './sign-in-audit';
import { TokenService, type IssuedRefresh } from './token.service';

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
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
  ) {}

  async register(dto: RegisterDto): Promise<UserResponseDto> {
    if (dto.create_company) return this.registerTrial(dto);
    const email = dto.email.toLowerCase();
    await assertAccountAvailable(this.em, email, dto.username);
    const user = this.em.create(User, {
      username: dto.username,
      email,
      password_hash: await hashPassword(dto.password),
      role: 'client',
      first_name: dto.first_name ?? null,
      last_name: dto.last_name ?? null,
    });
    await this.em.flush();
    return toUserResponse(user);
  }

  /** The free trial: a company in trial on the chosen package, with this user as its company_admin. */
  private async registerTrial(dto: RegisterDto): Promise<UserResponseDto> {
    const { admin } = await this.companies.createTrial(
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
    return toUserResponse(admin);
  }

  async login(dto: LoginDto, ip: string): Promise<Session> {
    const email = dto.email.toLowerCase();
    await this.throttle.check(email, ip);
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
      access_token: await this.tokens.accessToken(user, impersonated?.id),
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
      access_token: await this.tokens.accessToken(user, impersonated?.id),
      refresh,
    };
  }

  logout(raw: string | undefined): Promise<void> {
    return this.tokens.revokeFamilyOf(raw);
  }

  /**
   * A superadmin starts working as a company: the new session's tokens carry the company (and
   * the refresh token remembers it), the superadmin stays the user. Recorded in the audit log.
   */
  async impersonate(ctx: AuthContext, companyId: number, rawRefresh: string | undefined, ip?: string): Promise<CompanySwitch> {
    const company = await this.em.findOne(Company, { id: companyId }, { filters: false });
    if (!company) throw notFound('Company');
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['company', 'employee'], filters: false });
    const refresh = await this.tokens.reissue(rawRefresh, user, company.id);
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
      access_token: await this.tokens.accessToken(user, company.id),
      refresh,
      company: await this.companies.detail(company.id),
    };
  }

  /** Back to the superadmin's own session (answers it also when no company was impersonated). */
  async stopImpersonating(ctx: AuthContext, rawRefresh: string | undefined, ip?: string): Promise<CompanySwitch> {
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['company', 'employee'], filters: false });
    const refresh = await this.tokens.reissue(rawRefresh, user, null);
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
    return { user: toUserResponse(user), access_token: await this.tokens.accessToken(user), refresh, company: null };
  }

  /** The profile the console refreshes on every load: one statement, the fields of toUserResponse. */
  async me(ctx: AuthContext): Promise<UserResponseDto> {
    const [row] = await this.em.execute<UserResponseDto[]>(
      `select u.id, u.username, u.email, u.role, u.first_name, u.last_name, c.id as company_id, c.company_name,
              u.employee_id, u.is_active
         from users u left join companies c on c.id = coalesce(?::int, u.company_id)
        where u.id = ?`,
      [ctx.impersonatorId ? ctx.companyId : null, ctx.userId],
    );
    if (!row) throw notFound('User');
    return ctx.impersonatorId && row.company_id !== null ? { ...row, impersonating: true } : row;
  }
}
