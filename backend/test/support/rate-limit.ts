import { spawnSync } from 'node:child_process';
import Redis from 'ioredis';

export const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers PING at REDIS_URL, asked once when a test file loads (before its tests are
 * declared, so a case that needs Redis can be declared skipped): a child process opens the socket
 * and waits a second at most for +PONG. `reason` says in words why it cannot be used.
 */
export function probeRedis(url = REDIS_URL): { up: boolean; reason: string } {
  const { hostname, port } = new URL(url);
  const script = `
    const socket = require('node:net').connect(${Number(port || 6379)}, ${JSON.stringify(hostname)});
    let answer = '';
    const done = (line, code) => { process.stdout.write(line); socket.destroy(); process.exit(code); };
    socket.setTimeout(1000, () => done('no answer within a second', 1));
    socket.on('connect', () => socket.write('PING\\r\\n'));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\\r\\n')) done(answer.trim(), answer.startsWith('+PONG') ? 0 : 1);
    });
    socket.on('error', (error) => done(error.code || error.message, 1));`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 5000 });
  if (run.status === 0) return { up: true, reason: '' };
  const why = (run.stdout || run.stderr || run.error?.message || 'no answer').trim().split('\n')[0];
  return { up: false, reason: `Redis does not answer PING at ${url} (${why})` };
}

/**
 * `it` for a case that needs Redis. Redis answers: the case runs. It does not: in CI (CI=true),
 * where the run starts Redis, the case fails with the reason; elsewhere it is reported skipped,
 * with the reason in its name.
 */
export function redisIt(redis: { up: boolean; reason: string }): (name: string, fn: () => Promise<unknown>, timeout?: number) => void {
  if (redis.up) return (name, fn, timeout) => it(name, fn, timeout);
  if (process.env.CI === 'true') {
    return (name) =>
      it(name, () => {
        throw new Error(`${redis.reason}; CI starts Redis for this case`);
      });
  }
  return (name) => it.skip(`${name} (skipped: ${redis.reason})`, () => undefined);
}

/** A connection to the machine's Redis when it answers within a second, else null. */
export async function redisOrNull(): Promise<Redis | null> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    return null;
  }
}

/** The auth rate limit's refusal: 429 in the envelope, its wait in words, Retry-After equal to retry_after. */
export function expectRateLimited(res: { status: number; body: any; headers: Record<string, any> }): void {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in (\d+ seconds?|1 minute)\.$/) });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(60);
  expect(res.body.retry_after).toBe(retry);
}
