/**
 * The logs an operator reads: one JSON object a line, every line of a request with its request id,
 * and no credential in any of them, at the most talkative level.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { MikroORM as CoreORM } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../src/bootstrap/create-app';
import { loadConfig } from '../src/config/config';
import { createRootLogger, prettyStream } from '../src/common/observability/logger';
import { testDatabaseUrl } from './support/database';
import { bearer, createUser, PASSWORD } from './support/fixtures';

const JWT_SECRET = 'logging-test-secret-logging-test-secret-1';
const NEW_PASSWORD = 'Lantern#Meadow93';
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

const cookieOf = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];

describe('structured logs', () => {
  let app: NestFastifyApplication;
  let em: EntityManager;
  let output = '';
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'debug', DB_POOL_MAX: '4' });
    app = await createApp(config, testDatabaseUrl(), { logStream: stream });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    em = (app.get(CoreORM) as unknown as MikroORM).em.fork({ disableContextResolution: true }) as EntityManager;
  });
  afterAll(() => app.close());

  const lines = () =>
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, any>;
        } catch {
          throw new Error(`a log line is not JSON: ${line.slice(0, 200)}`);
        }
      });

  it("writes Nest's own start-up lines as JSON too", () => {
    const all = lines();
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ context: 'Bootstrap', msg: expect.stringMatching(/^database: postgres/) })]));
    // the modules loaded and the routes mapped at every start are detail, at debug, not every start's 150 lines
    expect(all.find((l) => l.context === 'InstanceLoader')).toMatchObject({ level: 'debug', pid: process.pid });
    expect(all.find((l) => l.context === 'RouterExplorer')).toMatchObject({ level: 'debug', msg: expect.stringMatching(/^Mapped \{/) });
    expect(all.filter((l) => ['InstanceLoader', 'RoutesResolver', 'RouterExplorer'].includes(l.context) && l.level !== 'debug')).toEqual([]);
    // an operator's every start would otherwise open with warnings about the request logger's route
    expect(all.filter((l) => l.level === 'warn' || l.level === 'error').map((l) => l.msg)).toEqual([]);
  });

  it('signs in, changes a password, refreshes and fails a sign-in without a secret in the logs', async () => {
    const user = await createUser(em, 'superadmin');
    const signIn = await http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const access: string = signIn.body.data.access_token;
    const cookie = cookieOf(signIn);
    const refreshToken = cookie.split('=')[1];

    const changed = await http()
      .post('/api/auth/change-password')
      .set(bearer(access))
      .set('Cookie', cookie)
      .send({ current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    const newAccess: string = changed.body.data.access_token;
    const newCookie = cookieOf(changed);

    const refreshed = await http().post('/api/auth/refresh').set(CSRF).set('Cookie', newCookie);
    expect(refreshed.status).toBe(200);
    const failed = await http().post('/api/auth/login').send({ email: user.email, password: 'Wrong#Guess123' });
    expect(failed.status).toBe(401);
    expect((await http().get('/api/auth/me').set(bearer(refreshed.body.data.access_token))).status).toBe(200);

    // tokens in a URL: an invitation's in its path, a link's in its query
    const invitation = 'inv0token0abcdefghijklmnopqrstuvwxyz123';
    expect((await http().get(`/api/auth/invitations/${invitation}`)).status).toBe(404);
    expect((await http().get('/api/health?token=query0secret0value&x=1')).status).toBe(200);

    const all = lines();
    expect(all.map((l) => l.req?.url)).toEqual(
      expect.arrayContaining(['/api/auth/invitations/[redacted]', '/api/health?token=[redacted]&x=1']),
    );
    // the requests were logged, with their headers (so a leak would show)
    const completed = all.filter((l) => l.req && l.res);
    expect(completed.map((l) => `${l.req.method} ${l.req.url} ${l.res.status_code}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/login 200', 'POST /api/auth/change-password 200', 'POST /api/auth/refresh 200', 'POST /api/auth/login 401']),
    );
    expect(completed.find((l) => l.req.url === '/api/auth/me')!.req.headers.authorization).toBe('[redacted]');
    expect(completed.find((l) => l.req.url === '/api/auth/refresh')!.req.headers.cookie).toBe('[redacted]');

    for (const secret of [PASSWORD, NEW_PASSWORD, 'Wrong#Guess123', access, newAccess, refreshed.body.data.access_token, refreshToken, newCookie.split('=')[1], JWT_SECRET, invitation, 'query0secret0value']) {
      expect(output).not.toContain(secret);
    }
    expect(output).not.toMatch(JWT);
  });

  it('gives every request an id: generated, or the caller\'s echoed; on errors too; on all of its lines', async () => {
    const generated = await http().get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const echoed = await http().get('/api/health').set('X-Request-Id', 'lb-4711.abc');
    expect(echoed.headers['x-request-id']).toBe('lb-4711.abc');
    const unsafe = await http().get('/api/health').set('X-Request-Id', 'bad id\twith "quotes"');
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await http().get('/api/health').set('X-Request-Id', 'x'.repeat(65))).headers['x-request-id']).toHaveLength(36);

    const denied = await http().get('/api/auth/me').set('X-Request-Id', 'req-denied-1');
    expect(denied.status).toBe(401);
    expect(denied.headers['x-request-id']).toBe('req-denied-1');
    const missing = await http().get('/api/no-such-route').set('X-Request-Id', 'req-missing-1');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toBe('req-missing-1');

    const all = lines();
    expect(all.every((l) => typeof l.level === 'string' && typeof l.time === 'string' && typeof l.msg === 'string')).toBe(true);
    const ofEchoed = all.filter((l) => l.request_id === 'lb-4711.abc');
    expect(ofEchoed.length).toBeGreaterThan(0);
    expect(all.filter((l) => l.request_id === generated.headers['x-request-id'])).toHaveLength(1);
    expect(all.find((l) => l.request_id === 'req-denied-1')).toMatchObject({ res: { status_code: 401 } });
    // every line logged while a request ran names it
    expect(all.filter((l) => l.req).every((l) => typeof l.request_id === 'string')).toBe(true);
  });

  it('writes the request id into the audit log and shows it where the log is read', async () => {
    const user = await createUser(em, 'superadmin');
    const res = await http().post('/api/auth/login').set('X-Request-Id', 'audit-trace-42').send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(200);
    const logs = await http()
      .get('/api/audit/logs')
      .query({ filter: JSON.stringify({ user_id: user.id, action: 'sign_in' }) })
      .set(bearer(res.body.data.access_token));
    expect(logs.status).toBe(200);
    expect(logs.body.data).toEqual([expect.objectContaining({ action: 'sign_in', request_id: 'audit-trace-42' })]);
  });
});

describe('logs at a terminal (LOG_FORMAT=pretty)', () => {
  it('writes readable lines: the time, the level, a request as method, path, status and duration, other lines with their context', async () => {
    let text = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const logger = createRootLogger({ logLevel: 'log' }, { stream: prettyStream(sink) });
    logger.info({ req: { method: 'GET', url: '/api/hr/employees' }, res: { status_code: 200 }, duration_ms: 12, request_id: 'r-1' }, 'request completed');
    logger.info({ context: 'Bootstrap' }, 'serving http://localhost:3000');
    logger.info({ password: 'Secret#Value1' }, 'a secret field');
    const lines = text.trim().split('\n');
    expect(lines[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: GET \/api\/hr\/employees 200 12 ms$/);
    expect(lines[1]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: \[Bootstrap\] serving http:\/\/localhost:3000$/);
    expect(text).not.toContain('Secret#Value1');
    expect(text).not.toContain('{"');
  });

  it('is chosen by LOG_FORMAT, and a value it does not know is refused in words', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET, LOG_FORMAT: 'yaml' })).toThrow('LOG_FORMAT must be json or pretty');
  });
});
