// `node absent-job.mjs` with DATABASE_URL: the daily absent job as the scheduler runs it
// (AttendanceJobsService.markAbsent() with no date: each company's last days up to yesterday),
// in an application context of the built backend. Prints { ms, claimed, records } as JSON.
import { join } from 'node:path';
import { backendRequire, JWT_SECRET, ROOT } from './env.mjs';

backendRequire('reflect-metadata');
const dist = (p) => backendRequire(join(ROOT, 'backend/dist', p));
const { NestFactory } = backendRequire('@nestjs/core');
const { loadConfig } = dist('config/config.js');
const { AppModule } = dist('app.module.js');
const { AttendanceJobsService } = dist('modules/attendance/attendance-jobs.service.js');

// NODE_ENV=test keeps this context's own scheduled ticks quiet: only the call below runs the job
const config = loadConfig({ ...process.env, NODE_ENV: 'test', SERVE_STATIC: 'false', JWT_SECRET, LOG_LEVEL: 'error' });
const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, config.databaseUrl), { logger: ['error'] });
try {
  const jobs = app.get(AttendanceJobsService);
  const started = performance.now();
  const result = await jobs.markAbsent();
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, ...result }));
} finally {
  await app.close();
}
