import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { defer, from, mergeAll, type Observable } from 'rxjs';

/**
 * The application's global interceptors run as one, outermost first. Nest wraps every
 * interceptor of a request in its own deferred observable and async resource; chained here, each
 * request pays that once instead of once per interceptor. `handle()` stays lazy (nothing runs
 * before it is subscribed to), as with Nest's own chain.
 */
export class InterceptorChain implements NestInterceptor {
  constructor(private readonly interceptors: readonly NestInterceptor[]) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const run = (i: number): Observable<unknown> => {
      if (i === this.interceptors.length) return next.handle();
      const result = this.interceptors[i].intercept(context, { handle: () => defer(() => run(i + 1)) });
      return result instanceof Promise ? from(result).pipe(mergeAll()) : result;
    };
    return run(0);
  }
}
