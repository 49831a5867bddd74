import type { MikroORM } from '@mikro-orm/postgresql';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { AppConfig } from '../../config/config';
import { PostgresThrottlerStorage } from './postgres-throttler-storage';
import { RedisThrottlerStorage } from './redis-throttler-storage';

/** How long a start waits for Redis before serving (its hits are let through until it answers). */
const REDIS_CONNECT_WAIT_MS = 3000;

/**
 * Where the rate limits count, shared by every app instance: Redis when REDIS_URL is set,
 * otherwise the database (PostgreSQL, or the embedded one).
 */
export async function sharedThrottlerStorage(config: AppConfig, orm: MikroORM): Promise<ThrottlerStorage> {
  if (!config.redisUrl) return new PostgresThrottlerStorage(orm);
  const redis = new RedisThrottlerStorage(config.redisUrl);
  await redis.ready(REDIS_CONNECT_WAIT_MS);
  return redis;
}
