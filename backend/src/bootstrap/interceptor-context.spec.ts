import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  BadRequestException,
  type CallHandler,
  Controller,
  type ExecutionContext,
  Get,
  Injectable,
  type MiddlewareConsumer,
  Module,
  type NestInterceptor,
  type NestMiddleware,
  Param,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InterceptorsConsumer } from '@nestjs/core/interceptors/interceptors-consumer';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { map, type Observable } from 'rxjs';
import { inCallerContext, keepInterceptorContextsYoung } from './interceptor-context';

const requests = new AsyncLocalStorage<{ id: string }>();
const seen: string[] = [];

@Injectable()
class RequestScope implements NestMiddleware {
  use(req: { url?: string; originalUrl?: string }, _res: unknown, next: () => void) {
    requests.run({ id: String(req.originalUrl ?? req.url).split('/').pop()! }, next);
  }
}

class Recording implements NestInterceptor {
  constructor(private readonly name: string) {}
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    seen.push(`${this.name} in ${requests.getStore()?.id}`);
    return next.handle().pipe(
      map((body) => {
        seen.push(`${this.name} out ${requests.getStore()?.id}`);
        return { [this.name]: body };
      }),
    );
  }
}

@Controller('items')
class ItemsController {
  @Get(':id')
  async item(@Param('id') id: string) {
    await new Promise((r) => setTimeout(r, id === 'slow' ? 20 : 1));
    if (id === 'bad') throw new BadRequestException('id: bad');
    return { id, store: requests.getStore()?.id };
  }
}

@Module({ controllers: [ItemsController], providers: [RequestScope] })
class ItemsModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(RequestScope).forRoutes('*');
  }
}

describe('interceptor context', () => {
  let app: NestFastifyApplication;
  const original = InterceptorsConsumer.prototype.intercept;

  beforeAll(async () => {
    keepInterceptorContextsYoung();
    app = await NestFactory.create<NestFastifyApplication>(ItemsModule, new FastifyAdapter(), { logger: false });
    app.useGlobalInterceptors(new Recording('outer'), new Recording('inner'));
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app.close());

  it("replaces Nest's chain", () => {
    expect(InterceptorsConsumer.prototype.intercept).not.toBe(original);
  });

  it("runs every interceptor and the handler in the request's own context, outermost first", async () => {
    seen.length = 0;
    const [slow, fast] = await Promise.all([
      app.inject({ method: 'GET', url: '/items/slow' }),
      app.inject({ method: 'GET', url: '/items/fast' }),
    ]);
    expect(slow.json()).toEqual({ outer: { inner: { id: 'slow', store: 'slow' } } });
    expect(fast.json()).toEqual({ outer: { inner: { id: 'fast', store: 'fast' } } });
    expect(seen.filter((s) => s.endsWith('slow'))).toEqual(['outer in slow', 'inner in slow', 'inner out slow', 'outer out slow']);
    expect(seen.filter((s) => s.endsWith('fast'))).toEqual(['outer in fast', 'inner in fast', 'inner out fast', 'outer out fast']);
  });

  it("answers a handler's error as Nest does", async () => {
    const res = await app.inject({ method: 'GET', url: '/items/bad' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('id: bad');
  });

  it('runs a function in the context it was made in, whoever calls it', () => {
    const fn = requests.run({ id: 'maker' }, () => inCallerContext(() => requests.getStore()?.id));
    expect(requests.run({ id: 'caller' }, fn)).toBe('maker');
    expect(fn()).toBe('maker');
  });

  it('gives its functions no properties of their own beyond a closure', () => {
    // AsyncResource.bind defines an accessor on each function it returns: a hidden class per call
    const fn = inCallerContext(() => 1);
    expect(Object.getOwnPropertyNames(fn).sort()).toEqual(['length', 'name']);
  });
});
