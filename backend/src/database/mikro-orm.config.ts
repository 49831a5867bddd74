import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { DeferredBeginDialect } from './deferred-begin.dialect';
import { isEmbeddedDatabaseUrl } from './embedded-postgres';

export interface OrmOptions {
  clientUrl: string;
  poolMax?: number;
  debug?: boolean;
  /** false for work that needs metadata only (writing the OpenAPI file). */
  connect?: boolean;
}

export function ormConfig(opts: OrmOptions) {
  return defineConfig({
    clientUrl: opts.clientUrl,
    entities: ENTITIES,
    extensions: [Migrator],
    debug: opts.debug ?? false,
    connect: opts.connect ?? true,
    pool: { min: 0, max: opts.poolMax ?? 10 },
    // a pool connection dropped by a database restart is replaced instead of failing every request;
    // transactions send BEGIN with their first statement, a read-only one its COMMIT with the
    // connection's next, and list statements are prepared once per connection: the last two need a
    // session per connection (deferred-begin.dialect.ts, prepared-statements.ts)
    driverOptions: {
      client: DeferredBeginDialect,
      connection: { keepAlive: true },
      sessionPerConnection: !isEmbeddedDatabaseUrl(opts.clientUrl),
    },
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
    migrations: {
      migrationsList: MIGRATIONS,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
      // the app and migrate-cli log the applied migrations in one line, not two lines each
      silent: true,
    },
  });
}
