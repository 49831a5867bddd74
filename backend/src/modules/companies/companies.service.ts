import { AuditService } from '../audit/audit.service';
import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import type { ListQuery } from '../../common/http/list-query';
import { Package } from '../packages/package.entity';
import { PackagesService } from '../packages/packages.service';
import { assignPackage, billingStatusFor, companyToday, periodEnd } from '../billing/subscription-state';
import { PlanService } from '../permissions/plan.service';
import { assertAccountAvailable, releaseUnverifiedAddress } from '../users/accounts';
import { hashPassword } from '../users/password';
import { assertPasswordNotPersonal } from '../users/password-rule';
import { User } from '../users/user.entity';
import { toCompanyResponse, type CompanyCounts } from './companies.mapper';
import { Company, DEFAULT_PACKAGE_CODE, type SubscriptionStatus } from './company.entity';
import { CompanySetup } from './company-setup';
import type { CompanyResponseDto, CreateCompanyAdminDto, CreateCompanyDto, UpdateCompanyDto } from './dto/company.dto';

const DAY_MS = 86_400_000;
/** Trial length when the chosen package has no trial days of its own (platform.md 9). */
export const DEFAULT_TRIAL_DAYS = 30;

export interface NewCompanyData {
  company_name: string;
  company_code?: string;
  industry?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  website?: string | null;
  time_zone?: string;
  package_id?: number;
  subscription_status?: SubscriptionStatus;
  trial_ends_at?: Date | null;
  tax_rate?: string;
}

export interface NewAdminData {
  username: string;
  email: string;
  password: string;
  first_name?: string | null;
  last_name?: string | null;
}

/** A signed-in client account (no company, no employee record) that becomes the trial company's admin. */
export interface ExistingAdmin {
  userId: number;
  first_name?: string | null;
  last_name?: string | null;
}

export const TRIAL_NOT_A_CLIENT =
  'Only an account that belongs to no company can start a free trial of its own. Sign out and start the trial with another e-mail address.';

interface ForeignKeyRow {
  child: string;
  parent: string;
  column_name: string;
  nullable: boolean;
  on_delete: string;
}

/** Companies of the platform: the superadmin's CRUD, their admins, and the free trial's company. */
@Injectable()
export class CompaniesService {
  constructor(
    private readonly em: EntityManager,
    private readonly packages: PackagesService,
    private readonly plans: PlanService,
    private readonly setup: CompanySetup,
    private readonly audit: AuditService,
  ) {}

  async list(q: ListQuery): Promise<[CompanyResponseDto[], number]> {
    const where: FilterQuery<Company> = {};
    if (typeof q.filter.q === 'string') {
      const like = `%${escapeLike(q.filter.q)}%`;
      where.$or = [
        { company_name: { $ilike: like } },
        { company_code: { $ilike: like } },
        { email: { $ilike: like } },
        { industry: { $ilike: like } },
      ];
    }
    if (typeof q.filter.subscription_status === 'string') {
      where.subscription_status = q.filter.subscription_status as SubscriptionStatus;
    }
    if (q.filter.package_id !== undefined) where.package = Number(q.filter.package_id) || -1;
    const [companies, total] = await this.em.findAndCount(Company, where, {
      populate: ['package'],
      orderBy: { [q.sort.field]: q.sort.order, id: 'ASC' },
      offset: q.offset,
      limit: q.limit,
      filters: false,
    });
    const counts = await this.counts(companies.map((c) => c.id));
    return [companies.map((c) => toCompanyResponse(c, counts.get(c.id) ?? ZERO)), total];
  }

  async get(id: number, em: EntityManager = this.em): Promise<Company> {
    const company = await em.findOne(Company, { id }, { populate: ['package'], filters: false });
    if (!company) throw notFound('Company');
    return company;
  }

  async detail(id: number): Promise<CompanyResponseDto> {
    const company = await this.get(id);
    const counts = await this.counts([company.id]);
    return toCompanyResponse(company, counts.get(company.id) ?? ZERO);
  }

