import { VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const claims = (expSeconds: number | undefined) => ({ sub: 1, role: 'employee' as const, sv: 0, exp: expSeconds });

  it('answers a remembered token until its expiry, then forgets it', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('a', claims(now / 1000 + 60));
    expect(tokens.get('a', now)).toMatchObject({ sub: 1 });
    expect(tokens.get('a', now + 59_999)).toMatchObject({ sub: 1 });
    expect(tokens.get('a', now + 60_000)).toBeUndefined();
    // forgotten: an earlier clock does not bring it back
    expect(tokens.get('a', now)).toBeUndefined();
  });

  it('never answers a token without an expiry, nor one it was not given', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('b', claims(undefined));
    expect(tokens.get('b', now)).toBeUndefined();
    expect(tokens.get('c', now)).toBeUndefined();
  });

  it('keeps at most 10,000 tokens, dropping the oldest', () => {
    const tokens = new VerifiedTokens();
    for (let i = 0; i <= 10_000; i++) tokens.remember(`t${i}`, claims(now / 1000 + 60));
    expect(tokens.get('t0', now)).toBeUndefined();
    expect(tokens.get('t1', now)).toMatchObject({ sub: 1 });
    expect(tokens.get('t10000', now)).toMatchObject({ sub: 1 });
  });
});
