import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, loadEnvFile } from './config';

describe('loadConfig', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cfg-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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

describe('loadEnvFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfg-env-'));
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads .env from the working directory, a real variable winning over the file', () => {
    writeFileSync(
      join(dir, '.env'),
      [
        '# secrets',
        'JWT_SECRET="from-the-file-0123456789-0123456789"',
        "SUPERADMIN_PASSWORD='File#Pass2026' # a # inside quotes belongs to the value",
        'MAIL_FROM=HR #unquoted, a # starts a comment',
        'PORT=4000',
      ].join('\n'),
    );
    process.chdir(dir);
    const env: NodeJS.ProcessEnv = { PORT: '5000', DATA_DIR: dir };
    expect(loadEnvFile(env)).toBe(join(dir, '.env'));
    expect(env).toMatchObject({
      JWT_SECRET: 'from-the-file-0123456789-0123456789',
      SUPERADMIN_PASSWORD: 'File#Pass2026',
      MAIL_FROM: 'HR',
      PORT: '5000',
    });
    const c = loadConfig(env);
    expect(c).toMatchObject({ port: 5000, jwtSecret: 'from-the-file-0123456789-0123456789', superadminPassword: 'File#Pass2026' });
    // an empty variable is still set by the environment: the file does not fill it
    const emptied: NodeJS.ProcessEnv = { PORT: '' };
    loadEnvFile(emptied);
    expect(emptied.PORT).toBe('');
  });

  it('takes ENV_FILE instead, and says when that file is missing', () => {
    const file = join(dir, 'prod.env');
    writeFileSync(file, 'LOG_LEVEL=warn\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: file };
    expect(loadEnvFile(env)).toBe(file);
    expect(env.LOG_LEVEL).toBe('warn');
    expect(() => loadEnvFile({ ENV_FILE: join(dir, 'nope.env') })).toThrow(/ENV_FILE .*nope\.env does not exist/);
  });

  it('runs without a .env file', () => {
    const empty = mkdtempSync(join(dir, 'none-'));
    process.chdir(empty);
    const env: NodeJS.ProcessEnv = { PORT: '1' };
    expect(loadEnvFile(env)).toBeUndefined();
    expect(env).toEqual({ PORT: '1' });
  });
});
