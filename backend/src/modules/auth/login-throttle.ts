import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../../common/http/errors';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';

/** How long sign-in attempts are kept as history. */
export const ATTEMPT_RETENTION_DAYS = 90;

export const WINDOW_MINUTES = 15;
/** failed attempts on one account within the window (counted since its last successful sign-in) */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** failed attempts from one address within the window, across accounts */
export const IP_FAILURE_LIMIT = 100;

/**
 * Brute-force protection for sign-in, kept in the database so every app instance sees the same
 * counts: past the limit the answer is 429 with the time to wait, whether or not the password
 * is right.
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
        return res.affectedRows;
      },
    });
  }

  async check(email: string, ip: string): Promise<void> {
    const [row] = await this.em.execute<Array<{ account_retry: number | null; ip_retry: number | null }>>(
      `select
         (select ceil(extract(epoch from min(created_at) + interval '${WINDOW_MINUTES} minutes' - now()))
            from (select created_at from login_attempts
                   where email = ? and not succeeded
                     and created_at > now() - interval '${WINDOW_MINUTES} minutes'
                     and created_at > coalesce((select max(created_at) from login_attempts where email = ? and succeeded), '-infinity')
                   order by created_at desc limit ${ACCOUNT_FAILURE_LIMIT}) recent
          having count(*) >= ${ACCOUNT_FAILURE_LIMIT}) as account_retry,
         (select ceil(extract(epoch from min(created_at) + interval '${WINDOW_MINUTES} minutes' - now()))
            from (select created_at from login_attempts
                   where ip = ? and not succeeded and created_at > now() - interval '${WINDOW_MINUTES} minutes'
                   order by created_at desc limit ${IP_FAILURE_LIMIT}) recent
          having count(*) >= ${IP_FAILURE_LIMIT}) as ip_retry`,
      [email, email, ip],
    );
    const retry = Math.max(Number(row?.account_retry ?? 0), Number(row?.ip_retry ?? 0));
    if (retry > 0) {
      const minutes = Math.ceil(retry / 60);
      throw new ApiError(
        HttpStatus.TOO_MANY_REQUESTS,
        `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        undefined,
        { retry_after: retry },
      );
    }
  }

  async record(email: string, ip: string, succeeded: boolean): Promise<void> {
    await this.em.execute('insert into login_attempts (email, ip, succeeded) values (?, ?, ?)', [email, ip.slice(0, 64), succeeded]);
  }
}
