import { HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../common/http/errors';

/**
 * The refresh route acts on a cookie, which a browser attaches by itself: besides SameSite=Strict,
 * it requires this header. A cross-site form or link cannot send a custom header, and a
 * cross-origin script may only after a CORS preflight that CORS_ORIGINS alone pass.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'XMLHttpRequest';
export const CSRF_REFUSED = 'This request must carry the header X-Requested-With: XMLHttpRequest';

export function assertCsrfHeader(req: FastifyRequest): void {
  if (req.headers[CSRF_HEADER] !== CSRF_VALUE) throw new ApiError(HttpStatus.FORBIDDEN, CSRF_REFUSED);
}
