import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { conflict, notFound } from '../../common/http/errors';
import type { ListQuery } from '../../common/http/list-query';
import { AuditService } from '../audit/audit.service';
import { escapeHtml, MailService } from '../auth/mail.service';
import { Company } from '../companies/company.entity';
import { PlanService } from '../permissions/plan.service';
import type { PlanRequestResponseDto } from './dto/package.dto';
import { Package } from './package.entity';
import { PackagesService } from './packages.service';
import { PlanChangeRequest, PLAN_REQUEST_STATUSES, type PlanRequestStatus } from './plan-change-request.entity';

const PERSON = (alias: string) =>
  `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`;

const SELECT = `select r.id, r.company_id, c.company_name, r.package_id, p.package_code, p.package_name, r.billing_cycle,
       (case when r.billing_cycle = 'annual' then p.annual_price else p.monthly_price end)::text as price,
       r.status, r.requested_by_id, ${PERSON('ru')} as requested_by_name, r.created_at as requested_at,
       r.decided_by_id, ${PERSON('du')} as decided_by_name, r.decided_at, r.note
  from plan_change_requests r
  join companies c on c.id = r.company_id
  join packages p on p.id = r.package_id
  left join users ru on ru.id = r.requested_by_id
  left join users du on du.id = r.decided_by_id`;

/** Puts a company on a package; subscription_plan mirrors the package's code. */
export function assignPackage(company: Company, pkg: Package): void {
  company.package = pkg;
  company.subscription_plan = pkg.package_code;
}

type Row = Omit<PlanRequestResponseDto, 'requested_at' | 'decided_at'> & { requested_at: Date | string; decided_at: Date | string | null };

const toDto = (r: Row): PlanRequestResponseDto => ({
  ...r,
  requested_at: new Date(r.requested_at),
  decided_at: r.decided_at ? new Date(r.decided_at) : null,
});

export interface Decision {
  ctx: AuthContext;
  ip?: string;
  path?: string;
}

/**
 * Plan-change requests: until billing exists, a company's choice of a paid package waits for the
 * platform. The superadmin lists them and approves (the company's package changes, in one
 * transaction with the decision and its audit record) or rejects them with a reason.
 */
