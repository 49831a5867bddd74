import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import type { ThrottlerStorageRecord } from './postgres-throttler-storage';

/**
 * One hit in one Lua script, so it is atomic on the Redis server: the window's counter is INCR'd
 * and given its PEXPIRE on its first hit; the hit past the limit sets the block key for the block
 * duration and drops the counter, so the first hit after the block starts a new window (as the
 * PostgreSQL storage and the throttler's in-memory one do). Hits while blocked are not counted.
 * Answers { hits, ms left of the window, blocked 0/1, ms left of the block }.
 */
const HIT_SCRIPT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  return {tonumber(ARGV[2]) + 1, blocked, 1, blocked}
end
local hits = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if hits == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return {hits, left, 1, tonumber(ARGV[3])}
end
return {hits, left, 0, 0}`;

type HitReply = [number, number, number, number];
type WithHit = Redis & { rateLimitHit(hitsKey: string, blockKey: string, ttl: number, limit: number, block: number): Promise<HitReply> };

/**
 * The auth rate limit's counts in Redis (REDIS_URL), shared by every app instance using it. A
 * hit Redis cannot answer (it is down) is let through with an error in the log: the per-account
 * sign-in throttle, in PostgreSQL, still holds.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: WithHit;
  private lastError = 0;

  constructor(url: string) {
    // a hit never waits for a reconnection: it fails at once and is let through
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) as WithHit;
    // sent by its SHA (EVALSHA), the script itself only when the server does not know it yet
    this.redis.defineCommand('rateLimitHit', { numberOfKeys: 2, lua: HIT_SCRIPT });
    this.redis.on('error', (e: Error) => this.logError(e));
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const block = Math.round(blockDuration > 0 ? blockDuration : ttl);
    // one hash tag: both keys of a hit live on the same node of a cluster
    const [hitsKey, blockKey] = [`rate-limit:{${key}}:hits`, `rate-limit:{${key}}:blocked`];
    try {
      const [hits, left, blocked, blockLeft] = await this.redis.rateLimitHit(hitsKey, blockKey, Math.round(ttl), limit, block);
      return {
        totalHits: hits,
        timeToExpire: Math.ceil(left / 1000),
        isBlocked: blocked === 1,
        timeToBlockExpire: blocked === 1 ? Math.max(1, Math.ceil(blockLeft / 1000)) : 0,
      };
    } catch (e) {
      this.logError(e as Error);
      return { totalHits: 0, timeToExpire: Math.ceil(ttl / 1000), isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  /** Waits (at most `ms`) for the first connection, so the first hits after start are counted. */
  async ready(ms: number): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    let timer: NodeJS.Timeout | undefined;
    const connected = await Promise.race([
      new Promise<boolean>((resolve) => this.redis.once('ready', () => resolve(true))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
    clearTimeout(timer);
    return connected;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** At most one line a minute while Redis stays unreachable. */
  private logError(e: Error): void {
    if (Date.now() - this.lastError < 60_000) return;
    this.lastError = Date.now();
    this.logger.error(`Redis (REDIS_URL) did not answer: ${e.message}; auth rate limit not counted meanwhile`);
  }
}
