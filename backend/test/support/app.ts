import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Type } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MikroORM as CoreORM } from '@mikro-orm/core';
import { checkedRequest } from './openapi-check';
import { createApp } from '../../src/bootstrap/create-app';
import { loadConfig, type AppConfig } from '../../src/config/config';
import { testDatabaseUrl } from './database';
import { tempDir } from './temp';

export interface TestApp {
  app: NestFastifyApplication;
  /** supertest; every answer is checked against openapi/openapi.json (openapi-check.ts). */
  http: () => ReturnType<typeof checkedRequest>;
  orm: MikroORM;
  /** A fresh EntityManager with no tenant scope, for arranging and checking data. */
  em: () => EntityManager;
  config: AppConfig;
  close: () => Promise<void>;
}

export async function createTestApp(
  opts: { extraImports?: Type<unknown>[]; env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<TestApp> {
  // DATA_DIR (and the mailbox in it, unless MAIL_DIR is given) of its own, removed on close
  const data = opts.env?.DATA_DIR ? undefined : tempDir('hr-app-data-');
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    DB_POOL_MAX: '4',
    ...(data && { DATA_DIR: data.dir }),
    ...opts.env,
  });
  let app: NestFastifyApplication;
  try {
    app = await createApp(config, opts.databaseUrl ?? testDatabaseUrl(), { logger: false, extraImports: opts.extraImports });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } catch (e) {
    data?.remove();
    throw e;
  }
  const orm = app.get(CoreORM) as unknown as MikroORM;
  return {
    app,
    http: () => checkedRequest(app.getHttpServer()),
    orm,
    em: () => orm.em.fork({ disableContextResolution: true }) as EntityManager,
    config,
    close: async () => {
      await app.close();
      data?.remove();
    },
  };
}
