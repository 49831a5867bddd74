import { PERMISSION_ACTIONS, type ModuleKey } from '../../src/common/auth/auth-context';
import { defaultScope } from '../../src/modules/permissions/default-scopes';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../../src/modules/companies/company.entity';
import { Department } from '../../src/modules/departments/department.entity';
import { Employee } from '../../src/modules/employees/employee.entity';
import { Package } from '../../src/modules/packages/package.entity';
import { PermissionEntry } from '../../src/modules/permissions/permission-entry.entity';
import { PermissionModule } from '../../src/modules/permissions/permission-module.entity';
import { Position } from '../../src/modules/positions/position.entity';
import { hashPassword } from '../../src/modules/users/password';
import { User, type Role } from '../../src/modules/users/user.entity';
import type { TestApp } from './app';

export const PASSWORD = 'Correct#Horse7';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

export async function createUser(
  em: EntityManager,
  role: Role,
  extra: { company?: Company | null; employee?: Employee | null; is_active?: boolean } = {},
): Promise<User> {
  const name = unique(role.replace('_', ''));
  const user = em.create(User, {
    username: name,
    email: `${name}@test.example.com`,
    password_hash: await hashed(),
    role,
    first_name: 'Test',
    last_name: role,
    company: extra.company ?? null,
    employee: extra.employee ?? null,
    is_active: extra.is_active ?? true,
  });
  await em.flush();
  return user;
}

export interface CompanyFixture {
  company: Company;
  department: Department;
  position: Position;
  employee: Employee;
  admin: User;
  employeeUser: User;
  tokens: { company_admin: string; employee: string };
}

/** A company with a department, a position, an employee who can sign in, and its admin. */
export async function createCompany(t: TestApp, name = 'Company'): Promise<CompanyFixture> {
  const em = t.em();
  const code = unique('C').toUpperCase();
  // the Enterprise package includes every module, so module tests are not limited by the plan
  const pkg = await em.findOneOrFail(Package, { package_code: 'enterprise' });
  const company = em.create(Company, {
    company_name: `${name} ${code}`,
    company_code: code,
    package: pkg,
    subscription_plan: pkg.package_code,
  });
  const department = em.create(Department, { company, department_code: 'OPS', department_name: 'Operations' });
  const position = em.create(Position, { company, position_code: 'ANL', position_title: 'Analyst', department });
  const employee = em.create(Employee, {
    company,
    employee_code: 'E001',
    first_name: 'Erin',
    last_name: name,
    email: `${code.toLowerCase()}@test.example.com`,
    department,
    position,
  });
  await em.flush();
  const admin = await createUser(em, 'company_admin', { company });
  const employeeUser = await createUser(em, 'employee', { company, employee });
  return {
    company,
    department,
    position,
    employee,
    admin,
    employeeUser,
    tokens: { company_admin: await login(t, admin.email), employee: await login(t, employeeUser.email) },
  };
}

export async function grant(
  t: TestApp,
  subject: { position?: Position; department?: Department },
  company: Company,
  moduleKey: string,
  rights: Partial<Pick<PermissionEntry, 'can_view' | 'can_create' | 'can_edit' | 'can_delete' | 'view_scope' | 'create_scope' | 'edit_scope' | 'delete_scope'>>,
): Promise<void> {
  const em = t.em();
  const module = await em.findOneOrFail(PermissionModule, { module_key: moduleKey });
  // scopes not given: what the matrix gives flags sent without scopes
  const scopes = Object.fromEntries(PERMISSION_ACTIONS.map((a) => [`${a}_scope`, defaultScope(moduleKey as ModuleKey, rights, a)]));
  em.create(PermissionEntry, {
    company: em.getReference(Company, company.id),
    module,
    position: subject.position ? em.getReference(Position, subject.position.id) : null,
    department: subject.department ? em.getReference(Department, subject.department.id) : null,
    ...scopes,
    ...rights,
  });
  await em.flush();
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await t.http().post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.access_token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Turns a company's self-service policy on or off (on by default): tests of the permission matrix
 * turn it off, so an employee has exactly what the matrix gives.
 */
export async function setSelfService(t: TestApp, company: { id: number }, enabled: boolean): Promise<void> {
  await t.em().execute('update companies set self_service_enabled = ? where id = ?', [enabled, company.id]);
}
