import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import type { ListQuery } from '../../common/http/list-query';
import { currentRequestId } from '../../common/observability/request-context';
import { AuditLog, type AuditAction } from './audit-log.entity';

export interface AuditEntry {
  userId: number;
  companyId: number | null;
  action: AuditAction;
  method?: string | null;
  path?: string | null;
  statusCode?: number | null;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

const INSERT = `insert into audit_logs (user_id, user_email, company_id, company_name, action, method, path, status_code, ip, details, request_id)
  select u.id, u.email, c.id, c.company_name, ?, ?, ?, ?, ?, ?::jsonb, ?
    from users u left join companies c on c.id = ?
   where u.id = ?`;

/** The audit log: who (user), as which company, what (action, request), when. */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly em: EntityManager) {}

  /** Records in the current transaction if there is one (the record then commits with the work). */
  async record(entry: AuditEntry): Promise<void> {
    await this.em.execute(INSERT, this.params(entry));
  }

  /**
   * Records outside the current transaction, without waiting: for a request that failed, whose
   * transaction is rolled back (on the embedded database the insert runs once it has ended).
   */
  recordDetached(entry: AuditEntry): void {
    this.em
      .getConnection()
      .execute(INSERT, this.params(entry))
      .catch((e: unknown) => this.logger.error(`could not record ${entry.action}: ${(e as Error).message}`));
  }

  async list(q: ListQuery): Promise<[AuditLog[], number]> {
    const where: FilterQuery<AuditLog> = {};
    if (q.filter.company_id !== undefined) where.company = Number(q.filter.company_id) || -1;
    if (q.filter.user_id !== undefined) where.user = Number(q.filter.user_id) || -1;
    if (typeof q.filter.action === 'string') where.action = q.filter.action as AuditAction;
    return this.em.findAndCount(AuditLog, where, {
      orderBy: { [q.sort.field]: q.sort.order, id: q.sort.order },
      offset: q.offset,
      limit: q.limit,
    });
  }

  private params(e: AuditEntry): unknown[] {
    return [
      e.action,
      e.method ?? null,
      e.path ? e.path.slice(0, 500) : null,
      e.statusCode ?? null,
      e.ip ? e.ip.slice(0, 64) : null,
      e.details ? JSON.stringify(e.details) : null,
      currentRequestId(),
      e.companyId,
      e.userId,
    ];
  }
}
