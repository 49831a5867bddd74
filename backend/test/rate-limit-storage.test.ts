/**
 * The shared storages of the auth rate limit, on the test database (and Redis when it answers on
 * 127.0.0.1:6379): a window, the block past the limit, a new window after the block, concurrent
 * hits counted one by one, and finished rows swept.
 */
import type { ThrottlerStorage } from '@nestjs/throttler';
import { PostgresThrottlerStorage } from '../src/common/rate-limit/postgres-throttler-storage';
import { RedisThrottlerStorage } from '../src/common/rate-limit/redis-throttler-storage';
import { createTestApp, type TestApp } from './support/app';
import { REDIS_URL, redisOrNull } from './support/rate-limit';
import { unique } from './support/fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the auth rate limit storages', () => {
  let t: TestApp;
  let redis: RedisThrottlerStorage | null = null;
  beforeAll(async () => {
    t = await createTestApp();
    const probe = await redisOrNull();
    probe?.disconnect();
    if (probe) {
      redis = new RedisThrottlerStorage(REDIS_URL);
      await redis.ready(2000);
    } else {
      console.log(`rate limit storages: the Redis cases are skipped: nothing answers at ${REDIS_URL}`);
    }
  });
  afterAll(async () => {
    await redis?.onApplicationShutdown();
    await t.close();
  });

  const postgres = (): ThrottlerStorage => new PostgresThrottlerStorage(t.orm);
  const storages = (): Array<[string, () => ThrottlerStorage | null]> => [
    ['PostgreSQL', postgres],
    ['Redis', () => redis],
  ];

  it.each(storages())('%s: counts a window, blocks past the limit without counting, and starts a new window after the block', async (_, make) => {
    const storage = make();
    if (!storage) return;
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
  });

  it.each(storages())('%s: concurrent hits on one key are counted one by one', async (_, make) => {
    const storage = make();
    if (!storage) return;
    const key = unique('burst-');
    const results = await Promise.all(Array.from({ length: 12 }, () => storage.increment(key, 60_000, 100, 60_000, 'default')));
    expect(results.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(results.every((r) => !r.isBlocked)).toBe(true);
  });

  it('PostgreSQL: a hit sweeps the rows whose window and block are over', async () => {
    const finished = unique('finished-');
    await postgres().increment(finished, 100, 5, 100, 'default');
    await sleep(300);
    // a new storage sweeps with its first hit
    await postgres().increment(unique('other-'), 60_000, 5, 60_000, 'default');
    expect(await t.em().execute('select count(*)::int as n from rate_limit_hits where key = ?', [finished])).toEqual([{ n: 0 }]);
  });
});
