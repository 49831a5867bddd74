import { AsyncResource } from 'node:async_hooks';
import { InterceptorsConsumer } from '@nestjs/core/interceptors/interceptors-consumer';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { defer, mergeAll, type Observable } from 'rxjs';

/**
 * `fn` run in the asynchronous context of the caller (what AsyncResource.bind does). Node's
 * AsyncResource.bind also gives every function it returns an accessor property of its own; each
 * such function gets a new hidden class, and hidden classes live in the old generation until a
 * full collection. Those kept their function, and through it the whole request, alive across
 * every young collection: each request was promoted and full collections, which pause the server,
 * came every few seconds under load. A closure over the resource does the same without that.
 */
export function inCallerContext<T>(fn: () => T): () => T {
  const resource = new AsyncResource('nest.interceptor');
  return () => resource.runInAsyncScope(fn);
}

let installed = false;

/**
 * Nest's interceptor chain (InterceptorsConsumer.intercept of @nestjs/core 11) with the caller's
 * context kept by `inCallerContext` instead of AsyncResource.bind; otherwise the same steps.
 */
export function keepInterceptorContextsYoung(): void {
  if (installed) return;
  installed = true;
  type Consumer = InterceptorsConsumer & { transformDeferred(next: () => Promise<unknown>): unknown };
  InterceptorsConsumer.prototype.intercept = async function intercept(
    this: Consumer,
    interceptors,
    args,
    instance,
    callback,
    next,
    type,
  ) {
    if (!interceptors.length) return next();
    const context = new ExecutionContextHost(args, instance.constructor as never, callback);
    context.setType(type as never);
    const nextFn = async (i = 0): Promise<Observable<unknown>> => {
      if (i >= interceptors.length) return defer(inCallerContext(() => this.transformDeferred(next) as Observable<unknown>));
      const handler = { handle: () => defer(inCallerContext(() => nextFn(i + 1))).pipe(mergeAll()) };
      return interceptors[i].intercept(context, handler) as Observable<unknown>;
    };
    return defer(() => nextFn()).pipe(mergeAll());
  } as InterceptorsConsumer['intercept'];
}
