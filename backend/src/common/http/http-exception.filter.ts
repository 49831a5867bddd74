import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import {
  DriverException,
  ForeignKeyConstraintViolationException,
  NotFoundError,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The database cannot be reached, as opposed to a statement that failed: SQLSTATE class 08
 * (connection exception) or 57P01–57P03 (shut down, starting), or a client error without any
 * SQLSTATE (refused, reset or ended connection). A failing statement always has a SQLSTATE, so
 * its message (which may well say "terminated") is never taken for an outage.
 */
function databaseUnavailable(exception: DriverException): boolean {
  const code = String((exception as { code?: unknown }).code ?? '');
  if (/^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code);
  return /^E(CONNREFUSED|CONNRESET|PIPE|HOSTUNREACH|TIMEDOUT)$/.test(code) || /connect|terminat/i.test(exception.message);
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'You do not have permission to perform this action',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  422: 'The request could not be processed',
  429: 'Too many requests',
};

/**
 * Turns every error into the envelope's error shape with the right status. Database constraint
 * violations that services did not foresee still answer 409, never 500. A non-API page that
 * does not exist redirects to the landing page.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly redirectUnknownPages = false) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body } = this.toBody(exception, request);
    if (
      status === 404 &&
      this.redirectUnknownPages &&
      request.method === 'GET' &&
      !request.url.startsWith('/api')
    ) {
      reply.redirect('/', 302);
      return;
    }
    if (typeof body.retry_after === 'number') reply.header('Retry-After', String(body.retry_after));
    reply.status(status).send(body);
  }

  private toBody(exception: unknown, request: FastifyRequest): { status: number; body: Record<string, unknown> } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const res = exception.getResponse();
      if (typeof res === 'object' && res && (res as any).success === false) return { status, body: res as any };
      const raw = typeof res === 'string' ? res : (res as any)?.message;
      const message = Array.isArray(raw) ? raw[0] : raw || STATUS_MESSAGES[status] || exception.message;
      return { status, body: { success: false, message } };
    }
    if (exception instanceof NotFoundError) {
      return { status: 404, body: { success: false, message: 'Not found' } };
    }
    if (exception instanceof DriverException && (exception as any).code === '42501') {
      // row-level security refused a row of another company: answered like any foreign id
      return { status: 404, body: { success: false, message: 'Not found' } };
    }
    if (exception instanceof DriverException && ['22021', '22P05', '54001'].includes((exception as any).code)) {
      // text PostgreSQL cannot store, or input too complex to plan: the request's fault, not the server's
      return { status: 400, body: { success: false, message: 'The request contains values that cannot be stored' } };
    }
    if (exception instanceof UniqueConstraintViolationException) {
      return { status: 409, body: { success: false, message: 'A record with the same unique value already exists' } };
    }
    if (exception instanceof ForeignKeyConstraintViolationException) {
      return {
        status: 409,
        body: { success: false, message: 'This record is still referenced by other records, or references one that does not exist' },
      };
    }
    const fastifyStatus = (exception as any)?.statusCode;
    if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
      // Fastify's own errors: malformed JSON, body too large, unsupported content type
      const message =
        (exception as any)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test((exception as any)?.message ?? '')
          ? 'Malformed JSON body'
          : STATUS_MESSAGES[fastifyStatus] ?? (exception as any).message;
      return { status: fastifyStatus, body: { success: false, message } };
    }
    if (exception instanceof DriverException && databaseUnavailable(exception)) {
      this.logger.error(`database unavailable on ${request.method} ${request.url}: ${exception.message}`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { success: false, message: 'The database is unavailable, please try again shortly' } };
    }
    this.logger.error(`${request.method} ${request.url}`, (exception as Error)?.stack ?? String(exception));
    return { status: 500, body: { success: false, message: 'Internal server error' } };
  }
}
