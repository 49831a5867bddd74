import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction } from '../audit/audit-log.entity';
import { currentRequestId } from '../../common/observability/request-context';

export interface AccountEvent {
  action: Extract<AuditAction, 'sign_in' | 'sign_in.failed' | 'password.changed' | 'password.reset_requested' | 'password.reset'>;
  /** the account, when one exists */
  userId: number | null;
  /** as typed, for attempts on an email that has no account */
  email: string;
  path: string;
  statusCode: number;
  ip?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * Sign-ins, failed sign-ins and password events in the audit log, under the account's own company.
 * Unlike AuditService.record it also records attempts on emails that have no account.
 */
@Injectable()
export class SignInAudit {
  constructor(private readonly em: EntityManager) {}

  async record(e: AccountEvent): Promise<void> {
    await this.em.execute(
      `insert into audit_logs (user_id, user_email, company_id, company_name, action, method, path, status_code, ip, details, request_id)
       select u.id, coalesce(u.email, ?), c.id, c.company_name, ?, 'POST', ?, ?, ?, ?::jsonb, ?
         from (select 1) one
         left join users u on u.id = ?
         left join companies c on c.id = u.company_id`,
      [
        e.email.slice(0, 255),
        e.action,
        e.path,
        e.statusCode,
        e.ip ? e.ip.slice(0, 64) : null,
        e.details ? JSON.stringify(e.details) : null,
        currentRequestId(),
        e.userId,
      ],
    );
  }
}
