import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { conflict, forbidden, unauthorized } from '../../common/http/errors';
import type { AuthContext } from '../../common/auth/auth-context';
import { Company } from '../companies/company.entity';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../users/password';
import { User } from '../users/user.entity';
import { toUserResponse } from '../users/user.mapper';
import type { UserResponseDto } from './dto/user-response.dto';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import { TokenService, type IssuedRefresh } from './token.service';

export const LOGIN_FAILED = 'Invalid email or password. Please try again.';

export interface Session {
  user: UserResponseDto;
  access_token: string;
  refresh: IssuedRefresh;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
  ) {}

  async register(dto: RegisterDto): Promise<UserResponseDto> {
    const email = dto.email.toLowerCase();
    await this.assertAvailable(email, dto.username);
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

  async assertAvailable(email: string, username: string): Promise<void> {
    const clash = await this.em.findOne(
      User,
      { $or: [{ email: email.toLowerCase() }, { username: { $ilike: username.replace(/[\\%_]/g, '\\$&') } }] },
      { filters: false },
    );
    if (!clash) return;
    if (clash.email === email.toLowerCase()) throw conflict('An account with this email already exists', 'email');
    throw conflict('This username is already taken', 'username');
  }

  async login(dto: LoginDto): Promise<Session> {
    const user = await this.em.findOne(
      User,
      { email: dto.email.toLowerCase() },
      { populate: ['password_hash', 'company', 'employee'], filters: false },
    );
    if (!user) {
      await burnPasswordCheck(dto.password);
      throw unauthorized(LOGIN_FAILED);
    }
    if (!(await verifyPassword(user.password_hash, dto.password))) throw unauthorized(LOGIN_FAILED);
    if (!user.is_active) throw forbidden('Your account has been disabled. Please contact your administrator.');
    user.last_login_at = new Date();
    await this.em.flush();
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

  async me(ctx: AuthContext): Promise<UserResponseDto> {
    const user = await this.em.findOneOrFail(User, { id: ctx.userId }, { populate: ['company', 'employee'], filters: false });
    const impersonated = ctx.impersonatorId
      ? await this.em.findOne(Company, { id: ctx.companyId! }, { filters: false })
      : null;
    return toUserResponse(user, impersonated);
  }
}
