import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { Logger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import type { AppConfig } from '../config/config';
import { EnvelopeInterceptor } from '../common/http/envelope.interceptor';
import { TenantTransactionInterceptor } from '../common/tenancy/tenant-transaction.interceptor';
import { EntityManager } from '@mikro-orm/postgresql';
import { HttpExceptionFilter } from '../common/http/http-exception.filter';
import { registerBodyGuard } from '../common/http/body-guard';
import { IdempotencyInterceptor } from '../common/http/idempotency.interceptor';
import { InterceptorChain } from '../common/http/interceptor-chain';
import { usePageSchemas } from '../common/http/page-serializer';
import { AuditInterceptor } from '../modules/audit/audit.interceptor';
import { createValidationPipe } from '../common/http/validation';
import { buildOpenApiDocument } from '../openapi/document';
import { registerSecurityHeaders, securityHeaders } from './security-headers';
import { keepInterceptorContextsYoung } from './interceptor-context';
import { serveStaticSite } from './static-site';
import type { DestinationStream, Logger as PinoLogger } from 'pino';
import { createRootLogger, loggerModule, nestLogger, pinoParams } from '../common/observability/logger';
import { requestIdFor } from '../common/observability/request-context';
import { MetricsModule } from '../modules/metrics/metrics.module';
import { MetricsService } from '../modules/metrics/metrics.service';
import { registerRequestObservers } from './request-observers';

/** The configured application, not yet listening (shared by main, tests and the OpenAPI writer). */
export async function createApp(
  config: AppConfig,
  clientUrl: string,
  opts: {
    connect?: boolean;
    /** false: no log output at all (the tests) */
    logger?: false;
    /** the process's logger (main.ts); else one is made, writing to logStream or stdout */
    rootLogger?: PinoLogger;
    logStream?: DestinationStream;
    extraImports?: Type<unknown>[];
  } = {},
): Promise<NestFastifyApplication> {
  keepInterceptorContextsYoung();
  const quiet = opts.logger === false;
  const rootLogger = opts.rootLogger ?? createRootLogger(config, { silent: quiet, stream: opts.logStream });
  const logParams = pinoParams(rootLogger);
  const adapter = new FastifyAdapter({
    // X-Request-Id when the caller sent a sane one, else a UUID (request-context.ts)
    genReqId: requestIdFor,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // the router's own refusals (a path parameter over 100 characters: 414, a malformed URL: 400)
    // answer the error envelope like every other error
    frameworkErrors: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      void reply
        .headers({ ...securityHeaders(), 'x-request-id': req.id })
        .code(status)
        .send({ success: false, message: status === 414 ? 'The request URI is too long' : 'The request URL is not valid' });
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, clientUrl, {
      connect: opts.connect,
      extraImports: [loggerModule(logParams), MetricsModule, ...(opts.extraImports ?? [])],
    }),
    adapter,
    { logger: quiet ? false : nestLogger(logParams), abortOnError: false },
  );
  app.setGlobalPrefix('api');
  registerRequestObservers(app.getHttpAdapter().getInstance(), app.get(MetricsService));
  await app.register(fastifyCookie as any);
  // multipart bodies only for the routes that read them (req.file()); JSON bodies are unaffected
  await app.register(fastifyMultipart as any, { limits: { files: 1, fields: 10, fileSize: 5 * 1024 * 1024 } });
  registerSecurityHeaders(app.getHttpAdapter().getInstance());
  app.enableCors({
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['Content-Range', 'Retry-After', 'Idempotent-Replayed', 'X-Request-Id'],
  });
  registerBodyGuard(app.getHttpAdapter().getInstance());
  app.useGlobalPipes(createValidationPipe());
  // outermost first: an impersonated write's audit entry is written once its transaction has
  // ended; the idempotency claim runs inside the company request's transaction
  app.useGlobalInterceptors(
    new InterceptorChain([
      app.get(AuditInterceptor),
      new EnvelopeInterceptor(),
      new TenantTransactionInterceptor(app.get(EntityManager)),
      app.get(IdempotencyInterceptor),
    ]),
  );
  app.useGlobalFilters(new HttpExceptionFilter(config.serveStatic));
  app.enableShutdownHooks();

  const document = buildOpenApiDocument(app);
  usePageSchemas(document);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  if (config.serveStatic) await serveStaticSite(app);
  Logger.log(`database: ${redact(clientUrl)}`, 'Bootstrap');
  return app;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
