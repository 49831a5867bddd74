import { ExecutionContext, HttpStatus, Injectable, UseGuards, applyDecorators } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PostgresThrottlerStorage } from '../../common/rate-limit/postgres-throttler-storage';
import { sharedThrottlerStorage } from '../../common/rate-limit/throttler-storage';
import { ApiError } from '../../common/http/errors';
import { formatDuration } from '../../common/units';

/**
 * Requests per minute per client address on each sign-in, registration and password route
 * (AUTH_RATE_LIMIT; 0 turns it off): a burst limit in front of the per-account sign-in throttle
 * (login-throttle.ts). Counted where every app instance sees the same count (Redis when REDIS_URL
 * is set, the database otherwise), so N instances still allow the limit, not N times it.
 */
export const AuthRateLimitModule = ThrottlerModule.forRootAsync({
  inject: [APP_CONFIG, MikroORM],
  useFactory: async (config: AppConfig, orm: MikroORM) => ({
    throttlers: [{ name: 'default', ttl: 60_000, limit: Math.max(config.authRateLimit, 1) }],
    skipIf: () => config.authRateLimit === 0,
    // turned off, nothing is counted: no connection to Redis either
    storage: config.authRateLimit === 0 ? new PostgresThrottlerStorage(orm) : await sharedThrottlerStorage(config, orm),
  }),
});

@Injectable()
export class AuthRateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    throw new ApiError(
      HttpStatus.TOO_MANY_REQUESTS,
      `Too many requests. Please try again in ${formatDuration(seconds)}.`,
      undefined,
      { retry_after: seconds },
    );
  }
}

/** Puts the route under the per-address rate limit and documents its 429. */
export const AuthRateLimit = () =>
  applyDecorators(
    UseGuards(AuthRateLimitGuard),
    ApiTooManyRequestsResponse({ description: 'Too many requests from this address (AUTH_RATE_LIMIT per minute); Retry-After says when to retry' }),
  );
