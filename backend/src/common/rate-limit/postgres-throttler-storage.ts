import type { MikroORM } from '@mikro-orm/postgresql';
import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a hit answers: the count, the seconds left of the window, and of the block when blocked. */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often one instance also sweeps the rows whose window and block are over. */
export const SWEEP_EVERY_MS = 60_000;
/** Rows swept at most per sweep (the rest go at the next one). */
const SWEEP_BATCH = 500;

const STALE = `((r.blocked_until is not null and r.blocked_until <= now()) or (r.blocked_until is null and r.expires_at <= now()))`;

/**
 * One hit, decided by PostgreSQL under the row's lock so that every instance counts into the same
 * row: a window of `ttl` starts at its first hit; the hit past the limit blocks the key for
 * `blockDuration` (hits while blocked are not counted), and the first hit after the block starts
 * a new window, as the throttler's in-memory storage does.
 */
const HIT = (sweep: boolean) => `
  ${sweep ? `with swept as (
    delete from rate_limit_hits where key in (
      select key from rate_limit_hits
       where expires_at < now() and (blocked_until is null or blocked_until < now()) and key <> ?
       limit ${SWEEP_BATCH} for update skip locked))` : ''}
  insert into rate_limit_hits as r (key, hits, expires_at, blocked_until)
  values (?, 1, now() + make_interval(secs => ?::int / 1000.0),
          case when 1 > ?::int then now() + make_interval(secs => ?::int / 1000.0) end)
  on conflict (key) do update set
    hits = case when ${STALE} then 1 when r.blocked_until > now() then r.hits else r.hits + 1 end,
    expires_at = case when ${STALE} then excluded.expires_at else r.expires_at end,
    blocked_until = case when ${STALE} then excluded.blocked_until
                         when r.blocked_until > now() then r.blocked_until
                         when r.hits + 1 > ?::int then now() + make_interval(secs => ?::int / 1000.0) end
  returning hits,
            greatest(0, ceil(extract(epoch from expires_at - now())))::int as time_to_expire,
            coalesce(blocked_until > now(), false) as blocked,
            coalesce(greatest(0, ceil(extract(epoch from blocked_until - now()))), 0)::int as time_to_block_expire`;

/**
 * The auth rate limit's counts in PostgreSQL (rate_limit_hits, Migration20261127010000), shared by
 * every app instance on the database: one INSERT … ON CONFLICT DO UPDATE … RETURNING per hit.
 * Finished rows are swept by the hit statement itself, about once a minute per instance.
 */
export class PostgresThrottlerStorage implements ThrottlerStorage {
  private lastSweep = 0;

  constructor(private readonly orm: MikroORM) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const block = Math.round(blockDuration > 0 ? blockDuration : ttl);
    const window = Math.round(ttl);
    const now = Date.now();
    const sweep = now - this.lastSweep >= SWEEP_EVERY_MS;
    if (sweep) this.lastSweep = now;
    const params = [key, window, limit, block, limit, block];
    const [row] = await this.orm.em
      .getConnection()
      .execute<Array<{ hits: number; time_to_expire: number; blocked: boolean; time_to_block_expire: number }>>(
        HIT(sweep),
        sweep ? [key, ...params] : params,
      );
    return {
      totalHits: Number(row.hits),
      timeToExpire: Number(row.time_to_expire),
      isBlocked: row.blocked,
      timeToBlockExpire: row.blocked ? Math.max(1, Number(row.time_to_block_expire)) : 0,
    };
  }
}