@Injectable()
export class PlanRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly packages: PackagesService,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  /** The company's pending request, or null. */
  async pendingOf(companyId: number): Promise<PlanRequestResponseDto | null> {
    const rows = await this.em.execute<Row[]>(`${SELECT} where r.company_id = ? and r.status = 'pending'`, [companyId]);
    return rows[0] ? toDto(rows[0]) : null;
  }

  async one(id: number): Promise<PlanRequestResponseDto> {
    const rows = await this.em.execute<Row[]>(`${SELECT} where r.id = ?`, [id]);
    if (!rows[0]) throw notFound('Plan request');
    return toDto(rows[0]);
  }

  async list(q: ListQuery): Promise<[PlanRequestResponseDto[], number]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const status = q.filter.status;
    if (status !== undefined) {
      where.push('r.status = ?');
      params.push((PLAN_REQUEST_STATUSES as readonly unknown[]).includes(status) ? status : '-');
    }
    if (q.filter.company_id !== undefined) {
      where.push('r.company_id = ?');
      params.push(Number(q.filter.company_id) || -1);
    }
    const clause = where.length ? ` where ${where.join(' and ')}` : '';
    // the sort field is one of the list's sortable columns (ListParams refuses any other)
    const column = q.sort.field === 'requested_at' ? 'r.created_at' : q.sort.field === 'company_name' ? 'c.company_name' : `r.${q.sort.field}`;
    const [rows, count] = await Promise.all([
      this.em.execute<Row[]>(`${SELECT}${clause} order by ${column} ${q.sort.order}, r.id ${q.sort.order} limit ? offset ?`, [
        ...params,
        q.limit,
        q.offset,
      ]),
      this.em.execute<Array<{ n: string }>>(
        `select count(*) as n from plan_change_requests r join companies c on c.id = r.company_id${clause}`,
        params,
      ),
    ]);
    return [rows.map(toDto), Number(count[0]?.n ?? 0)];
  }

  /**
   * The company asks for a package; a pending request it made before is replaced (cancelled).
   * Called inside the caller's transaction with the company's row locked.
   */
  async replacePending(tx: EntityManager, companyId: number, by: number): Promise<void> {
    await tx.nativeUpdate(
      PlanChangeRequest,
      { company: companyId, status: 'pending' },
      { status: 'cancelled', decided_by: by, decided_at: new Date(), note: 'Replaced by a newer request' },
      { filters: false },
    );
  }

  /** The superadmin approves: the company is on the package from now on (a trial ends, a cancelled subscription is active again). */
  async approve(id: number, note: string | null, d: Decision): Promise<PlanRequestResponseDto> {
    const companyId = await this.decide(id, 'approved', note, d, async (tx, request, company) => {
      const pkg = await tx.findOneOrFail(Package, { id: request.package.id });
      await this.packages.assertFits(company.id, pkg, pkg.package_name);
      const previous = company.subscription_plan;
      assignPackage(company, pkg);
      // a suspension stays until the platform lifts it
      if (company.subscription_status === 'cancelled') company.subscription_status = 'active';
      company.trial_ends_at = null;
      return { package: pkg.package_code, previous_package: previous, billing_cycle: request.billing_cycle };
    });
    this.plans.forget(companyId);
    const request = await this.one(id);
    await this.tellCompanyAdmins(
      request,
      'approved',
      [`${request.company_name} is now on the ${request.package_name} package.`, request.note ? `Note: ${request.note}` : null],
    );
    return request;
  }

  async reject(id: number, reason: string, d: Decision): Promise<PlanRequestResponseDto> {
    await this.decide(id, 'rejected', reason, d, async (tx, request) => {
      const pkg = await tx.findOneOrFail(Package, { id: request.package.id });
      return { package: pkg.package_code, billing_cycle: request.billing_cycle, reason };
    });
    const request = await this.one(id);
    await this.tellCompanyAdmins(request, 'rejected', [
      `${request.company_name} stays on its current package.`,
      `Reason: ${reason}`,
    ]);
    return request;
  }

  /**
   * Mails the decision to the company's active admins, after it is committed (so no mail tells
   * of a decision that was rolled back), without making the superadmin wait.
   */
  private async tellCompanyAdmins(request: PlanRequestResponseDto, decision: 'approved' | 'rejected', lines: Array<string | null>) {
    const admins = await this.em.execute<Array<{ email: string }>>(
      `select email from users where company_id = ? and role = 'company_admin' and is_active and email is not null`,
      [request.company_id],
    );
    const subject = `Your request for the ${request.package_name} package was ${decision}`;
    const body = lines.filter((l): l is string => !!l);
    for (const { email } of admins) {
      this.mail.sendInBackground({
        to: email,
        subject,
        text: [subject + '.', ...body].join('\n\n'),
        html: [subject + '.', ...body].map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      });
    }
  }

  /** Locks the request and its company, checks it is still pending, applies the decision and records it. */
  private async decide(
    id: number,
    status: Extract<PlanRequestStatus, 'approved' | 'rejected'>,
    note: string | null,
    d: Decision,
    apply: (tx: EntityManager, request: PlanChangeRequest, company: Company) => Promise<Record<string, unknown>>,
  ): Promise<number> {
    return this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const request = await tx.findOne(PlanChangeRequest, { id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!request) throw notFound('Plan request');
      const company = await tx.findOneOrFail(Company, { id: request.company.id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (request.status !== 'pending') throw conflict(`This request was already ${request.status}`);
      const details = await apply(tx, request, company);
      request.status = status;
      request.decided_by = tx.getReference('User', d.ctx.userId) as PlanChangeRequest['decided_by'];
      request.decided_at = new Date();
      request.note = note;
      await tx.flush();
      await this.audit.record({
        userId: d.ctx.userId,
        companyId: company.id,
        action: status === 'approved' ? 'subscription.approved' : 'subscription.rejected',
        method: 'POST',
        path: d.path ?? null,
        statusCode: 200,
        ip: d.ip ?? null,
        details: { request_id: request.id, ...details },
      });
      return company.id;
    });
  }
}
