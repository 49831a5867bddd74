import { HttpStatus, Injectable } from '@nestjs/common';
import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Page } from '../../common/http/envelope';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../common/http/errors';
import { escapeLike, fieldWords, oneOf } from '../../common/http/fields';
import { Filter, idList, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { inScope, scopeCondition, scopeFilter } from '../../common/auth/record-scope';
import { TokenService } from '../auth/token.service';
import { assertAccountAvailable, releaseUnverifiedAddress } from '../users/accounts';
import { Company } from '../companies/company.entity';
import { Department } from '../departments/department.entity';
import { PlanService } from '../permissions/plan.service';
import { Position } from '../positions/position.entity';
import { hashPassword } from '../users/password';
import { assertPasswordNotPersonal } from '../users/password-rule';
import { User } from '../users/user.entity';
import {
  BOTH_LOGIN_KINDS,
  ImportEmployeeRowDto,
  type CreateEmployeeDto,
  type DirectReportDto,
  type EmployeeDetailDto,
  EmployeeResponseDto,
  type UpdateEmployeeDto,
} from './dto/employee.dto';
import { Employee, EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES } from './employee.entity';
import { toEmployeeResponse, type EmployeeLogin } from './employee.mapper';
import {
  assertCreatesOverCompany,
  assertNoMoreRights,
  employeeScope,
  outOfScope,
  OWN_DELETE,
  OWN_LOCKED_FIELDS,
  OWN_RECORD,
  PAY_FIELDS,
  payForbidden,
  SIGN_IN_EMAIL,
  type EmployeeAccess,
  type PayField,
} from './employee-access';
import { escapeHtml, MailService, type OutgoingMail } from '../auth/mail.service';
import {
  INVITATION_HAS_LOGIN,
  INVITATION_NONE_PENDING,
  INVITATION_TERMINATED,
  InvitationsService,
} from '../auth/invitations.service';
import { employeePage, type EmployeeRow } from './employees.list';
import { assertManagerOutsideTeam, managerCircles } from './manager-chain';
import { employeesToCsv } from './employees.csv';
import { checkImportFile, type ImportCheck } from './employees-import.check';

/** A non-admin changing the e-mail of an employee without a login (which would let them invite themselves as that employee). */
export const EMPLOYEE_EMAIL_ADMIN_ONLY = "Only a company admin can change an employee's e-mail address";
export const EMPLOYEE_EMAIL_CHANGED_SUBJECT = 'The e-mail address on your employee record was changed';

export const EMPLOYEE_LIST: ListQueryOptions = {
  sortable: [
    'id',
    'employee_code',
    'first_name',
    'last_name',
    'name',
    'email',
    'department_name',
    'position_title',
    'employment_status',
    'employment_type',
    'hire_date',
    'salary',
    'created_at',
  ],
  filterable: ['q', 'id', 'department_id', 'position_id', 'manager_id', 'employment_status', 'employment_type', 'company_id'],
  defaultSort: ['employee_code', 'ASC'],
  filters: {
    employment_status: Filter.oneOf(EMPLOYMENT_STATUSES, { many: true }),
    employment_type: Filter.oneOf(EMPLOYMENT_TYPES, { many: true }),
  },
};

const POPULATE = ['department', 'position', 'manager'] as const;
const MAX_EXPORT_ROWS = 50_000;
const MAX_REPORTED_ERRORS = 100;

export interface RowError {
  row: number;
  field: string;
  message: string;
}

/** The columns an import writes, with their types for json_to_recordset. */
const IMPORT_COLUMNS: [string, string][] = [
  ['company_id', 'int'],
  ['employee_code', 'text'],
  ['first_name', 'text'],
  ['middle_name', 'text'],
  ['last_name', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['date_of_birth', 'date'],
  ['gender', 'text'],
  ['address', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['country', 'text'],
  ['postal_code', 'text'],
  ['department_id', 'int'],
  ['position_id', 'int'],
  ['manager_id', 'int'],
  ['employment_type', 'text'],
  ['employment_status', 'text'],
  ['hire_date', 'date'],
  ['salary', 'numeric'],
  ['salary_currency', 'text'],
  ['payment_frequency', 'text'],
  ['emergency_contact_name', 'text'],
  ['emergency_contact_phone', 'text'],
  ['emergency_contact_relationship', 'text'],
];

/**
 * Rows an import writes per statement: on the embedded database, a piece of this size holds the
 * event loop for some tens of milliseconds (10,000 rows in one statement held it for seconds).
 */
const IMPORT_CHUNK = 100;

/**
 * Runs a statement in `em`'s transaction with its values sent as bind parameters ($1, $2, …)
 * instead of written into the SQL text, as the ORM's execute does (escaping a value of hundreds
 * of kilobytes character by character on the event loop).
 */
async function boundStatement(em: EntityManager, sql: string, params: unknown[]): Promise<void> {
  const query = em.getKnex().raw(sql, params as never[]);
  const trx = em.getTransactionContext();
  await (trx ? query.transacting(trx) : query);
}

export type DeleteOutcome = { mode: 'deleted' } | { mode: 'terminated'; references: number };

const lower = (s: string) => s.toLowerCase();

@Injectable()
export class EmployeesService {
  /** Foreign keys that point at employees(id), read from the catalogue once. */
  private referencingColumns?: Promise<Array<{ table_name: string; column_name: string }>>;

  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
    private readonly plans: PlanService,
    private readonly mail: MailService,
    private readonly invitations: InvitationsService,
  ) {}

  /**
   * Set-based (see employees.list.ts): one statement for the page, one for the total. The
   * employees within the caller's view scope: the company, their department, their team or
   * their own record.
   */
  async list(access: EmployeeAccess, q: ListQuery): Promise<Page<EmployeeRow>> {
    assertSortable(access, q);
    const scope = scopeCondition(access.ctx, access.viewScope, 'e.id');
    const { rows, total } = await employeePage(this.em, access.ctx.companyId!, q, access.seesPay, scope);
    return new Page('hr/employees', rows, q.offset, total, EmployeeResponseDto.name);
  }

  /** One employee within the caller's view scope (404 outside it, as for another company's). */
  async get(access: EmployeeAccess, id: number): Promise<EmployeeDetailDto> {
    if (!(await inScope(this.em, access.ctx, access.viewScope, id))) throw notFound('Employee');
    return this.detail(access, id);
  }

  /** One employee's answer, with its manager and the direct reports the caller's view scope covers. */
  private async detail(access: EmployeeAccess, id: number): Promise<EmployeeDetailDto> {
    const e = await this.em.findOne(Employee, { id }, { populate: POPULATE });
    if (!e) throw notFound('Employee');
    const invitation = (await this.invitations.summaries(this.em, [e.id])).get(e.id);
    const response = toEmployeeResponse(e, (await this.loginsOf([e.id])).get(e.id), invitation);
    if (!access.seesPay) {
      for (const field of PAY_FIELDS) delete response[field];
      delete response.salary_warning;
    }
    const manager = response.manager_id === null ? null : { id: response.manager_id, name: response.manager_name ?? '' };
    return { ...response, manager, direct_reports: await this.directReports(access, e.id) };
  }

  /** The people whose manager is the employee, within the caller's view scope, by name. */
  private async directReports(access: EmployeeAccess, id: number): Promise<DirectReportDto[]> {
    const scope = scopeCondition(access.ctx, access.viewScope, 'e.id');
    return this.em.execute<DirectReportDto[]>(
      `select e.id, e.first_name || ' ' || e.last_name as name, p.position_title
         from employees e left join positions p on p.id = e.position_id
        where e.company_id = ? and e.manager_id = ? ${scope ? `and ${scope.sql}` : ''}
        order by e.first_name, e.last_name, e.id`,
      [access.ctx.companyId, id, ...(scope?.params ?? [])],
    );
  }

  /**
   * 404 for an employee outside the caller's view scope, 403 for one they see but whose record
   * `action` does not reach (their scope of that action is narrower).
   */
  private async assertCovers(em: EntityManager, access: EmployeeAccess, action: 'edit' | 'delete', id: number): Promise<void> {
    const scope = employeeScope(access, action);
    if (await inScope(em, access.ctx, scope, id)) return;
    if (!(await inScope(em, access.ctx, access.viewScope, id))) throw notFound('Employee');
    throw outOfScope(action, scope);
  }

  async create(access: EmployeeAccess, dto: CreateEmployeeDto): Promise<EmployeeDetailDto> {
    const { ctx } = access;
    assertOwnCompany(ctx, dto.company_id);
    assertCreatesOverCompany(access);
    const companyId = ctx.companyId!;
    if (!access.seesPay) {
      const field = PAY_FIELDS.find((f) => dto[f] !== undefined && !samePay(f, dto[f], PAY_DEFAULTS[f]));
      if (field) throw payForbidden(field);
    }
    if (dto.enable_login && dto.send_invitation) {
      throw badRequest(BOTH_LOGIN_KINDS, 'send_invitation');
    }
    // the company's name: for the password rule (the body's names and email were checked with it) and the invitation
    const company_name =
      dto.enable_login || dto.send_invitation
        ? (await this.em.findOneOrFail(Company, { id: companyId }, { filters: false })).company_name
        : '';
    if (dto.enable_login) assertPasswordNotPersonal(dto.password!, { company_name }, 'password');
    const passwordHash = dto.enable_login ? await hashPassword(dto.password!) : null;
    if (dto.send_invitation && dto.employment_status === 'terminated') throw badRequest(INVITATION_TERMINATED, 'send_invitation');
    let invitation: OutgoingMail | null = null;
    const id = await this.em.transactional(async (em) => {
      await this.lockCompany(em, companyId);
      await this.assertRoom(em, companyId, dto.employment_status === 'terminated' ? 0 : 1);
      await this.assertCodeFree(em, dto.employee_code);
      const department = await findRef(em, Department, dto.department_id, 'Department', 'department_id');
      const position = await findRef(em, Position, dto.position_id, 'Position', 'position_id');
      const manager = await findRef(em, Employee, dto.manager_id, 'Manager', 'manager_id');
      if (dto.enable_login || dto.send_invitation) {
        await assertNoMoreRights(em, access, await this.plans.moduleKeys(companyId), position?.id ?? null, department?.id ?? null);
      }
      if (dto.enable_login) {
        // an unverified self-registered account does not hold the address: the login replaces it
        await releaseUnverifiedAddress(em, dto.email);
        await assertAccountAvailable(em, dto.email, dto.username!);
      }
      // an invitation is sent whether or not the address has an account (which the answer does not tell): a clash is told at acceptance
      const {
        department_id: _d,
        position_id: _p,
        manager_id: _m,
        company_id: _c,
        enable_login: _l,
        send_invitation: _i,
        username: _u,
        password: _pw,
        ...fields
      } = dto;
      const company = em.getReference(Company, companyId);
      const employee = em.create(Employee, {
        ...fields,
        company,
        department: department ?? null,
        position: position ?? null,
        manager: manager ?? null,
      });
      if (passwordHash) {
        em.create(User, {
          username: dto.username!,
          email: lower(dto.email),
          password_hash: passwordHash,
          role: 'employee',
          first_name: dto.first_name,
          last_name: dto.last_name,
          company,
          employee,
        });
      }
      await em.flush();
      if (dto.send_invitation) {
        invitation = await this.invitations.issue(em, {
          companyId,
          companyName: company_name,
          employeeId: employee.id,
          email: employee.email,
          firstName: employee.first_name,
          invitedBy: ctx.userId,
        });
      }
      return employee.id;
    });
    if (invitation) this.invitations.send([invitation]);
    return this.detail(access, id);
  }

  /**
   * Sends the employee a new invitation (the pending one's link stops working): for an employee
   * without a sign-in, not terminated, whose e-mail has no account but a self-registered client's.
   */
  async invite(access: EmployeeAccess, id: number): Promise<EmployeeDetailDto> {
    const { ctx } = access;
    const mail = await this.em.transactional(async (em) => {
      const e = await em.findOne(Employee, { id });
      if (!e) throw notFound('Employee');
      await this.assertCovers(em, access, 'edit', e.id);
      if (await em.count(User, { employee: e.id }, { filters: false })) throw conflict(INVITATION_HAS_LOGIN);
      if (e.employment_status === 'terminated') throw conflict(INVITATION_TERMINATED);
      await assertNoMoreRights(em, access, await this.plans.moduleKeys(ctx.companyId!), e.position?.id ?? null, e.department?.id ?? null);
      const { company_name } = await em.findOneOrFail(Company, { id: ctx.companyId! }, { filters: false });
      return this.invitations.issue(em, {
        companyId: ctx.companyId!,
        companyName: company_name,
        employeeId: e.id,
        email: e.email,
        firstName: e.first_name,
        invitedBy: ctx.userId,
      });
    });
    this.invitations.send([mail]);
    return this.detail(access, id);
  }

  /** Revokes the employee's pending invitation: its link stops working. */
  async revokeInvitation(access: EmployeeAccess, id: number): Promise<EmployeeDetailDto> {
    await this.em.transactional(async (em) => {
      const e = await em.findOne(Employee, { id });
      if (!e) throw notFound('Employee');
      await this.assertCovers(em, access, 'edit', e.id);
      if (!(await this.invitations.revokePending(em, e.id))) throw conflict(INVITATION_NONE_PENDING);
    });
    return this.detail(access, id);
  }

  /**
   * Nobody changes their own position, department, manager, dates, pay or status; pay is changed
   * only by those who see it; the e-mail an account signs in with only by a company admin (which
   * ends that account's sessions and tells its old address); a non-admin does not move an account
   * to a position or department with rights they lack.
   */
  async update(access: EmployeeAccess, id: number, dto: UpdateEmployeeDto): Promise<EmployeeDetailDto> {
    const { ctx } = access;
    assertOwnCompany(ctx, dto.company_id);
    let revokeUserId: number | null = null;
    let emailChanged: { from: string; to: string; name: string } | null = null;
    let recordEmailChanged: { from: string; to: string; name: string; company: string } | null = null;
    await this.em.transactional(async (em) => {
      const e = await em.findOne(Employee, { id });
      if (!e) throw notFound('Employee');
      await this.assertCovers(em, access, 'edit', e.id);
      if (dto.employee_code !== undefined && dto.employee_code !== e.employee_code) {
        throw badRequest('Employee code cannot be changed', 'employee_code');
      }
      // the record as its answer shows it, in the same forms a client sends back
      const current: Partial<Record<(typeof OWN_LOCKED_FIELDS)[number], unknown>> = toEmployeeResponse(e);
      const changes = (field: (typeof OWN_LOCKED_FIELDS)[number]) =>
        dto[field] !== undefined &&
        ((PAY_FIELDS as readonly string[]).includes(field)
          ? !samePay(field as PayField, dto[field], current[field])
          : dto[field] !== current[field]);
      if (ctx.employeeId === id) {
        const field = OWN_LOCKED_FIELDS.find(changes);
        if (field) throw new ApiError(HttpStatus.FORBIDDEN, OWN_RECORD, [{ field, message: OWN_RECORD }]);
      }
      if (!access.seesPay) {
        const field = PAY_FIELDS.find(changes);
        if (field) throw payForbidden(field);
      }
      if (dto.manager_id === id) throw badRequest('An employee cannot be their own manager', 'manager_id');
      const department = await findRef(em, Department, dto.department_id, 'Department', 'department_id');
      const position = await findRef(em, Position, dto.position_id, 'Position', 'position_id');
      const manager = await findRef(em, Employee, dto.manager_id, 'Manager', 'manager_id');
      if (manager && manager.id !== e.manager?.id) {
        await this.lockCompany(em, ctx.companyId!);
        await assertManagerOutsideTeam(em, e, manager);
      }
      const wasTerminated = e.employment_status === 'terminated';
      const status = dto.employment_status ?? e.employment_status;
      if (wasTerminated && status !== 'terminated') {
        await this.lockCompany(em, ctx.companyId!);
        await this.assertRoom(em, ctx.companyId!, 1);
      }
      const user = await em.findOne(User, { employee: e.id }, { filters: false });
      // the address an invitation goes to, or the account signs in with: only an admin changes it, and the old address is told
      const emailChange = dto.email !== undefined && lower(dto.email) !== lower(user?.email ?? e.email);
      if (emailChange && !access.admin) {
        const message = user ? SIGN_IN_EMAIL : EMPLOYEE_EMAIL_ADMIN_ONLY;
        throw new ApiError(HttpStatus.FORBIDDEN, message, [{ field: 'email', message }]);
      }
      if (!user && emailChange) {
        // a pending invitation went to the old address: it stops working
        await this.invitations.revokePending(em, e.id);
        const { company_name } = await em.findOneOrFail(Company, { id: ctx.companyId! }, { filters: false });
        recordEmailChanged = { from: lower(e.email), to: lower(dto.email!), name: e.first_name, company: company_name };
      }
      if (user && emailChange) {
        await releaseUnverifiedAddress(em, dto.email!);
        const clash = await em.count(User, { email: lower(dto.email!), id: { $ne: user.id } }, { filters: false });
        if (clash) throw conflict('An account with this email already exists', 'email');
        emailChanged = { from: user.email, to: lower(dto.email!), name: user.first_name || user.username };
        revokeUserId = user.id;
        user.email = lower(dto.email!);
      }
      // what the account gains comes from the position or department it is moved to
      if (user && (changes('position_id') || changes('department_id'))) {
        const positionId = changes('position_id') ? (position?.id ?? null) : null;
        const departmentId = changes('department_id') ? (department?.id ?? null) : null;
        await assertNoMoreRights(em, access, await this.plans.moduleKeys(ctx.companyId!), positionId, departmentId);
      }
      const { department_id: _d, position_id: _p, manager_id: _m, company_id: _c, employee_code: _code, ...fields } = dto;
      em.assign(e, fields);
      if (department !== undefined) e.department = department;
      if (position !== undefined) e.position = position;
      if (manager !== undefined) e.manager = manager;
      if (user) {
        user.first_name = e.first_name;
        user.last_name = e.last_name;
        // a terminated employee cannot sign in; re-hiring gives the login back
        if (status === 'terminated' && !wasTerminated) {
          user.is_active = false;
          revokeUserId = user.id;
        } else if (status !== 'terminated' && wasTerminated) {
          user.is_active = true;
        }
      }
      await em.flush();
    });
    if (revokeUserId) await this.tokens.revokeAllOf(revokeUserId);
    if (emailChanged) this.tellOldAddress(emailChanged);
    if (recordEmailChanged) this.tellOldRecordAddress(recordEmailChanged);
    return this.detail(access, id);
  }

  /** The old address of an employee without a login learns that their company's record now has another (invitations go there). */
  private tellOldRecordAddress(change: { from: string; to: string; name: string; company: string }): void {
    this.mail.sendInBackground({
      to: change.from,
      subject: EMPLOYEE_EMAIL_CHANGED_SUBJECT,
      text:
        `Hello ${change.name},\n\n` +
        `A company admin of ${change.company} changed the e-mail address on your employee record to ${change.to}. ` +
        `Invitations to sign in to HR Platform as you now go to that address.\n\n` +
        `If you did not expect this change, tell your company's HR team at once.\n`,
      html:
        `<p>Hello ${escapeHtml(change.name)},</p>` +
        `<p>A company admin of ${escapeHtml(change.company)} changed the e-mail address on your employee record to <b>${escapeHtml(change.to)}</b>. ` +
        `Invitations to sign in to HR Platform as you now go to that address.</p>` +
        `<p>If you did not expect this change, tell your company's HR team at once.</p>`,
    });
  }

  /** The old address learns that the account's sign-in e-mail changed (and so that it was not them, if so). */
  private tellOldAddress(change: { from: string; to: string; name: string }): void {
    this.mail.sendInBackground({
      to: change.from,
      subject: 'The e-mail address of your HR Platform account was changed',
      text:
        `Hello ${change.name},\n\n` +
        `A company admin changed the e-mail address you sign in to HR Platform with to ${change.to}. ` +
        `You were signed out everywhere; sign in with the new address.\n\n` +
        `If you did not expect this change, tell your company's HR team at once.\n`,
      html:
        `<p>Hello ${escapeHtml(change.name)},</p>` +
        `<p>A company admin changed the e-mail address you sign in to HR Platform with to <b>${escapeHtml(change.to)}</b>. ` +
        `You were signed out everywhere; sign in with the new address.</p>` +
        `<p>If you did not expect this change, tell your company's HR team at once.</p>`,
    });
  }

  /**
   * A hard delete (with its login) when no other record references the employee; otherwise a
   * soft delete: employment_status terminated, login disabled and signed out, history kept.
   */
  async remove(access: EmployeeAccess, id: number): Promise<DeleteOutcome> {
    if (access.ctx.employeeId === id) throw forbidden(OWN_DELETE);
    let revokeUserId: number | null = null;
    const outcome = await this.em.transactional(async (em): Promise<DeleteOutcome> => {
      const e = await em.findOne(Employee, { id });
      if (!e) throw notFound('Employee');
      await this.assertCovers(em, access, 'delete', e.id);
      const user = await em.findOne(User, { employee: e.id }, { filters: false });
      const references = await this.countReferences(em, e.id);
      if (references === 0) {
        if (user) em.remove(user);
        em.remove(e);
        await em.flush();
        return { mode: 'deleted' };
      }
      if (e.employment_status === 'terminated' && !user?.is_active) {
        throw conflict(
          `This employee is already terminated and is still referenced by ${references} ${references === 1 ? 'record' : 'records'}, so the record is kept`,
        );
      }
      e.employment_status = 'terminated';
      if (user) {
        user.is_active = false;
        revokeUserId = user.id;
      }
      await em.flush();
      return { mode: 'terminated', references };
    });
    if (revokeUserId) await this.tokens.revokeAllOf(revokeUserId);
    return outcome;
  }

  async exportCsv(access: EmployeeAccess, q: ListQuery): Promise<string> {
    assertSortable(access, q);
    const rows = await this.em.find(Employee, this.where(q.filter, scopeFilter(access.ctx, access.viewScope, 'id')), {
      populate: POPULATE,
      orderBy: this.orderBy(q.sort),
      limit: MAX_EXPORT_ROWS,
    });
    return employeesToCsv(rows, access.seesPay);
  }

  /**
   * Validates every row first; then imports all of them in one transaction, or none. `check`
   * parses and validates the file (employees-import.check.ts); the import service runs it in a
   * worker thread with progress (employees-import.service.ts).
   */
  async importCsv(
    access: EmployeeAccess,
    text: string,
    sendInvitations = false,
    check: (text: string) => Promise<ImportCheck> = (t) => checkImportFile(t),
  ): Promise<number> {
    const companyId = access.ctx.companyId!;
    const checked = await check(text);
    if ('file' in checked) throw badRequest(checked.file, 'csv');
    if (!access.seesPay) {
      const field = PAY_FIELDS.find((f) => checked.pay[f].some((v) => !samePay(f, v, PAY_DEFAULTS[f])));
      if (field) throw payForbidden(field);
    }

    const errors: RowError[] = [...checked.errors];
    // spreadsheet numbering: the header is row 1
    const rowNumber = (i: number) => i + 2;
    const dtos = checked.rows as unknown as ImportEmployeeRowDto[];

    const mails: OutgoingMail[] = [];
    const imported = await this.em.transactional(async (em) => {
      await this.lockCompany(em, companyId);
      const departments = await em.find(Department, {}, { fields: ['id', 'department_code'] });
      const positions = await em.find(Position, {}, { fields: ['id', 'position_code'] });
      const existing = await em.find(Employee, {}, { fields: ['id', 'employee_code'] });
      const departmentIds = new Map(departments.map((d) => [lower(d.department_code), d.id]));
      const positionIds = new Map(positions.map((p) => [lower(p.position_code), p.id]));
      const employeeIds = new Map(existing.map((e) => [lower(e.employee_code), e.id]));
      const fileCodes = new Map<string, number>();
      dtos.forEach((dto, i) => {
        if (typeof dto.employee_code !== 'string' || !dto.employee_code) return;
        const code = lower(dto.employee_code);
        const row = rowNumber(i);
        if (employeeIds.has(code)) errors.push({ row, field: 'employee_code', message: 'Employee code already exists' });
        else if (fileCodes.has(code)) {
          errors.push({ row, field: 'employee_code', message: `Employee code repeats row ${fileCodes.get(code)}` });
        } else fileCodes.set(code, row);
      });
      dtos.forEach((dto, i) => {
        const row = rowNumber(i);
        if (dto.department_code && !departmentIds.has(lower(dto.department_code))) {
          errors.push({ row, field: 'department_code', message: `Department ${dto.department_code} not found` });
        }
        if (dto.position_code && !positionIds.has(lower(dto.position_code))) {
          errors.push({ row, field: 'position_code', message: `Position ${dto.position_code} not found` });
        }
        if (dto.manager_code) {
          const manager = lower(dto.manager_code);
          if (manager === lower(dto.employee_code ?? '')) {
            errors.push({ row, field: 'manager_code', message: 'An employee cannot be their own manager' });
          } else if (!employeeIds.has(manager) && !fileCodes.has(manager)) {
            errors.push({ row, field: 'manager_code', message: `Manager ${dto.manager_code} not found` });
          }
        }
      });
      const inFile = dtos.flatMap((dto, i) =>
        typeof dto.employee_code === 'string' && dto.employee_code ? [{ row: rowNumber(i), code: dto.employee_code, manager: dto.manager_code || null }] : [],
      );
      for (const { row, circle } of managerCircles(inFile)) {
        errors.push({ row, field: 'manager_code', message: `The managers go round in a circle: ${circle.join(' → ')}` });
      }
      if (sendInvitations) await this.checkInvitable(em, dtos, rowNumber, errors);
      if (errors.length) {
        errors.sort((a, b) => a.row - b.row);
        const count = errors.length;
        throw new ApiError(
          HttpStatus.BAD_REQUEST,
          `The file has ${count} ${count === 1 ? 'error' : 'errors'}; nothing was imported. Row ${errors[0].row}, ${errors[0].field}: ${errors[0].message}`,
          errors.slice(0, MAX_REPORTED_ERRORS),
        );
      }
      await this.assertRoom(em, companyId, dtos.filter((d) => d.employment_status !== 'terminated').length);

      // a row as the insert reads it (keys as the columns): built piece by piece, as each is sent
      const columnsOf = (dto: ImportEmployeeRowDto) => ({
        company_id: companyId,
        employee_code: dto.employee_code,
        first_name: dto.first_name,
        middle_name: dto.middle_name ?? null,
        last_name: dto.last_name,
        email: dto.email,
        phone: dto.phone ?? null,
        date_of_birth: dto.date_of_birth ?? null,
        gender: dto.gender ?? null,
        address: dto.address ?? null,
        city: dto.city ?? null,
        state: dto.state ?? null,
        country: dto.country ?? null,
        postal_code: dto.postal_code ?? null,
        department_id: dto.department_code ? departmentIds.get(lower(dto.department_code))! : null,
        position_id: dto.position_code ? positionIds.get(lower(dto.position_code))! : null,
        manager_id: dto.manager_code ? (employeeIds.get(lower(dto.manager_code)) ?? null) : null,
        employment_type: dto.employment_type ?? 'full_time',
        employment_status: dto.employment_status ?? 'active',
        hire_date: dto.hire_date,
        salary: dto.salary ?? null,
        salary_currency: dto.salary_currency ?? 'USD',
        payment_frequency: dto.payment_frequency ?? 'monthly',
        emergency_contact_name: dto.emergency_contact_name ?? null,
        emergency_contact_phone: dto.emergency_contact_phone ?? null,
        emergency_contact_relationship: dto.emergency_contact_relationship ?? null,
      });
      // set-based, in pieces of IMPORT_CHUNK rows, all in this one transaction (all or none). One
      // statement of 10,000 rows held the event loop for seconds: the ORM's execute writes its 2 MB
      // value into the SQL text, escaping it character by character, and the embedded database
      // (PGlite, served in this process) runs a statement on this same event loop, so the longest
      // piece is what every other request waits for. Each piece's rows go as a bind parameter.
      const insert = `insert into employees (${IMPORT_COLUMNS.map(([c]) => c).join(', ')})
         select ${IMPORT_COLUMNS.map(([c]) => `r.${c}`).join(', ')}
           from json_to_recordset(?::json) as r(${IMPORT_COLUMNS.map(([c, type]) => `${c} ${type}`).join(', ')})`;
      for (let from = 0; from < dtos.length; from += IMPORT_CHUNK) {
        await boundStatement(em, insert, [JSON.stringify(dtos.slice(from, from + IMPORT_CHUNK).map(columnsOf))]);
      }
      // managers that are rows of this file: one set-based update once every row has its id
      const pending = dtos.filter((d) => d.manager_code && !employeeIds.has(lower(d.manager_code)));
      if (pending.length) {
        for (let from = 0; from < pending.length; from += IMPORT_CHUNK) {
          await boundStatement(
            em,
            `update employees e set manager_id = m.id
               from json_to_recordset(?::json) as p(code text, manager_code text)
               join employees m on m.company_id = ? and lower(m.employee_code) = lower(p.manager_code)
              where e.company_id = ? and e.employee_code = p.code`,
            [JSON.stringify(pending.slice(from, from + IMPORT_CHUNK).map((d) => ({ code: d.employee_code, manager_code: d.manager_code }))), companyId, companyId],
          );
        }
      }
      if (sendInvitations) {
        const invited = dtos.filter((d) => d.employment_status !== 'terminated');
        const pairs = new Set(invited.map((d) => `${d.position_code ?? ''}\n${d.department_code ?? ''}`));
        const plan = await this.plans.moduleKeys(companyId);
        for (const pair of pairs) {
          const [positionCode, departmentCode] = pair.split('\n');
          await assertNoMoreRights(
            em,
            access,
            plan,
            positionCode ? positionIds.get(lower(positionCode))! : null,
            departmentCode ? departmentIds.get(lower(departmentCode))! : null,
          );
        }
        const { company_name } = await em.findOneOrFail(Company, { id: companyId }, { filters: false });
        const created = await em.find(Employee, { employee_code: { $in: invited.map((d) => d.employee_code) } }, {
          fields: ['id', 'email', 'first_name'],
        });
        for (const e of created) {
          mails.push(
            await this.invitations.issue(em, {
              companyId,
              companyName: company_name,
              employeeId: e.id,
              email: e.email,
              firstName: e.first_name,
              invitedBy: access.ctx.userId,
            }),
          );
        }
      }
      return dtos.length;
    });
    this.invitations.send(mails);
    return imported;
  }

  /**
   * Rows to invite whose e-mail repeats another row's. Whether an address has an account is not
   * checked (the answer would tell it): a clash is told to the person accepting the invitation.
   */
  private async checkInvitable(_em: EntityManager, dtos: ImportEmployeeRowDto[], rowNumber: (i: number) => number, errors: RowError[]) {
    const emails = dtos.map((d) => (typeof d.email === 'string' ? lower(d.email) : ''));
    const seen = new Map<string, number>();
    dtos.forEach((dto, i) => {
      const email = emails[i];
      if (!email || dto.employment_status === 'terminated') return;
      const row = rowNumber(i);
      if (seen.has(email)) errors.push({ row, field: 'email', message: `Email repeats row ${seen.get(email)}: each invitation needs its own address` });
      else seen.set(email, row);
    });
  }

  /** The sign-in of each employee, if any (users are not tenant-filtered: scoped by the ids). */
  private async loginsOf(ids: number[]): Promise<Map<number, EmployeeLogin>> {
    if (!ids.length) return new Map();
    const users = await this.em.find(User, { employee: { $in: ids } }, { filters: false, fields: ['id', 'username', 'employee'] });
    return new Map(users.map((u) => [u.employee!.id, { user_id: u.id, username: u.username }]));
  }

  /** The list's conditions for the ORM, within `scope` (a scopeFilter). */
  private where(filter: Record<string, unknown>, scope: Record<string, unknown>): FilterQuery<Employee> {
    const and: FilterQuery<Employee>[] = [];
    if (filter.id !== undefined) and.push({ id: { $in: idList(filter.id, 'id') } });
    if (filter.company_id !== undefined) and.push({ company: { $in: idList(filter.company_id, 'company_id') } });
    if (filter.department_id !== undefined) and.push({ department: { $in: idList(filter.department_id, 'department_id') } });
    if (filter.position_id !== undefined) and.push({ position: { $in: idList(filter.position_id, 'position_id') } });
    if (filter.manager_id !== undefined) and.push({ manager: { $in: idList(filter.manager_id, 'manager_id') } });
    if (filter.employment_status !== undefined) {
      and.push({ employment_status: { $in: enumList(filter.employment_status, EMPLOYMENT_STATUSES, 'employment_status') } });
    }
    if (filter.employment_type !== undefined) {
      and.push({ employment_type: { $in: enumList(filter.employment_type, EMPLOYMENT_TYPES, 'employment_type') } });
    }
    if (filter.q !== undefined) {
      if (typeof filter.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      // every word must match one of the fields: "jane doe" finds Jane Doe
      for (const term of filter.q.trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
        const like = { $ilike: `%${escapeLike(term)}%` };
        and.push({ $or: [{ first_name: like }, { last_name: like }, { employee_code: like }, { email: like }] });
      }
    }
    return { ...scope, ...(and.length ? { $and: and } : {}) } as FilterQuery<Employee>;
  }

  private orderBy(sort: ListQuery['sort']): QueryOrderMap<Employee>[] {
    const o = sort.order;
    const primary: QueryOrderMap<Employee> =
      sort.field === 'department_name'
        ? { department: { department_name: o } }
        : sort.field === 'position_title'
          ? { position: { position_title: o } }
          : sort.field === 'name'
            ? { first_name: o, last_name: o }
            : ({ [sort.field]: o } as QueryOrderMap<Employee>);
    return [primary, { id: o }];
  }

  /** Serializes creates of one company, so the plan limit holds under concurrent requests. */
  private async lockCompany(em: EntityManager, companyId: number): Promise<void> {
    await em.execute('select id from companies where id = ? for update', [companyId]);
  }

  /** The plan's max_employees (-1 unlimited), and a waiting downgrade's, count everyone not terminated (PlanService.assertRoom). */
  private async assertRoom(em: EntityManager, companyId: number, adding: number): Promise<void> {
    if (adding <= 0) return;
    const current = await em.count(Employee, { employment_status: { $ne: 'terminated' } });
    await this.plans.assertRoom(companyId, 'employees', current + adding, em);
  }

  private async assertCodeFree(em: EntityManager, code: string): Promise<void> {
    const taken = await em.count(Employee, { employee_code: { $ilike: escapeLike(code) } });
    if (taken) throw conflict('Employee code already exists', 'employee_code');
  }

  /** Rows of other tables that point at this employee (its own login excepted). */
  private async countReferences(em: EntityManager, id: number): Promise<number> {
    this.referencingColumns ??= em.execute(
      `select quote_ident(n.nspname) || '.' || quote_ident(cl.relname) as table_name, quote_ident(a.attname) as column_name
         from pg_constraint c
         join pg_class cl on cl.oid = c.conrelid
         join pg_namespace n on n.oid = cl.relnamespace
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'employees'::regclass and array_length(c.conkey, 1) = 1
          and cl.relname <> 'users' and not cl.relispartition`,
    );
    const columns = await this.referencingColumns;
    if (!columns.length) return 0;
    const sql = columns
      .map((c) => `(select count(*) from ${c.table_name} where ${c.column_name} = ?)`)
      .join(' + ');
    const [row] = await em.execute<Array<{ n: string | number }>>(`select (${sql})::int as n`, columns.map(() => id));
    return Number(row.n);
  }
}

/** The pay of a new employee when none is given. */
const PAY_DEFAULTS: Record<PayField, string | null> = { salary: null, salary_currency: 'USD', payment_frequency: 'monthly' };

/** Whether a pay value sent equals the stored one (amounts by value: 85000 is 85000.00). */
function samePay(field: PayField, sent: unknown, stored: unknown): boolean {
  if (sent === null || stored === null || sent === undefined || stored === undefined) return (sent ?? null) === (stored ?? null);
  if (field === 'salary') return Number(sent) === Number(stored);
  return String(sent).toUpperCase() === String(stored).toUpperCase();
}

/** Sorting by pay tells pay: only for those who see it. */
function assertSortable(access: EmployeeAccess, q: ListQuery): void {
  if (!access.seesPay && (PAY_FIELDS as readonly string[]).includes(q.sort.field)) {
    throw badRequest(`You cannot sort by ${fieldWords(q.sort.field)}`, 'sort');
  }
}

function enumList<T extends string>(value: unknown, allowed: readonly T[], field: string): T[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => allowed.includes(v as T))) {
    throw badRequest(`The ${fieldWords(field)} filter must be one of ${oneOf(allowed)}`, 'filter');
  }
  return list as T[];
}
