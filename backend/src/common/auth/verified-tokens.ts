import { setRecent } from '../recent-map';
import type { TokenClaims } from './auth-context';

const MAX_ENTRIES = 10_000;

/**
 * Tokens whose signature, audience and issuer were checked, with their claims: a token's
 * signature does not change, so a signed-in user's next requests skip the HMAC and the JSON
 * parsing. Expiry is checked on every use; an ended session (its refresh-token family revoked,
 * or the user's session_version raised) is the guard's database check, which still runs on every
 * request. So nothing here can be revoked: a session ended through another app instance is
 * refused here on its next request (test/reliability/two-instances.test.ts). Bounded, oldest first.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, TokenClaims & { exp?: number }>();

  get(token: string, now = Date.now()): TokenClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    if (claims.exp === undefined || claims.exp * 1000 <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return claims;
  }

  remember(token: string, claims: TokenClaims & { exp?: number }): void {
    setRecent(this.entries, token, claims, MAX_ENTRIES);
  }
}
