import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a cleaner gets: a transaction-bound EntityManager and a SQL subquery
 * `(select company_id, cutoff from ...)` giving, per company, the moment before which location
 * data is older than the company's geolocation.location_retention_days.
 */
export interface CleanupContext {
  em: EntityManager;
  now: Date;
  retentionCutoffs: string;
}

export interface RecordCleaner {
  /** shown in the result, e.g. 'attendance location data' */
  name: string;
  /** deletes (or blanks) what is past its retention; returns the number of rows affected */
  clean(ctx: CleanupContext): Promise<number>;
}

export interface CleanupResult {
  name: string;
  affected: number;
  /** set when this cleaner failed (the others still ran) */
  error?: string;
}

/** Per company: location data older than `cutoff` is past its retention (default 30 days). */
const RETENTION_CUTOFFS = `(
  select c.id as company_id,
         now() - make_interval(days => coalesce((s.geolocation ->> 'location_retention_days')::int, 30)) as cutoff
    from companies c
    left join attendance_settings s on s.company_id = c.id
)`;

/**
 * The cleaners of old records. Modules that keep data with a retention register one at start
 * (`onModuleInit() { registry.register({ name, clean }) }`); POST /api/system/clean-old-records and
 * the nightly job run them all.
 */
@Injectable()
export class RecordCleanupRegistry {
  private readonly logger = new Logger('RecordCleanup');
  private readonly cleaners = new Map<string, RecordCleaner>();

  constructor(private readonly em: EntityManager) {
    this.register({
      name: 'expired sessions',
      clean: async ({ em }) => {
        const res = await em.getConnection().execute<{ affectedRows: number }>(
          'delete from refresh_tokens where expires_at < now()',
          [],
          'run',
          em.getTransactionContext(),
        );
        return res.affectedRows;
      },
    });
  }

  register(cleaner: RecordCleaner): void {
    this.cleaners.set(cleaner.name, cleaner);
  }

  names(): string[] {
    return [...this.cleaners.keys()];
  }

  /** Runs every cleaner, each in a transaction of its own (one failing does not undo the others). */
  async run(): Promise<CleanupResult[]> {
    const results: CleanupResult[] = [];
    for (const cleaner of this.cleaners.values()) {
      try {
        const affected = await this.em.fork().transactional((tx) =>
          cleaner.clean({ em: tx as EntityManager, now: new Date(), retentionCutoffs: RETENTION_CUTOFFS }),
        );
        results.push({ name: cleaner.name, affected });
      } catch (e) {
        this.logger.error(`cleaner ${cleaner.name} failed: ${(e as Error).message}`);
        results.push({ name: cleaner.name, affected: 0, error: 'failed; see the server log' });
      }
    }
    const total = results.reduce((n, r) => n + r.affected, 0);
    this.logger.log(`cleaned old records: ${results.map((r) => `${r.name} ${r.affected}`).join(', ')} (${total})`);
    return results;
  }
}
