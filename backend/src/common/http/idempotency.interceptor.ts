import { CallHandler, ExecutionContext, HttpStatus, Inject, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import type { AuthedRequest } from '../auth/access.guard';
import { ApiResult, Page } from './envelope';
import { ApiError, conflict, unprocessable } from './errors';
import { SKIP_IDEMPOTENCY } from './idempotency.decorator';
import { ownsTransactions } from '../tenancy/own-transactions';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Please retry shortly.';
export const KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
/** A claim whose request never finished (the process died) may be taken over after this long. */
const ABANDONED_MINUTES = 5;

type Stored = { data: unknown; message?: string };

/** JSON with object keys sorted, so the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * `Idempotency-Key` on a signed-in POST: the first request with a key runs and its answer is
 * stored; a replay (same user, key, method, URL and body) gets the stored status and body without
 * running again; the same key with another request is a 422. Keys live IDEMPOTENCY_TTL_HOURS.
 *
 * Inside a company request's transaction the claim, the work and the stored answer commit
 * together, and a concurrent duplicate waits on the unique key and then replays. Other requests
 * commit the claim first; a duplicate arriving while the first still runs gets 409.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly em: EntityManager,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (req.method !== 'POST' || raw === undefined || !req.auth) return next.handle();
    if (this.reflector.get<boolean>(SKIP_IDEMPOTENCY, context.getHandler())) return next.handle();
    // a multipart upload is a stream, not a body that can be compared
    if (String(req.headers['content-type'] ?? '').startsWith('multipart/')) return next.handle();
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
      throw new ApiError(HttpStatus.BAD_REQUEST, KEY_INVALID, [{ field: 'Idempotency-Key', message: KEY_INVALID }]);
    }
    const claim: Claim = {
      userId: req.auth.impersonatorId ?? req.auth.userId,
      key,
      method: req.method,
      path: req.url.split('?')[0].slice(0, 500),
      // the company too: an impersonating superadmin may use one key in two companies
      hash: createHash('sha256')
        .update(`${req.auth.companyId ?? ''} ${req.method} ${req.url}\n${canonical(req.body)}`)
        .digest('hex'),
    };
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? HttpStatus.CREATED;
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // a company request already runs in its transaction (TenantTransactionInterceptor)
    const inTransaction = !!req.auth.companyId && !ownsTransactions(context.getHandler());
    return defer(() => (inTransaction ? this.atomic(claim, status, reply, next) : this.claimFirst(claim, status, reply, next)));
  }

  private async atomic(claim: Claim, status: number, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const id = await this.insertClaim(claim);
    if (id === null) return this.replay(claim, reply);
    const value = await lastValueFrom(next.handle(), { defaultValue: undefined });
    await this.store(id, status, value);
    return value;
  }

  private async claimFirst(claim: Claim, status: number, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const id = await this.insertClaim(claim);
    if (id === null) return this.replay(claim, reply);
    let value: unknown;
    try {
      value = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (e) {
      // nothing was done (or it was undone): the same key may be sent again
      await this.em.execute('delete from idempotency_keys where id = ?', [id]);
      throw e;
    }
    await this.store(id, status, value);
    return value;
  }

  /** The claim's id, or null when the key is taken (and not expired, nor abandoned while running). */
  private async insertClaim(c: Claim): Promise<number | null> {
    const rows = await this.em.execute<Array<{ id: number }>>(
      `insert into idempotency_keys (user_id, idem_key, method, path, request_hash, expires_at)
       values (?, ?, ?, ?, ?, now() + make_interval(hours => ?))
       on conflict (user_id, idem_key) do update
         set method = excluded.method, path = excluded.path, request_hash = excluded.request_hash,
             status_code = null, response = null, created_at = now(), expires_at = excluded.expires_at
         where idempotency_keys.expires_at <= now()
            or (idempotency_keys.status_code is null and idempotency_keys.created_at < now() - interval '${ABANDONED_MINUTES} minutes')
       returning id`,
      [c.userId, c.key, c.method, c.path, c.hash, this.config.idempotencyTtlHours],
    );
    return rows.length ? Number(rows[0].id) : null;
  }

  private async replay(c: Claim, reply: FastifyReply): Promise<unknown> {
    const [row] = await this.em.execute<Array<{ request_hash: string; status_code: number | null; response: Stored | string | null }>>(
      'select request_hash, status_code, response from idempotency_keys where user_id = ? and idem_key = ?',
      [c.userId, c.key],
    );
    if (!row || row.request_hash !== c.hash) throw unprocessable(KEY_REUSED, 'Idempotency-Key');
    if (row.status_code === null) throw conflict(KEY_IN_PROGRESS);
    const stored = (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as Stored;
    reply.header(REPLAYED_HEADER, 'true');
    return new ApiResult(stored.data, stored.message);
  }

  private async store(id: number, status: number, value: unknown): Promise<void> {
    if (value instanceof StreamableFile || Buffer.isBuffer(value) || value instanceof Page) {
      // not an answer that can be stored: the key is released
      await this.em.execute('delete from idempotency_keys where id = ?', [id]);
      return;
    }
    const stored: Stored = value instanceof ApiResult ? { data: value.data ?? null, message: value.message } : { data: value ?? null };
    await this.em.execute('update idempotency_keys set status_code = ?, response = ?::jsonb where id = ?', [
      status,
      JSON.stringify(stored),
      id,
    ]);
  }
}

interface Claim {
  userId: number;
  key: string;
  method: string;
  path: string;
  hash: string;
}
