import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const SKIP_IDEMPOTENCY = 'http:skip-idempotency';

/**
 * The route ignores Idempotency-Key: its answer cannot be replayed as stored (it sets a cookie or
 * hands out a new session), or repeating it is harmless.
 */
export const SkipIdempotency = () => applyDecorators(SetMetadata(SKIP_IDEMPOTENCY, true), ApiExtension('x-idempotency', false));
