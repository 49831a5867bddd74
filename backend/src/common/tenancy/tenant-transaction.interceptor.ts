import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { RawQueryFragment } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { AuthedRequest } from '../auth/access.guard';
import { APP_ROLE } from '../../database/row-level-security';
import { runWithFirstStatement } from '../../database/deferred-begin.dialect';
import { READ_METHODS } from '../http/read-methods';
import { ownsTransactions } from './own-transactions';

/**
 * A request that works on a company's data runs in one transaction as the application role with
 * `app.company_id` set, so row-level security confines even raw SQL to that company. Requests
 * without a company (sign-in, platform administration, public pages) run as before. A read's
 * transaction is read-only, so it is answered without waiting for its COMMIT.
 *
 * The request also runs in MikroORM's scope of raw query fragments (RawQueryFragment.run, as its
 * own findAndCount does): a fragment, such as the scope condition of record-scope.ts, is kept
 * until the request ends, so one filter serves a page and then its count.
 */
@Injectable()
export class TenantTransactionInterceptor implements NestInterceptor {
  constructor(private readonly em: EntityManager) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AuthedRequest>();
    const companyId = req.auth?.companyId;
    if (!companyId) return next.handle();
    if (ownsTransactions(context.getHandler())) {
      return from(RawQueryFragment.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
    }
    return from(
      RawQueryFragment.run(() => this.em.transactional(async (em) => {
        // sent with the handler's first statement, as BEGIN is
        await runWithFirstStatement(
          em,
          `select set_config('app.company_id', '${Number(companyId)}', true), set_config('role', '${APP_ROLE}', true)`,
        );
        return lastValueFrom(next.handle(), { defaultValue: undefined });
      }, { readOnly: READ_METHODS.has(req.method) })),
    );
  }
}
