import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

/** The request being handled, for code that has no request object at hand (the audit log). */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export const currentRequestId = (): string | null => requestContext.getStore()?.requestId ?? null;

/** A caller's id is kept when it is short and plain (it goes into logs and the audit log as is). */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** The request id of an incoming request: its X-Request-Id when sane, else a new UUID. */
export function requestIdFor(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
