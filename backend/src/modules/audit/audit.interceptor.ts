import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { catchError, concatMap, throwError, type Observable } from 'rxjs';
import type { AuthedRequest } from '../../common/auth/access.guard';
import { AuditService, type AuditEntry } from './audit.service';
import { READ_METHODS } from '../../common/http/read-methods';

/** These record their own entries (impersonation.start / impersonation.stop). */
const SELF_RECORDING = /^\/api\/auth\/(impersonate\/[^/]+|stop-impersonate)\/?$/;
const SECRET_KEY = /pass|token|secret/i;
const MAX_DETAILS = 4000;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1)]),
  );
}

/**
 * Every write a superadmin makes while impersonating a company goes to the audit log with both
 * identities: the superadmin (who) and the company (as which), the request (what) and its outcome.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly audit: AuditService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const auth = req.auth;
    const path = req.url.split('?')[0];
    if (!auth?.impersonatorId || READ_METHODS.has(req.method) || SELF_RECORDING.test(path)) return next.handle();

    const entry = (statusCode: number): AuditEntry => {
      let details: Record<string, unknown> | null = { params: req.params ?? {}, body: redact(req.body ?? null) };
      if (JSON.stringify(details).length > MAX_DETAILS) details = { params: req.params ?? {}, truncated: true };
      return {
        userId: auth.impersonatorId!,
        companyId: auth.companyId,
        action: 'write',
        method: req.method,
        path,
        statusCode,
        ip: req.ip,
        details,
      };
    };
    const successStatus =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (req.method === 'POST' ? 201 : 200);

    return next.handle().pipe(
      concatMap(async (value) => {
        await this.audit.record(entry(successStatus));
        return value;
      }),
      catchError((error: unknown) => {
        const status = error instanceof HttpException ? error.getStatus() : 500;
        // a request's transaction is rolled back on error: record outside of it
        this.audit.recordDetached(entry(status));
        return throwError(() => error);
      }),
    );
  }
}
