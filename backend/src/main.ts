import 'reflect-metadata';
import { MikroORM as CoreORM } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ConfigError, loadConfig, loadEnvFile } from './config/config';
import { createApp } from './bootstrap/create-app';
import { spaceFullCollections } from './bootstrap/heap-growth';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './database/embedded-postgres';
import { migrate } from './database/migrate';
import { seedDatabase } from './database/seeders/seed';
import { DEMO_ACCOUNTS } from './database/seeders/demo-company';
import { createRootLogger } from './common/observability/logger';
import { Readiness } from './modules/health/readiness';
import { MetricsService } from './modules/metrics/metrics.service';
import { startMetricsServer } from './modules/metrics/metrics-server';

async function main() {
  spaceFullCollections();
  const envFile = loadEnvFile();
  const config = loadConfig();
  const rootLogger = createRootLogger(config);
  const pino = rootLogger.child({ context: 'Bootstrap' });
  const logger = { log: (msg: string) => pino.info(msg), error: (msg: string) => pino.error(msg) };
  if (envFile) logger.log(`settings from ${envFile}`);
  let embedded: EmbeddedPostgres | undefined;
  let clientUrl = config.databaseUrl;
  if (!clientUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.dbPoolMax + 2);
    clientUrl = embedded.url;
    logger.log(`embedded PostgreSQL (PGlite) in ${config.dataDir}`);
  }
  const stopEmbedded = () => embedded?.stop().catch(() => undefined);
  try {
    const app = await createApp(config, clientUrl, { rootLogger });
    const orm = app.get(CoreORM) as unknown as MikroORM;
    let demoSeeded = false;
    if (config.migrateOnStart || embedded) {
      const applied = await migrate(orm, clientUrl, !!embedded);
      if (applied.length) logger.log(`applied migrations: ${applied.join(', ')}`);
      ({ demoSeeded } = await seedDatabase(orm.em.fork(), config));
    }
    await app.listen({ port: config.port, host: config.host });
    const base = `http://localhost:${config.port}`;
    logger.log(`serving ${base} (API ${base}/api, docs ${base}/api/docs)`);
    const metricsServer = config.metricsPort ? await startMetricsServer(app.get(MetricsService), config.metricsPort, logger) : undefined;
    printAccounts(config, demoSeeded, logger);
    const shutdown = async (signal: string) => {
      logger.log(`${signal}: shutting down`);
      // readiness answers 503 before the server stops taking connections
      app.get(Readiness).beginShutdown();
      metricsServer?.close();
      await app.close();
      await stopEmbedded();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
  } catch (e) {
    await stopEmbedded();
    throw e;
  }
}

/** The accounts to sign in with, as a small table (one log entry). */
function printAccounts(config: ReturnType<typeof loadConfig>, demoSeeded: boolean, logger: { log(msg: string): void }) {
  const rows: Array<[string, string, string]> = [
    ['superadmin', config.superadminEmail, process.env.SUPERADMIN_PASSWORD ? '(SUPERADMIN_PASSWORD)' : config.superadminPassword],
  ];
  if (config.seedDemo) for (const a of DEMO_ACCOUNTS) rows.push([a.role, a.email, a.password]);
  const table = [['role', 'e-mail', 'password'] as [string, string, string], ...rows];
  const widths = [0, 1].map((i) => Math.max(...table.map((row) => row[i].length)));
  const lines = ['Sign in with:', ...table.map(([role, email, password]) => `  ${role.padEnd(widths[0])}  ${email.padEnd(widths[1])}  ${password}`)];
  if (config.seedDemo && demoSeeded) lines.push('  (demo company "Acme Corporation" seeded on this first start)');
  logger.log(lines.join('\n'));
}

main().catch((e) => {
  // before the logger exists (configuration) or once it could not start the application
  if (e instanceof ConfigError) console.error(`Configuration error: ${e.message}`);
  else console.error(e);
  process.exit(1);
});
