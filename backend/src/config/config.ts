import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** Typed configuration, read and validated once at boot from the environment. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** PostgreSQL URL; undefined means the embedded database under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  dbPoolMax: number;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  superadminEmail: string;
  superadminPassword: string;
  seedDemo: boolean;
  migrateOnStart: boolean;
  corsOrigins: string[];
  serveStatic: boolean;
  trustProxy: boolean;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** json: one JSON object a line (for collectors); pretty: readable lines for a person at a terminal */
  logFormat: 'json' | 'pretty';
  /** The console's public address, used in the links of e-mails (never taken from the request's Host). */
  appUrl: string;
  /** SMTP server for outgoing mail; undefined: messages are written to mailDir instead. */
  smtpUrl?: string;
  mailFrom: string;
  /** The development mailbox: one .eml and one .json file per message. */
  mailDir: string;
  /** Requests per minute per client address on each sign-in, registration and password route; 0 turns it off. */
  authRateLimit: number;
  passwordResetTtlMinutes: number;
  /** How long a stored answer to an Idempotency-Key is replayed. */
  idempotencyTtlHours: number;
  /** Redis shared by the app instances for the auth rate limit; undefined: the counts live in PostgreSQL. */
  redisUrl?: string;
  /** Bearer token of GET /api/metrics; undefined: the endpoint answers 404. */
  metricsToken?: string;
  /** A port on 127.0.0.1 serving /metrics without a token; undefined: none. */
  metricsPort?: number;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

/** Without JWT_SECRET a random secret is kept in the data directory, so sessions survive restarts. */
function jwtSecretFor(env: NodeJS.ProcessEnv, dataDir: string, production: boolean, embedded: boolean): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    return given;
  }
  if (production && !embedded) {
    throw new ConfigError('JWT_SECRET is required in production with DATABASE_URL');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const production = nodeEnv === 'production';
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }
  const logLevel = (env.LOG_LEVEL ?? 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL must be error, warn, log or debug');
  }
  const logFormat = (env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json')) as AppConfig['logFormat'];
  if (!['json', 'pretty'].includes(logFormat)) throw new ConfigError('LOG_FORMAT must be json or pretty');
  const port = int(env, 'PORT', 3000, 0, 65535);
  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    dbPoolMax: int(env, 'DB_POOL_MAX', 10, 1, 200),
    jwtSecret: jwtSecretFor(env, dataDir, production, !databaseUrl),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 60, 86400),
    refreshTokenTtlDays: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1, 365),
    superadminEmail: (env.SUPERADMIN_EMAIL || 'superadmin@example.com').toLowerCase(),
    superadminPassword: env.SUPERADMIN_PASSWORD || 'Super#Admin2026',
    seedDemo: bool(env, 'SEED_DEMO', true),
    migrateOnStart: bool(env, 'MIGRATE_ON_START', true),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    serveStatic: bool(env, 'SERVE_STATIC', production),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    logLevel,
    logFormat,
    appUrl: appUrlOf(env, port),
    smtpUrl: smtpUrlOf(env),
    mailFrom: env.MAIL_FROM || 'HR Platform <no-reply@localhost>',
    mailDir: resolve(env.MAIL_DIR || join(dataDir, 'mail')),
    // the API tests sign in hundreds of times a minute from one address
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', nodeEnv === 'test' ? 0 : 60, 0, 100_000),
    passwordResetTtlMinutes: int(env, 'PASSWORD_RESET_TTL_MINUTES', 30, 5, 1440),
    idempotencyTtlHours: int(env, 'IDEMPOTENCY_TTL_HOURS', 24, 1, 720),
    redisUrl: redisUrlOf(env),
    metricsToken: metricsTokenOf(env),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1, 65535) : undefined,
  };
}

function appUrlOf(env: NodeJS.ProcessEnv, port: number): string {
  const raw = env.APP_URL || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`APP_URL must be an http(s) URL (got "${raw}")`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new ConfigError(`APP_URL must be an http(s) URL (got "${raw}")`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function metricsTokenOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.METRICS_TOKEN || undefined;
  if (raw && !/^[\x21-\x7e]{16,}$/.test(raw)) throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces');
  return raw;
}

function smtpUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL || undefined;
  if (raw && !/^smtps?:\/\//.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

function redisUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.REDIS_URL || undefined;
  if (raw && !/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL');
  return raw;
}

/**
 * Copies the variables of a .env file (ENV_FILE, default .env in the working directory) into env,
 * leaving those the environment already sets: a real variable wins over the file. A missing default
 * file is fine; a missing ENV_FILE is an error. Returns the file read, if any.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const file = resolve(env.ENV_FILE || '.env');
  if (!existsSync(file)) {
    if (env.ENV_FILE) throw new ConfigError(`ENV_FILE ${file} does not exist`);
    return undefined;
  }
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] === undefined && value !== undefined) env[name] = value;
  }
  return file;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
