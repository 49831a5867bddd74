import { createServer, type Server } from 'node:http';
import type { Logger } from '@nestjs/common';
import type { MetricsService } from './metrics.service';

/** METRICS_PORT: /metrics without a token, on 127.0.0.1 only (for a scraper on the same host or pod). */
export async function startMetricsServer(metrics: MetricsService, port: number, logger: Pick<Logger, 'log' | 'error'>): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType }).end(text),
      (e: unknown) => {
        logger.error(`metrics scrape failed: ${(e as Error).message}`);
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  logger.log(`metrics on http://127.0.0.1:${port}/metrics`);
  return server;
}
