import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { unauthorized } from '../../common/http/errors';
import type { TokenClaims } from '../../common/auth/auth-context';
import { endSessionsOfUser } from '../users/sessions';
import { User } from '../users/user.entity';
import { RefreshToken } from './refresh-token.entity';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const SESSION_OVER = 'Your session has expired, please sign in again';

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
  /** the session: the refresh-token family, which the access tokens name (claim sid) */
  sessionId: string;
}

/**
 * Short-lived access tokens and rotating refresh tokens. A session is one refresh-token family
 * (one per sign-in, and one per impersonation); its access tokens name it (claim sid), and the
 * access guard refuses them as soon as the family is revoked (logout, a reused refresh token,
 * the end of an impersonation) or the user's session_version moves on.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An access token of the session; without one, a new session (one SQL statement, no refresh token handed out) is started for it. */
  async accessToken(user: User, impersonatedCompanyId?: number | null, sessionId?: string): Promise<string> {
    const sid = sessionId ?? (await this.openSession(user, impersonatedCompanyId ?? null));
    const claims: TokenClaims = { sub: user.id, role: user.role, sv: user.session_version, sid };
    if (impersonatedCompanyId) claims.cid = impersonatedCompanyId;
    return this.jwt.signAsync(claims);
  }

  async issueRefresh(user: User, familyId: string = randomUUID(), impersonatedCompanyId: number | null = null): Promise<IssuedRefresh> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.refreshTokenTtlDays * 86400_000);
    this.em.create(RefreshToken, {
      id,
      user,
      family_id: familyId,
      token_hash: sha256(secret),
      impersonated_company_id: impersonatedCompanyId,
      expires_at: expiresAt,
    });
    await this.em.flush();
    return { token: `${id}.${secret}`, expiresAt, sessionId: familyId };
  }

  private async openSession(user: User, impersonatedCompanyId: number | null): Promise<string> {
    const familyId = randomUUID();
    await this.em.execute(
      `insert into refresh_tokens (id, user_id, family_id, token_hash, impersonated_company_id, expires_at)
       values (?, ?, ?, ?, ?, now() + make_interval(days => ?))`,
      [randomUUID(), user.id, familyId, sha256(randomBytes(32).toString('base64url')), impersonatedCompanyId, this.config.refreshTokenTtlDays],
    );
    return familyId;
  }

  /**
   * Exchanges a refresh token for a new one of the same family. A token presented after it was
   * rotated means it was copied: the whole family is revoked. The row lock makes two concurrent
   * refreshes with the same token end with exactly one winner.
   */
  async rotate(raw: string | undefined): Promise<{ user: User; refresh: IssuedRefresh; impersonatedCompanyId: number | null }> {
    const [id, secret] = (raw ?? '').split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) throw unauthorized(SESSION_OVER);
    const outcome = await this.em.transactional(async (em) => {
      const row = await em.findOne(RefreshToken, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || row.token_hash !== sha256(secret)) return null;
      if (row.revoked_at || row.expires_at < new Date()) return null;
      if (row.rotated_at) return { reusedFamily: row.family_id };
      const user = await em.findOne(User, { id: row.user.id }, { populate: ['company', 'employee'], filters: false });
      if (!user || !user.is_active) return null;
      row.rotated_at = new Date();
      const refresh = await this.issueRefresh(user, row.family_id, row.impersonated_company_id ?? null);
      return { user, refresh, impersonatedCompanyId: row.impersonated_company_id ?? null };
    });
    if (outcome && 'reusedFamily' in outcome) {
      await this.em.nativeUpdate(RefreshToken, { family_id: outcome.reusedFamily, revoked_at: null }, { revoked_at: new Date() });
    }
    if (!outcome || 'reusedFamily' in outcome) throw unauthorized(SESSION_OVER);
    return outcome;
  }

  /**
   * Impersonation start or stop: a new session for the company (null: the superadmin's own).
   * An impersonation's session ends here (its access tokens with it): the caller's when it is
   * one, and the presented refresh token's when it is one; the superadmin's own session is left
   * to run out, its presented refresh token used up.
   */
  async switchSession(user: User, current: { sessionId?: string | null; impersonatorId: number | null }, raw: string | undefined, impersonatedCompanyId: number | null): Promise<IssuedRefresh> {
    if (current.impersonatorId && current.sessionId) await this.revokeFamily(current.sessionId, user.id);
    const [id, secret] = (raw ?? '').split('.');
    if (id && secret && /^[0-9a-f-]{36}$/.test(id)) {
      const row = await this.em.findOne(RefreshToken, { id });
      if (row && row.token_hash === sha256(secret) && row.user.id === user.id) {
        if (row.impersonated_company_id) await this.revokeFamily(row.family_id, user.id);
        else await this.em.nativeUpdate(RefreshToken, { id: row.id, rotated_at: null }, { rotated_at: new Date() });
      }
    }
    return this.issueRefresh(user, undefined, impersonatedCompanyId);
  }

  private async revokeFamily(familyId: string, userId: number): Promise<void> {
    await this.em.nativeUpdate(RefreshToken, { family_id: familyId, user: userId, revoked_at: null }, { revoked_at: new Date() });
  }

  /** Ends the session the token belongs to (its whole family). */
  async revokeFamilyOf(raw: string | undefined): Promise<void> {
    const [id, secret] = (raw ?? '').split('.');
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return;
    const row = await this.em.findOne(RefreshToken, { id });
    if (!row || row.token_hash !== sha256(secret)) return;
    await this.em.nativeUpdate(RefreshToken, { family_id: row.family_id, revoked_at: null }, { revoked_at: new Date() });
  }

  /** Ends every session of a user (password change, account disabled), access tokens included. */
  async revokeAllOf(userId: number): Promise<void> {
    await endSessionsOfUser(this.em, userId);
  }
}
