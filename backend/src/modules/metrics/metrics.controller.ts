import { Controller, Get, Headers, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/auth/decorators';
import { ApiError } from '../../common/http/errors';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { MetricsService } from './metrics.service';
import { bearerMatches } from './metrics-token';

/** Prometheus scrapes: an operator's endpoint, not a user route (no session; METRICS_TOKEN). */
@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'Prometheus metrics (text exposition format)',
    description:
      'Request latency by route pattern, request counts by status, scheduled job runs and durations, notification outbox depth and ' +
      'database pool use. Answers only with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN configured it is disabled (404).',
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiUnauthorizedResponse({ description: 'Missing or wrong metrics token' })
  @ApiNotFoundResponse({ description: 'Metrics are disabled (no METRICS_TOKEN)' })
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const token = this.config.metricsToken;
    if (!token) throw new ApiError(HttpStatus.NOT_FOUND, 'Not found');
    if (!bearerMatches(authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'A valid metrics token is required');
    }
    reply.type(this.metrics.contentType);
    return Buffer.from(await this.metrics.scrape());
  }
}
