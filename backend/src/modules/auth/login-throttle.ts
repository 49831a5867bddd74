import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../common/http/errors';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';
import { formatDuration } from '../../common/units';

/** How long sign-in attempts are kept as history. */
export const ATTEMPT_RETENTION_DAYS = 90;

export const WINDOW_MINUTES = 15;
/** failed attempts on one account within the window (counted since its last successful sign-in) */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** failed attempts from one address within the window, across accounts */
export const IP_FAILURE_LIMIT = 100;
const WINDOW = `interval '${WINDOW_MINUTES} minutes'`;

/** An attempt taken by LoginThrottle.claim: the times it holds in the account's and the address's windows. */
export interface AttemptClaim {
  email: string;
  ip: string;
  ipAt: string;
  accountAt: string;
}

/**
 * Brute-force protection for sign-in (and the current password of change-password), kept in the
 * database so every app instance sees the same counts: at most ACCOUNT_FAILURE_LIMIT attempts
 * per account and IP_FAILURE_LIMIT per address are judged within the window (an account's count
 * starts again at its successful sign-in); past that the answer is 429 with the time to wait,
 * whether or not the password is right.
 */
@Injectable()
export class LoginThrottle implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly cleanup: RecordCleanupRegistry,
  ) {}

  onModuleInit(): void {
    this.cleanup.register({
      name: 'old sign-in attempts',
      clean: async ({ em }) => {
        const res = await em.getConnection().execute<{ affectedRows: number }>(
          `delete from login_attempts where created_at < now() - interval '${ATTEMPT_RETENTION_DAYS} days'`,
          [],
          'run',
          em.getTransactionContext(),
        );
        // the throttle's rows of accounts and addresses quiet for a day (their windows are long over)
        const idle = await em.getConnection().execute<{ affectedRows: number }>(
          `delete from login_throttles where updated_at < now() - interval '1 day'`,
          [],
          'run',
          em.getTransactionContext(),
        );
        return res.affectedRows + idle.affectedRows;
      },
    });
  }

  /**
   * Claims one attempt for the account and the address before the password is verified: the
   * claim counts as a failure until succeeded() says otherwise. Past either limit it throws 429
   * with the time to wait, whether or not the password is right. Each claim is one statement
   * that decides under the row's lock, so concurrent attempts take their turn and no more than
   * the limit are ever judged.
   */
  async claim(email: string, ip: string): Promise<AttemptClaim> {
    const address = ip.slice(0, 64);
    const ipKey = `ip:${address}`;
    const accountKey = `account:${email}`;
    const ipAt = await this.take(ipKey, IP_FAILURE_LIMIT);
    if (!ipAt) throw await this.tooMany(ipKey);
    const accountAt = await this.take(accountKey, ACCOUNT_FAILURE_LIMIT);
    if (!accountAt) {
      await this.give(ipKey, ipAt);
      throw await this.tooMany(accountKey);
    }
    return { email, ip: address, ipAt, accountAt };
  }

  /**
   * The claimed attempt was a success: it does not count against the address, and the account's
   * failures start again from zero.
   */
  async succeeded(claim: AttemptClaim): Promise<void> {
    await this.give(`ip:${claim.ip}`, claim.ipAt);
    await this.em.execute(`update login_throttles set attempts = '{}', updated_at = now() where key = ?`, [`account:${claim.email}`]);
  }

  /** The sign-in history (not the throttle's count): every attempt that was judged. */
  async record(email: string, ip: string, succeeded: boolean): Promise<void> {
    await this.em.execute('insert into login_attempts (email, ip, succeeded) values (?, ?, ?)', [email, ip.slice(0, 64), succeeded]);
  }

  /** Counts one use of `key` within the window: false once `limit` were counted (one statement, so it holds under concurrency). */
  async withinLimit(key: string, limit: number): Promise<boolean> {
    return (await this.take(key, limit)) !== null;
  }

  /** One attempt under the limit, as one statement: its time (the claim's id), or null when the window is full. */
  private async take(key: string, limit: number): Promise<string | null> {
    const [row] = await this.em.execute<Array<{ at: string }>>(
      `insert into login_throttles as t (key, attempts) values (?, array[clock_timestamp()])
       on conflict (key) do update
          set attempts = array(select a from unnest(t.attempts) a where a > now() - ${WINDOW}) || clock_timestamp(),
              updated_at = now()
        where (select count(*) from unnest(t.attempts) a where a > now() - ${WINDOW}) < ${limit}
       returning (attempts[array_upper(attempts, 1)])::text as at`,
      [key],
    );
    return row?.at ?? null;
  }

  private async give(key: string, at: string): Promise<void> {
    await this.em.execute('update login_throttles set attempts = array_remove(attempts, ?::timestamptz) where key = ?', [at, key]);
  }

  private async tooMany(key: string): Promise<ApiError> {
    const [row] = await this.em.execute<Array<{ retry: number | null }>>(
      `select ceil(extract(epoch from min(a) + ${WINDOW} - now())) as retry
         from login_throttles t, unnest(t.attempts) a where t.key = ? and a > now() - ${WINDOW}`,
      [key],
    );
    const retry = Math.max(1, Number(row?.retry ?? WINDOW_MINUTES * 60));
    return new ApiError(
      HttpStatus.TOO_MANY_REQUESTS,
      `Too many failed sign-in attempts. Please try again in ${formatDuration(retry)}.`,
      undefined,
      { retry_after: retry },
    );
  }
}
