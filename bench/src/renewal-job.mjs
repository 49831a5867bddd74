// `node renewal-job.mjs` with DATABASE_URL: the subscription renewal as the scheduler runs it
// (BillingJobsService.renew(now)), in an application context of the built backend. Prints
// { ms, passes, renewed, cancelled, invoices } as JSON.
import { join } from 'node:path';
import { backendRequire, JWT_SECRET, ROOT } from './env.mjs';

backendRequire('reflect-metadata');
const dist = (p) => backendRequire(join(ROOT, 'backend/dist', p));
const { NestFactory } = backendRequire('@nestjs/core');
const { loadConfig } = dist('config/config.js');
const { AppModule } = dist('app.module.js');
const { BillingJobsService } = dist('modules/billing/billing-jobs.service.js');

// NODE_ENV=test keeps this context's own scheduled ticks quiet: only the call below runs the job
const config = loadConfig({ ...process.env, NODE_ENV: 'test', SERVE_STATIC: 'false', JWT_SECRET, LOG_LEVEL: 'error' });
const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, config.databaseUrl), { logger: ['error'] });
try {
  const jobs = app.get(BillingJobsService);
  const started = performance.now();
  const result = await jobs.renew(new Date());
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, ...result }));
} finally {
  await app.close();
}
