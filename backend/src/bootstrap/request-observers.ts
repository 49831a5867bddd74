import type { FastifyInstance } from 'fastify';
import { requestContext } from '../common/observability/request-context';
import type { MetricsService } from '../modules/metrics/metrics.service';

/**
 * Every answer, errors included, carries the request's id (fastify's request.id, from genReqId),
 * and the request runs in its context (so the audit log can record it); each answer is timed by
 * its route's pattern, never its raw URL.
 */
export function registerRequestObservers(fastify: FastifyInstance, metrics: MetricsService): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    // the id pino-http takes for the request's log lines
    (request.raw as { id?: string }).id = request.id;
    requestContext.run({ requestId: request.id }, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
