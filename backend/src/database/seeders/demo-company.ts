import { seedDemoBilling } from './demo-billing';
import { companyToday } from '../../modules/billing/subscription-state';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../../modules/companies/company.entity';
import { Department } from '../../modules/departments/department.entity';
import { Employee } from '../../modules/employees/employee.entity';
import { PermissionEntry } from '../../modules/permissions/permission-entry.entity';
import { PermissionModule } from '../../modules/permissions/permission-module.entity';
import { PlatformAccessSetting } from '../../modules/platform-access/platform-access-setting.entity';
import { Position } from '../../modules/positions/position.entity';
import { hashPassword } from '../../modules/users/password';
import { User } from '../../modules/users/user.entity';
import { seedDemoPayroll } from '../../modules/payroll/payroll-defaults';
import { seedLeaveDefaults } from '../../modules/leave/leave-defaults';
import { seedDemoKpis } from '../../modules/kpi/kpi-demo';
import { insertStaff } from './demo-staff';
import { seedDemoTime } from './demo-time';
import { seedDemoResults } from './demo-results';
import { SECOND_COMPANY_ADMIN, seedSecondCompany } from './demo-second-company';
import { createDemoCompany } from './demo-subscription';
import type { ModuleKey } from '../../common/auth/auth-context';
import { defaultScope } from '../../modules/permissions/default-scopes';

/** The demo accounts (also listed in README): Acme's admin and employee, then the second company's admin. */
export const DEMO_ACCOUNTS = [
  { role: 'company_admin', email: 'admin@acme.example.com', password: 'Acme#Admin2026', username: 'acme.admin' },
  { role: 'employee', email: 'jane.doe@acme.example.com', password: 'Employee#2026', username: 'jane.doe' },
  SECOND_COMPANY_ADMIN,
] as const;

const DEPARTMENTS = [
  { code: 'ENG', name: 'Engineering', description: 'Builds and runs the products' },
  { code: 'HR', name: 'Human Resources', description: 'People, hiring and culture' },
  { code: 'SALES', name: 'Sales', description: 'Customers and revenue' },
  { code: 'OPS', name: 'Operations', description: 'Facilities, logistics and customer support' },
  { code: 'FIN', name: 'Finance', description: 'Accounting, payroll and purchasing' },
];

const POSITIONS = [
  { code: 'SWE', title: 'Software Engineer', dept: 'ENG', level: 'mid', min: '60000.00', max: '120000.00' },
  { code: 'HRM', title: 'HR Manager', dept: 'HR', level: 'senior', min: '55000.00', max: '95000.00' },
  { code: 'SREP', title: 'Sales Representative', dept: 'SALES', level: 'junior', min: '35000.00', max: '70000.00' },
  { code: 'OPSC', title: 'Operations Coordinator', dept: 'OPS', level: 'mid', min: '38000.00', max: '75000.00' },
  { code: 'ACC', title: 'Accountant', dept: 'FIN', level: 'mid', min: '50000.00', max: '110000.00' },
] as const;

const EMPLOYEES = [
  { code: 'EMP001', first: 'Jane', last: 'Doe', email: 'jane.doe@acme.example.com', pos: 'SWE', hired: '2023-03-01', salary: '85000.00', gender: 'female' },
  { code: 'EMP002', first: 'John', last: 'Smith', email: 'john.smith@acme.example.com', pos: 'SWE', hired: '2022-07-15', salary: '98000.00', gender: 'male' },
  { code: 'EMP003', first: 'Maria', last: 'Garcia', email: 'maria.garcia@acme.example.com', pos: 'HRM', hired: '2021-01-11', salary: '78000.00', gender: 'female' },
  { code: 'EMP004', first: 'Li', last: 'Wei', email: 'li.wei@acme.example.com', pos: 'SREP', hired: '2024-02-05', salary: '52000.00', gender: 'male' },
  { code: 'EMP005', first: 'Amara', last: 'Okafor', email: 'amara.okafor@acme.example.com', pos: 'SREP', hired: '2024-09-02', salary: '49000.00', gender: 'female' },
] as const;

/** Own-data modules every demo department may use: check in, request leave, read payslips. */
const EMPLOYEE_RIGHTS: Record<string, { view: boolean; create: boolean }> = {
  attendance: { view: true, create: true },
  leave: { view: true, create: true },
  payroll: { view: true, create: false },
};

