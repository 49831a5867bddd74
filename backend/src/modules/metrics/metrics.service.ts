import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isEmbeddedDatabaseUrl } from '../../database/embedded-postgres';
import { processRegistry } from './job-metrics';

interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  max: number;
}

/** This application's figures; scraped together with the process's (job-metrics.ts). */
@Injectable()
export class MetricsService {
  private readonly registry = new Registry();

  private readonly requestDuration = new Histogram({
    name: 'hr_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly requests = new Counter({
    name: 'hr_http_requests_total',
    help: 'HTTP requests answered, by status',
    labelNames: ['status_code'] as const,
    registers: [this.registry],
  });

  constructor(private readonly orm: MikroORM) {
    const orm_ = this.orm;
    new Gauge({
      name: 'hr_notification_outbox_depth',
      help: 'Notifications waiting in the outbox (pending, or being sent), read at scrape time',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        const rows = await orm_.em
          .getConnection()
          .execute<Array<{ status: string; n: number }>>(
            `select status, count(*)::int as n from notifications where status in ('pending', 'sending') group by status`,
          );
        const depth: Record<string, number> = { pending: 0, sending: 0 };
        for (const r of rows) depth[r.status] = Number(r.n);
        for (const [status, n] of Object.entries(depth)) this.set({ status }, n);
      },
    });
    const pool = () => this.pool();
    new Gauge({
      name: 'hr_db_pool_connections',
      help: 'Database pool connections: used (lent to a query or transaction), free, pending (acquisitions waiting)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        this.set({ state: 'used' }, p?.numUsed() ?? 0);
        this.set({ state: 'free' }, p?.numFree() ?? 0);
        this.set({ state: 'pending' }, (p?.numPendingAcquires() ?? 0) + (p?.numPendingCreates() ?? 0));
      },
    });
    new Gauge({
      name: 'hr_db_pool_max',
      help: 'The most connections the database pool opens',
      registers: [this.registry],
      collect() {
        this.set(pool()?.max ?? 0);
      },
    });
    const embedded = isEmbeddedDatabaseUrl(String(this.orm.config.get('clientUrl') ?? ''));
    new Gauge({
      name: 'hr_database_embedded',
      help: '1 when the database is the embedded one (PGlite, one connection served in turn), 0 for PostgreSQL',
      registers: [this.registry],
      collect() {
        this.set(embedded ? 1 : 0);
      },
    });
  }

  /** One answered request; `route` is the route's pattern (/api/employees/:id), never the raw URL. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void {
    const status_code = String(statusCode);
    this.requestDuration.observe({ route, method, status_code }, seconds);
    this.requests.inc({ status_code });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of this application and its process. */
  async scrape(): Promise<string> {
    return Registry.merge([processRegistry, this.registry]).metrics();
  }

  private pool(): TarnPool | undefined {
    const knex = (this.orm.em.getConnection() as unknown as { getKnex(): { client: { pool?: TarnPool } } }).getKnex();
    return knex.client.pool;
  }
}
