import { CallHandler, ExecutionContext, Injectable, NestInterceptor, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ApiResult, Page } from './envelope';
import { pageSerializer } from './page-serializer';

/** Wraps every handler's return value in the envelope; lists also get Content-Range. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((value) => {
        if (value instanceof StreamableFile || Buffer.isBuffer(value)) return value;
        if (value instanceof Page) {
          reply.header('Content-Range', value.contentRange);
          if (value.schema) reply.type('application/json; charset=utf-8').serializer(pageSerializer(value.schema));
          return { success: true, data: value.items };
        }
        if (value instanceof ApiResult) {
          return value.message === undefined
            ? { success: true, data: value.data }
            : { success: true, data: value.data, message: value.message };
        }
        return { success: true, data: value ?? null };
      }),
    );
  }
}