/** One hash per demo account password (hashing is slow: started early, awaited when needed). */
export function hashDemoPasswords(): Promise<string[]> {
  return Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
}

/**
 * The demo: Acme Corporation (40 employees with three months of attendance, leave, payroll,
 * tasks and KPIs, see README) and a small second company. Everything past the first entities is
 * written set-based; each distinct password is hashed once.
 */
export async function seedDemoCompany(em: EntityManager, now = new Date(), hashes = hashDemoPasswords()): Promise<Company> {
  const [adminHash, employeeHash, secondAdminHash] = await hashes;
  const company = await createDemoCompany(
    em,
    'enterprise',
    {
      company_name: 'Acme Corporation',
      company_code: 'ACME',
      industry: 'Technology',
      email: 'hello@acme.example.com',
      phone: '+1 555 0100',
      address: '1 Market Street, San Francisco, CA',
      website: 'https://acme.example.com',
      time_zone: 'America/New_York',
    },
    now,
  );
  const today = companyToday(company.time_zone, now);
  const departments = new Map(
    DEPARTMENTS.map((d) => [
      d.code,
      em.create(Department, { company, department_code: d.code, department_name: d.name, description: d.description }),
    ]),
  );
  const positions = new Map(
    POSITIONS.map((p) => [
      p.code,
      em.create(Position, {
        company,
        position_code: p.code,
        position_title: p.title,
        department: departments.get(p.dept),
        level: p.level,
        min_salary: p.min,
        max_salary: p.max,
      }),
    ]),
  );
  const employees = EMPLOYEES.map((e) => {
    const position = positions.get(e.pos)!;
    return em.create(Employee, {
      company,
      employee_code: e.code,
      first_name: e.first,
      last_name: e.last,
      email: e.email,
      gender: e.gender,
      position,
      department: position.department,
      hire_date: e.hired,
      salary: e.salary,
      city: 'San Francisco',
      country: 'United States',
    });
  });
  // department heads (John for Engineering, Maria for HR) are set by insertStaff in one statement

  const modules = await em.find(PermissionModule, { module_key: { $in: Object.keys(EMPLOYEE_RIGHTS) } });
  for (const department of departments.values()) {
    for (const module of modules) {
      const rights = EMPLOYEE_RIGHTS[module.module_key];
      const flags = { can_view: rights.view, can_create: rights.create };
      const key = module.module_key as ModuleKey;
      em.create(PermissionEntry, {
        company,
        department,
        module,
        ...flags,
        view_scope: defaultScope(key, flags, 'view'),
        create_scope: defaultScope(key, flags, 'create'),
      });
    }
  }

  // the demo staff may use the console in a browser as well as the app (the default is the app only)
  for (const position of positions.values()) {
    em.create(PlatformAccessSetting, {
      company,
      position,
      allow_web_access: true,
      allow_pwa_access: true,
      description: 'Demo: browser and app',
    });
  }

  seedLeaveDefaults(em, company);

  seedDemoPayroll(em, company);

  // last month as the company counts months
  seedDemoKpis(
    em,
    company,
    { sales: employees.filter((e) => e.position === positions.get('SREP')), engineering: departments.get('ENG')! },
    new Date(`${today}T12:00:00Z`),
  );

  const [admin, employee] = DEMO_ACCOUNTS;
  const adminUser = em.create(User, {
    username: admin.username,
    email: admin.email,
    password_hash: adminHash,
    role: 'company_admin',
    first_name: 'Alex',
    last_name: 'Morgan',
    company,
  });
  const janeUser = em.create(User, {
    username: employee.username,
    email: employee.email,
    password_hash: employeeHash,
    role: 'employee',
    first_name: 'Jane',
    last_name: 'Doe',
    company,
    employee: employees[0],
  });
  await em.flush();
  await seedDemoBilling(em, company);

  const context = { companyId: company.id, zone: company.time_zone, today, adminUserId: adminUser.id };
  await insertStaff(em, company.id, today);
  await seedDemoTime(em, { ...context, janeUserId: janeUser.id });
  await seedDemoResults(em, context);
  await seedSecondCompany(em, secondAdminHash, now);
  return company;
}