  async create(dto: CreateCompanyDto): Promise<CompanyResponseDto> {
    const company = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const created = await this.createCompany(tx, { ...dto, trial_ends_at: dto.trial_ends_at ? new Date(dto.trial_ends_at) : null });
      // the platform's company has no admin to wait for: its ready steps run at once
      await this.setup.runReady({ em: tx, company: created });
      return created;
    });
    return this.detail(company.id);
  }

  /**
   * The free trial: the company on the chosen package (or the default one), in trial until
   * today + the chosen package's trial days (30 only when no package is chosen; a chosen package
   * with 0 trial days gives no trial time), its company_admin, and the defaults of the company, in
   * one transaction. The admin is a new account, or (`{ userId }`) a signed-in client account
   * without a company, which becomes the admin and keeps its e-mail address and password. An
   * unconfirmed client account of the new admin's address yields it (it is removed).
   */
  async createTrial(company: NewCompanyData, admin: NewAdminData | ExistingAdmin): Promise<{ company: Company; admin: User }> {
    const passwordHash = 'password' in admin ? await hashPassword(admin.password) : null;
    return this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      if ('password' in admin) {
        await releaseUnverifiedAddress(tx, admin.email);
        await assertAccountAvailable(tx, admin.email, admin.username);
      } else {
        // the row lock: two trials started at once by the same account cannot both make it an admin
        const [client] = await tx.execute<Array<{ id: number }>>(
          `select id from users where id = ? and role = 'client' and company_id is null and employee_id is null and is_active for update`,
          [admin.userId],
        );
        if (!client) throw forbidden(TRIAL_NOT_A_CLIENT);
      }
      const pkg = await this.packageFor(tx, company.package_id, true);
      const days = company.package_id == null ? DEFAULT_TRIAL_DAYS : Math.max(0, pkg.trial_days);
      const created = await this.createCompany(tx, {
        ...company,
        package_id: pkg.id,
        subscription_status: 'active',
        trial_ends_at: new Date(Date.now() + days * DAY_MS),
      });
      const user = 'password' in admin ? await this.newAdmin(tx, created, admin, passwordHash!) : await this.clientBecomesAdmin(tx, created, admin);
      await this.setup.runReady({ em: tx, company: created });
      return { company: created, admin: user };
    });
  }

  /** The signed-in client account becomes the new company's admin, keeping its address and password. */
  private async clientBecomesAdmin(tx: EntityManager, company: Company, admin: ExistingAdmin): Promise<User> {
    await tx.execute(
      `update users set role = 'company_admin', company_id = ?, first_name = coalesce(?, first_name), last_name = coalesce(?, last_name),
              updated_at = now()
        where id = ?`,
      [company.id, admin.first_name || null, admin.last_name || null, admin.userId],
    );
    return tx.findOneOrFail(User, { id: admin.userId }, { populate: ['company', 'employee'], filters: false, refresh: true });
  }

  /** A new account, the new company's admin. */
  private async newAdmin(tx: EntityManager, company: Company, admin: NewAdminData, passwordHash: string): Promise<User> {
    const user = tx.create(User, {
      username: admin.username,
      email: admin.email.toLowerCase(),
      password_hash: passwordHash,
      role: 'company_admin',
      first_name: admin.first_name ?? null,
      last_name: admin.last_name ?? null,
      company,
    });
    await tx.flush();
    return user;
  }

  /**
   * What a free trial of this company would be refused for, before anything is created: the
   * package (400) and a company code in use (409). Registration answers these first, so its
   * answer never depends on whether the email already has an account.
   */
  async assertTrialPossible(company: Pick<NewCompanyData, 'package_id' | 'company_code'>): Promise<void> {
    await this.packageFor(this.em, company.package_id, true);
    if (company.company_code) await this.assertCodeFree(this.em, company.company_code);
  }

  /** The platform changes a company; a change of its package or subscription is audit-logged with who made it. */
  async update(id: number, dto: UpdateCompanyDto, by?: { userId: number; ip?: string; path?: string }): Promise<CompanyResponseDto> {
    await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const company = await tx.findOne(Company, { id }, { populate: ['package'], filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!company) throw notFound('Company');
      const { package_id, company_code, trial_ends_at, ...rest } = dto;
      const before = {
        package: company.subscription_plan,
        billing_status: company.billing_status,
        trial_ends_at: company.trial_ends_at?.toISOString() ?? null,
      };
      if (company_code !== undefined && company_code.toLowerCase() !== company.company_code.toLowerCase()) {
        await this.assertCodeFree(tx, company_code, company.id);
      }
      if (company_code !== undefined) company.company_code = company_code;
      if (package_id !== undefined && package_id !== company.package.id) {
        const pkg = await this.packageFor(tx, package_id, false);
        await this.packages.assertFits(company.id, pkg, pkg.package_name);
        assignPackage(company, pkg);
        // the platform's choice replaces what the company had chosen and not yet got
        company.scheduled_package = null;
        company.scheduled_billing_cycle = null;
        await tx.execute(
          `update invoices set status = 'void', voided_at = now(), void_reason = 'The platform changed the package'
            where company_id = ? and status = 'open' and reason = 'new_subscription' and amount_paid = 0`,
          [company.id],
        );
      }
      if (trial_ends_at !== undefined) company.trial_ends_at = trial_ends_at ? new Date(trial_ends_at) : null;
      const statusBefore = company.subscription_status;
      tx.assign(company, definedOnly(rest));
      if (rest.subscription_status !== undefined && rest.subscription_status !== statusBefore) {
        company.billing_status = billingStatusFor(company.subscription_status, company);
        if (company.billing_status === 'active' && !company.current_period_end) {
          company.current_period_start = companyToday(company.time_zone, new Date());
          company.current_period_end = periodEnd(company.current_period_start, company.billing_cycle);
        }
      } else if (trial_ends_at !== undefined && company.billing_status === 'trialing' && !company.trial_ends_at) {
        // the platform ended the trial by hand: the company is on its package from today
        company.billing_status = 'active';
        company.current_period_start = companyToday(company.time_zone, new Date());
        company.current_period_end = periodEnd(company.current_period_start, company.billing_cycle);
      } else if (trial_ends_at && (company.billing_status === 'active' || company.billing_status === 'past_due') && company.subscription_status === 'active') {
        company.billing_status = 'trialing';
      }
      const changes = {
        package: [before.package, company.subscription_plan],
        billing_status: [before.billing_status, company.billing_status],
        trial_ends_at: [before.trial_ends_at, company.trial_ends_at?.toISOString() ?? null],
      };
      const changed = Object.fromEntries(Object.entries(changes).filter(([, [from, to]]) => from !== to));
      if (by && Object.keys(changed).length) {
        await this.audit.record({
          userId: by.userId,
          companyId: company.id,
          action: 'package' in changed ? 'subscription.plan_changed' : 'subscription.status_changed',
          method: 'PUT',
          path: by.path ?? null,
          statusCode: 200,
          ip: by.ip ?? null,
          details: Object.fromEntries(Object.entries(changed).map(([k, [from, to]]) => [k, { from, to }])),
        });
      }
      await tx.flush();
    });
    this.plans.forget(id);
    return this.detail(id);
  }

  /** Removes the company and all of its data (users, employees, departments, ...) in one transaction. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const company = await tx.findOne(Company, { id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!company) throw notFound('Company');
      await this.purge(tx, company.id);
    });
    this.plans.forget(id);
  }

  /** A company_admin of the company, within the package's max_admins. */
  async createAdmin(id: number, dto: CreateCompanyAdminDto): Promise<User> {
    const passwordHash = await hashPassword(dto.password);
    return this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      // an unconfirmed self-registered client account does not hold the address: the new admin replaces it
      await releaseUnverifiedAddress(tx, dto.email);
      await assertAccountAvailable(tx, dto.email, dto.username);
      // the row lock serializes concurrent admin creations, so the limit holds
      const company = await tx.findOne(Company, { id }, { populate: ['package'], filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!company) throw notFound('Company');
      assertPasswordNotPersonal(dto.password, { company_name: company.company_name }, 'password');
      const max = company.package.max_admins;
      const admins = await tx.count(User, { company: company.id, role: 'company_admin', is_active: true }, { filters: false });
      if (max !== -1 && admins >= max) {
        throw unprocessable(
          `The ${company.package.package_name} package allows at most ${max} ${max === 1 ? 'admin' : 'admins'}. Upgrade the package to add more.`,
        );
      }
      // a downgrade waiting for the period end limits growth too
      await this.plans.assertRoom(company.id, 'admins', admins + 1, tx);
      const user = tx.create(User, {
        username: dto.username,
        email: dto.email.toLowerCase(),
        password_hash: passwordHash,
        role: 'company_admin',
        first_name: dto.first_name,
        last_name: dto.last_name,
        company,
      });
      await tx.flush();
      return user;
    });
  }

  // ---- helpers

  private async createCompany(tx: EntityManager, data: NewCompanyData): Promise<Company> {
    const code = data.company_code ?? (await this.freeCodeFor(tx, data.company_name));
    await this.assertCodeFree(tx, code);
    const pkg = await this.packageFor(tx, data.package_id, false);
    const company = tx.create(Company, {
      company_name: data.company_name,
      company_code: code,
      industry: data.industry ?? null,
      email: data.email ?? null,
      phone: data.phone ?? null,
      address: data.address ?? null,
      website: data.website ?? null,
      time_zone: data.time_zone ?? 'UTC',
      package: pkg,
      subscription_plan: pkg.package_code,
      subscription_status: data.subscription_status ?? 'active',
      trial_ends_at: data.trial_ends_at ?? null,
      tax_rate: data.tax_rate ?? '0.00',
    });
    // a trial is trialing; a company the platform creates active starts its first period today
    company.billing_status = billingStatusFor(company.subscription_status, { billing_status: 'active', trial_ends_at: company.trial_ends_at });
    if (company.billing_status === 'active') {
      company.current_period_start = companyToday(company.time_zone, new Date());
      company.current_period_end = periodEnd(company.current_period_start, 'monthly');
    }
    await tx.flush();
    const rows: Array<{ feature_code: string }> = await tx.execute(
      `select f.feature_code from package_features pf join features f on f.id = pf.feature_id
        where pf.package_id = ? and pf.is_included and f.is_active`,
      [pkg.id],
    );
    const features = new Set(rows.map((r) => r.feature_code));
    await this.setup.run({ em: tx, company, modules: PlanService.modulesOf(features), features });
    await tx.flush();
    return company;
  }

  /** The chosen package, or the default one; a free trial may only choose an active package. */
  private async packageFor(tx: EntityManager, packageId: number | undefined, publicOnly: boolean): Promise<Package> {
    if (packageId === undefined) {
      const fallback =
        (await tx.findOne(Package, { package_code: DEFAULT_PACKAGE_CODE })) ??
        (await tx.findOne(Package, { is_active: true }, { orderBy: { sort_order: 'DESC', id: 'DESC' } }));
      if (!fallback) throw unprocessable('No package exists yet: create a package first', 'package_id');
      return fallback;
    }
    const pkg = await tx.findOne(Package, publicOnly ? { id: packageId, is_active: true } : { id: packageId });
    if (!pkg) throw badRequest('The selected package does not exist', 'package_id');
    return pkg;
  }

  private async assertCodeFree(tx: EntityManager, code: string, exceptId?: number) {
    const clash: unknown[] = await tx.execute(
      'select 1 from companies where lower(company_code) = lower(?) and id <> ? limit 1',
      [code, exceptId ?? 0],
    );
    if (clash.length) throw conflict('A company with this code already exists', 'company_code');
  }

  /** A code from the company's name (ACME-CORP), with a number added when it is taken. */
  private async freeCodeFor(tx: EntityManager, name: string): Promise<string> {
    const base =
      name
        .normalize('NFKD')
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 30)
        .replace(/-+$/, '') || 'COMPANY';
    const rows: Array<{ code: string }> = await tx.execute(
      `select lower(company_code) as code from companies where lower(company_code) = lower(?) or lower(company_code) like lower(?)`,
      [base, `${escapeLike(base)}-%`],
    );
    const taken = new Set(rows.map((r) => r.code));
    if (!taken.has(base.toLowerCase())) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base}-${n}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  }

  private async counts(ids: number[]): Promise<Map<number, CompanyCounts>> {
    if (!ids.length) return new Map();
    const rows: Array<{ id: number; users: string; employees: string; admins: string }> = await this.em.execute(
      `select c.id,
              (select count(*) from users u where u.company_id = c.id) as users,
              (select count(*) from employees e where e.company_id = c.id and e.employment_status <> 'terminated') as employees,
              (select count(*) from users u where u.company_id = c.id and u.role = 'company_admin' and u.is_active) as admins
         from companies c where c.id in (${ids.map(() => '?').join(',')})`,
      ids,
    );
    return new Map(
      rows.map((r) => [r.id, { users: Number(r.users), employees: Number(r.employees), admins: Number(r.admins) }]),
    );
  }

  /**
   * Deletes every row the company owns, then the company. Tables are found in the database's
   * catalogue (every table whose company_id cascades from companies), so tables added later are
   * covered. References between them that would block a delete (restrict / no action) are
   * cleared first when nullable, and the rest decide the order: referencing tables go first.
   */
  private async purge(tx: EntityManager, companyId: number): Promise<void> {
    const fks: ForeignKeyRow[] = await tx.execute(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent, a.attname as column_name,
              not a.attnotnull as nullable, c.confdeltype as on_delete
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_class cl on cl.oid = c.conrelid
        where c.contype = 'f' and array_length(c.conkey, 1) = 1 and not cl.relispartition`,
    );
    const owned = new Set(
      fks.filter((f) => f.parent === 'companies' && f.column_name === 'company_id' && f.on_delete === 'c').map((f) => f.child),
    );
    const blocking = fks.filter((f) => owned.has(f.child) && owned.has(f.parent) && (f.on_delete === 'a' || f.on_delete === 'r'));
    for (const fk of blocking.filter((f) => f.nullable)) {
      await tx.execute(
        `update ${fk.child} set "${fk.column_name}" = null where company_id = ? and "${fk.column_name}" is not null`,
        [companyId],
      );
    }
    // referencing tables before the tables they reference
    const mustWait = new Map<string, Set<string>>([...owned].map((t) => [t, new Set<string>()]));
    for (const fk of blocking.filter((f) => !f.nullable && f.child !== f.parent)) mustWait.get(fk.parent)!.add(fk.child);
    const done = new Set<string>();
    while (done.size < owned.size) {
      const ready = [...owned].filter((t) => !done.has(t) && [...mustWait.get(t)!].every((c) => done.has(c)));
      // a cycle of required references: delete the rest and let the database decide
      const batch = ready.length ? ready : [...owned].filter((t) => !done.has(t));
      for (const table of batch.sort()) {
        await tx.execute(`delete from ${table} where company_id = ?`, [companyId]);
        done.add(table);
      }
    }
    await tx.execute('delete from companies where id = ?', [companyId]);
  }
}

/** The fields an update sent (an absent field stays unchanged). */
const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

const ZERO: CompanyCounts = { users: 0, employees: 0, admins: 0 };
