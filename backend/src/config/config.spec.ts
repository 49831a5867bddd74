import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cfg-'));

  it('applies the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.superadminEmail).toBe('superadmin@example.com');
    expect(c.accessTokenTtlSeconds).toBe(900);
    expect(c.serveStatic).toBe(false);
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // the generated secret is kept, so tokens survive a restart
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(c.jwtSecret);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' }),
    ).toThrow(/JWT_SECRET is required/);
  });

  it('reads the mail, password-reset, rate-limit and idempotency settings', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c).toMatchObject({
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailDir: join(dataDir, 'mail'),
      authRateLimit: 60,
      passwordResetTtlMinutes: 30,
      idempotencyTtlHours: 24,
    });
    // the API tests sign in far more often than a person
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).authRateLimit).toBe(0);
    const set = loadConfig({
      DATA_DIR: dataDir,
      APP_URL: 'https://hr.example.com/console/',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'HR <hr@example.com>',
      AUTH_RATE_LIMIT: '10',
    });
    expect(set).toMatchObject({ appUrl: 'https://hr.example.com/console', smtpUrl: 'smtps://user:pass@mail.example.com', mailFrom: 'HR <hr@example.com>', authRateLimit: 10 });
    expect(() => loadConfig({ DATA_DIR: dataDir, APP_URL: 'ftp://x' })).toThrow(/APP_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PASSWORD_RESET_TTL_MINUTES: '1' })).toThrow(/PASSWORD_RESET_TTL_MINUTES/);
  });

  it('serves the built front ends in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).serveStatic).toBe(true);
  });
});
