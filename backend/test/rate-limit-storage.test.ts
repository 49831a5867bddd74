/**
 * The shared storages of the auth rate limit, on the test database and on Redis at 127.0.0.1:6379
 * (without Redis its cases are reported skipped, and fail under CI=true): a window, the block past
 * the limit, a new window after the block, concurrent hits counted one by one, and finished rows
 * swept.
 */
import type { ThrottlerStorage } from '@nestjs/throttler';
import { PostgresThrottlerStorage } from '../src/common/rate-limit/postgres-throttler-storage';
import { RedisThrottlerStorage } from '../src/common/rate-limit/redis-throttler-storage';
import { createTestApp, type TestApp } from './support/app';
import { probeRedis, REDIS_URL, redisIt } from './support/rate-limit';
import { unique } from './support/fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Redis at REDIS_URL, asked before the cases are declared: without it the Redis cases are skipped (failed in CI). */
const redisUp = probeRedis();
const itOnRedis = redisIt(redisUp);

/** A window of 1.5 s with a limit of 2 and a block of 1.5 s: counted, blocked past the limit without counting, a new window after the block. */
async function expectWindowAndBlock(storage: ThrottlerStorage): Promise<void> {
  const key = unique('window-');
  const hit = () => storage.increment(key, 1500, 2, 1500, 'default');
  expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
  const second = await hit();
  expect(second).toMatchObject({ totalHits: 2, isBlocked: false });
  expect(second.timeToExpire).toBeGreaterThanOrEqual(1);
  expect(second.timeToExpire).toBeLessThanOrEqual(2);
  const third = await hit();
  expect(third).toMatchObject({ totalHits: 3, isBlocked: true });
  expect(third.timeToBlockExpire).toBeGreaterThanOrEqual(1);
  expect(third.timeToBlockExpire).toBeLessThanOrEqual(2);
  expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true });
  await sleep(1700);
  expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
}

/** 12 hits sent at once on one key: each counted, 1 to 12, none blocked (limit 100). */
async function expectBurstCounted(storage: ThrottlerStorage): Promise<void> {
  const key = unique('burst-');
  const results = await Promise.all(Array.from({ length: 12 }, () => storage.increment(key, 60_000, 100, 60_000, 'default')));
  expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(results.map((r) => r.isBlocked)).toEqual(Array.from({ length: 12 }, () => false));
}

describe('the auth rate limit storages', () => {
  let t: TestApp;
  let redis: RedisThrottlerStorage | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    if (redisUp.up) {
      redis = new RedisThrottlerStorage(REDIS_URL);
      await redis.ready(2000);
    }
  });
  afterAll(async () => {
    await redis?.onApplicationShutdown();
    await t.close();
  });

  const postgres = (): ThrottlerStorage => new PostgresThrottlerStorage(t.orm);
  const window = 'counts a window, blocks past the limit without counting, and starts a new window after the block';
  const burst = 'concurrent hits on one key are counted one by one';

  it(`PostgreSQL: ${window}`, () => expectWindowAndBlock(postgres()));
  itOnRedis(`Redis: ${window}`, () => expectWindowAndBlock(redis!));
  it(`PostgreSQL: ${burst}`, () => expectBurstCounted(postgres()));
  itOnRedis(`Redis: ${burst}`, () => expectBurstCounted(redis!));

  it('PostgreSQL: a hit sweeps the rows whose window and block are over', async () => {
    const finished = unique('finished-');
    await postgres().increment(finished, 100, 5, 100, 'default');
    await sleep(300);
    // a new storage sweeps with its first hit
    await postgres().increment(unique('other-'), 60_000, 5, 60_000, 'default');
    expect(await t.em().execute('select count(*)::int as n from rate_limit_hits where key = ?', [finished])).toEqual([{ n: 0 }]);
  });
});
