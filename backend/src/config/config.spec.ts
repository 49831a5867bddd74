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

  it('serves the built front ends in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).serveStatic).toBe(true);
  });
});
