import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../../src/modules/companies/company.entity';
import { Department } from '../../src/modules/departments/department.entity';
import { Employee } from '../../src/modules/employees/employee.entity';
import { Position } from '../../src/modules/positions/position.entity';
import { Package } from '../../src/modules/packages/package.entity';
import { Feature } from '../../src/modules/packages/feature.entity';
import { Invoice } from '../../src/modules/billing/invoice.entity';
import { LandingPage } from '../../src/modules/cms/landing-page.entity';
import { LandingFeature } from '../../src/modules/cms/landing-feature.entity';
import { Testimonial } from '../../src/modules/cms/testimonial.entity';
import { Task } from '../../src/modules/monitoring/task.entity';
import { TaskTemplate } from '../../src/modules/monitoring/task-template.entity';
import { Holiday } from '../../src/modules/leave/holiday.entity';
import { LeaveAttachment } from '../../src/modules/leave/leave-attachment.entity';
import { LeavePolicy } from '../../src/modules/leave/leave-policy.entity';
import { LeaveRequest } from '../../src/modules/leave/leave-request.entity';
import { LeaveType } from '../../src/modules/leave/leave-type.entity';
import { Shift } from '../../src/modules/shifts/shift.entity';
import { ShiftAssignment } from '../../src/modules/shifts/shift-assignment.entity';
import { WorkLocation } from '../../src/modules/shifts/work-location.entity';
import { AttendanceRecord } from '../../src/modules/attendance/attendance-record.entity';
import { SalaryComponent } from '../../src/modules/payroll/salary-component.entity';
import { EmployeeSalaryComponent } from '../../src/modules/payroll/employee-salary-component.entity';
import { Kpi } from '../../src/modules/kpi/kpi.entity';
import { KpiTarget } from '../../src/modules/kpi/kpi-target.entity';
import { KpiValue } from '../../src/modules/kpi/kpi-value.entity';
import { BonusRule } from '../../src/modules/kpi/bonus-rule.entity';
import { BonusRuleTier } from '../../src/modules/kpi/bonus-rule-tier.entity';
import { BonusPayment } from '../../src/modules/kpi/bonus-payment.entity';
import { ReportSubscription } from '../../src/modules/reports/schedule/report-subscription.entity';
import type { TestApp } from '../support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from '../support/fixtures';

/** Every string written into the second company contains this, so a leak is a substring search. */
export const MARKER = 'Zqxleakb';

/**
 * `employee` holds every right of the matrix; `self_service` is an employee of the same company
 * whose position and department have no entry at all: only the self-service policy (on by
 * default) lets them in, on their own records. `manager` is another such employee whom a team of
 * three reports to (one of them through another): the line-manager policy (on by default) lets
 * them in on the team's records; the other company has a manager and team of the same names.
 */
export const ROLE_KEYS = ['anonymous', 'superadmin', 'impersonating', 'company_admin', 'employee', 'self_service', 'manager', 'client'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export interface World {
  a: CompanyFixture;
  b: CompanyFixture;
  tokens: Record<RoleKey, string | null>;
}

/** An employee with a sign-in in a department and a position that have no permission entry: a token. */
async function selfServiceEmployee(t: TestApp, a: CompanyFixture): Promise<string> {
  const em = t.em();
  const company = em.getReference(Company, a.company.id);
  const department = em.create(Department, { company, department_code: 'SELF', department_name: 'Floor' });
  const position = em.create(Position, { company, position_code: 'FLR', position_title: 'Floor staff', department });
  const employee = em.create(Employee, {
    company,
    employee_code: 'E900',
    first_name: 'Sam',
    last_name: 'Self',
    email: `${unique('sam')}@test.example.com`,
    department,
    position,
    salary: '30000.00',
    hire_date: '2020-01-06',
  } as never);
  await em.flush();
  return login(t, (await createUser(em, 'employee', { company: a.company, employee })).email);
}

/**
 * A manager without matrix rights and a team of three (Tia and Theo report to them, Tom to Tia) in
 * `owner`'s company, named alike in both companies: the manager's token.
 */
async function teamManager(t: TestApp, owner: CompanyFixture, marker: string): Promise<string> {
  const em = t.em();
  const company = em.getReference(Company, owner.company.id);
  const department = em.create(Department, { company, department_code: 'TEAM', department_name: `Team ${marker}` });
  const position = em.create(Position, { company, position_code: 'LEAD', position_title: `Team lead ${marker}`, department });
  const person = (code: string, first: string, manager: Employee | null) =>
    em.create(Employee, {
      company,
      employee_code: code,
      first_name: first,
      last_name: `Team ${marker}`,
      email: `${unique(first.toLowerCase())}@test.example.com`,
      department,
      position,
      manager,
      salary: '40000.00',
      hire_date: '2020-01-06',
    } as never);
  const lead = person('E800', 'Mara', null);
  const tia = person('E801', 'Tia', lead);
  person('E802', 'Theo', lead);
  person('E803', 'Tom', tia);
  await em.flush();
  return login(t, (await createUser(em, 'employee', { company: owner.company, employee: lead })).email);
}

export async function buildWorld(t: TestApp): Promise<World> {
  const a = await createCompany(t, 'Alpha');
  const b = await createCompany(t, MARKER);
  await t.em().execute('update employees set salary = 60000, hire_date = ? where company_id in (?, ?)', ['2020-01-06', a.company.id, b.company.id]);
  const superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
  const client = await login(t, (await createUser(t.em(), 'client')).email);
  // the employee holds every right on every module, so each operation's own-data rule is what answers
  const modules: Array<{ module_key: string }> = await t.em().execute('select module_key from modules order by id');
  for (const { module_key } of modules) {
    await grant(t, { position: a.position }, a.company, module_key, { can_view: true, can_create: true, can_edit: true, can_delete: true });
  }
  const selfService = await selfServiceEmployee(t, a);
  const manager = await teamManager(t, a, 'Alpha');
  await teamManager(t, b, MARKER);
  const impersonation = await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(superadmin));
  if (impersonation.status !== 200) throw new Error(`impersonation failed: ${impersonation.status}`);
  return {
    a,
    b,
    tokens: {
      anonymous: null,
      superadmin,
      impersonating: impersonation.body.data.access_token,
      company_admin: a.tokens.company_admin,
      employee: a.tokens.employee,
      self_service: selfService,
      manager,
      client,
    },
  };
}

type Factory = (em: EntityManager, owner: CompanyFixture, text: string, t: TestApp) => Promise<number>;

const save = async <T extends { id: number }>(em: EntityManager, row: T): Promise<number> => {
  await em.flush();
  return row.id;
};

const companyRef = (em: EntityManager, owner: CompanyFixture) => em.getReference(Company, owner.company.id);

let dayOffset = 0;
/** A date no other call used (weekdays of years ahead, so no rule about the past or weekends interferes). */
const nextDate = () => {
  const date = new Date(Date.UTC(2030, 0, 1 + dayOffset++));
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) {
    date.setUTCDate(date.getUTCDate() + 1);
    dayOffset++;
  }
  return date.toISOString().slice(0, 10);
};
let monthOffset = 0;
const nextMonth = () => ({ year: 2030 + Math.floor(monthOffset / 12), month: (monthOffset++ % 12) + 1 });

/**
 * A fresh row of each kind a path parameter can name, created per call so that deletes and
 * updates never disturb the other calls. Tenant kinds are made in the company given; platform
 * kinds belong to no company.
 */
export const TENANT_FACTORIES: Record<string, Factory> = {
  department: (em, owner, text) =>
    save(em, em.create(Department, { company: companyRef(em, owner), department_code: unique('D'), department_name: text })),
  position: (em, owner, text) =>
    save(em, em.create(Position, { company: companyRef(em, owner), position_code: unique('P'), position_title: text })),
  employee: (em, owner, text) =>
    save(
      em,
      em.create(Employee, {
        company: companyRef(em, owner),
        employee_code: unique('E'),
        first_name: text,
        last_name: text,
        email: `${unique('e')}@test.example.com`,
      }),
    ),
  task: (em, owner, text) => save(em, em.create(Task, { company: companyRef(em, owner), title: text })),
  holiday: (em, owner, text) =>
    save(em, em.create(Holiday, { company: companyRef(em, owner), holiday_date: nextDate(), name: text })),
  leave_policy: (em, owner, text) => save(em, em.create(LeavePolicy, { company: companyRef(em, owner), name: text })),
  leave_type: (em, owner, text) =>
    save(em, em.create(LeaveType, { company: companyRef(em, owner), type_name: text, type_code: unique('T').slice(0, 9) })),
  leave_request: async (em, owner, text, t) => {
    const company = companyRef(em, owner);
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    const leave_type = em.getReference(LeaveType, await TENANT_FACTORIES.leave_type(em, owner, text, t));
    const day = nextDate();
    return save(em, em.create(LeaveRequest, { company, employee, leave_type, start_date: day, end_date: day, total_days: '1.0', reason: text } as never));
  },
  leave_attachment: (em, owner, text) =>
    save(
      em,
      em.create(LeaveAttachment, {
        company: companyRef(em, owner),
        file_name: `${text}.pdf`,
        content_type: 'application/pdf',
        size_bytes: 9,
        content: Buffer.from('%PDF-1.4\n'),
        employee: em.getReference(Employee, owner.employee.id),
      }),
    ),
  shift: (em, owner, text) =>
    save(em, em.create(Shift, { company: companyRef(em, owner), shift_name: text, shift_code: unique('S').slice(0, 9), start_time: '09:00', end_time: '17:00' })),
  work_location: (em, owner, text) =>
    save(em, em.create(WorkLocation, { company: companyRef(em, owner), location_name: text, latitude: '52.520000', longitude: '13.405000' })),
  shift_assignment: async (em, owner, text, t) => {
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    const shift = em.getReference(Shift, await TENANT_FACTORIES.shift(em, owner, text, t));
    return save(em, em.create(ShiftAssignment, { company: companyRef(em, owner), employee, shift, start_date: nextDate() }));
  },
  attendance_record: async (em, owner, text, t) => {
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    return save(em, em.create(AttendanceRecord, { company: companyRef(em, owner), employee, attendance_date: nextDate(), status: 'present' }));
  },
  salary_component: (em, owner, text) =>
    save(
      em,
      em.create(SalaryComponent, {
        company: companyRef(em, owner),
        component_name: text,
        component_code: unique('K').slice(0, 9),
        component_type: 'allowance',
        calculation_type: 'fixed',
        amount: '10.00',
      }),
    ),
  employee_component: async (em, owner, text, t) => {
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    const component = em.getReference(SalaryComponent, await TENANT_FACTORIES.salary_component(em, owner, text, t));
    return save(em, em.create(EmployeeSalaryComponent, { company: companyRef(em, owner), employee, component }));
  },
  payroll_record: async (em, owner, _text, t) => {
    // a month of its own per call, so no run replaces the records of another
    const month = nextMonth();
    const run = await t.http().post('/api/hr/payroll').set(bearer(await login(t, owner.admin.email))).send(month);
    if (run.status >= 300) throw new Error(`payroll run failed: ${run.status} ${run.text}`);
    const [row] = await em.execute(
      'select id from payroll_records where company_id = ? and employee_id = ? and pay_period_start = ?',
      [owner.company.id, owner.employee.id, `${month.year}-${String(month.month).padStart(2, '0')}-01`],
    );
    return Number(row.id);
  },
  task_template: (em, owner, text) =>
    save(em, em.create(TaskTemplate, { company: companyRef(em, owner), name: text, title: text })),
  kpi: (em, owner, text) =>
    save(em, em.create(Kpi, { company: companyRef(em, owner), name: text, code: unique('K').toUpperCase(), category: 'sales' })),
  kpi_target: async (em, owner, text, t) => {
    const kpi = em.getReference(Kpi, await TENANT_FACTORIES.kpi(em, owner, text, t));
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    const day = nextDate();
    return save(
      em,
      em.create(KpiTarget, { company: companyRef(em, owner), kpi, target_type: 'employee', employee, period_start_date: day, period_end_date: day, target_value: '10.00', notes: text }),
    );
  },
  kpi_value: async (em, owner, text, t) => {
    const kpi = em.getReference(Kpi, await TENANT_FACTORIES.kpi(em, owner, text, t));
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    const day = nextDate();
    return save(
      em,
      em.create(KpiValue, { company: companyRef(em, owner), kpi, entity_type: 'employee', employee, period_start_date: day, period_end_date: day, actual_value: '10.00', notes: text }),
    );
  },
  bonus_rule: async (em, owner, text, t) => {
    const kpi = em.getReference(Kpi, await TENANT_FACTORIES.kpi(em, owner, text, t));
    const company = companyRef(em, owner);
    const rule = em.create(BonusRule, { company, kpi, name: text });
    em.create(BonusRuleTier, { company, bonus_rule: rule, min_achievement: '100.00', bonus_type: 'fixed', bonus_value: '50.00' });
    return save(em, rule);
  },
  // an open invoice of the company (a renewal, so several may be open at once)
  invoice: async (em, owner, text) => {
    const pkg = await em.findOneOrFail(Package, { package_code: 'basic' });
    const day = nextDate();
    return save(
      em,
      em.create(Invoice, {
        company: companyRef(em, owner),
        invoice_number: `INV-T-${unique('n').slice(-12)}`,
        reason: 'renewal',
        package: pkg,
        billing_cycle: 'monthly',
        period_start: day,
        period_end: day,
        currency: 'USD',
        subtotal: '29.00',
        tax_rate: '0.00',
        tax: '0.00',
        total: '29.00',
        issue_date: day,
        due_date: day,
        void_reason: text,
      }),
    );
  },
  bonus_payment: async (em, owner, text, t) => {
    const employee = em.getReference(Employee, await TENANT_FACTORIES.employee(em, owner, text, t));
    const day = nextDate();
    return save(
      em,
      em.create(BonusPayment, { company: companyRef(em, owner), employee, payment_period_start: day, payment_period_end: day, bonus_amount: '50.00', status_note: text }),
    );
  },
  report_subscription: (em, owner, text) =>
    save(
      em,
      em.create(ReportSubscription, {
        company: companyRef(em, owner),
        report_id: 'payroll-cost',
        frequency: 'monthly',
        format: 'csv',
        recipients: [owner.admin.email],
        next_run_at: new Date('2099-01-01T07:00:00Z'),
        last_error: text,
      }),
    ),
};

export const PLATFORM_FACTORIES: Record<string, (em: EntityManager, text: string) => Promise<number | string>> = {
  company: async (em, text) => {
    const pkg = await em.findOneOrFail(Package, { package_code: 'enterprise' });
    const code = unique('C').toUpperCase();
    return save(em, em.create(Company, { company_name: text, company_code: code, package: pkg, subscription_plan: pkg.package_code }));
  },
  package: (em, text) =>
    save(em, em.create(Package, { package_code: unique('pkg'), package_name: text, monthly_price: '1.00', annual_price: '10.00' })),
  feature: (em, text) =>
    save(em, em.create(Feature, { feature_code: unique('f'), feature_name: text, module: 'hr', feature_type: 'addon' })),
  landing_page: (em, text) => save(em, em.create(LandingPage, { name: text } as never)),
  landing_feature: async (em, text) => {
    const page = em.create(LandingPage, { name: text } as never);
    return save(em, em.create(LandingFeature, { landing_page: page, title: text }));
  },
  testimonial: async (em, text) => {
    const page = em.create(LandingPage, { name: text } as never);
    return save(em, em.create(Testimonial, { landing_page: page, testimonial_text: text, client_name: text }));
  },
  // no row: an invitation's token is a secret of its e-mail, so the matrix sends one that names none
  invitation_token: async () => 0,
  // a report of the catalogue (the same for every company: what differs is the rows it reads)
  report: async () => 'payroll-cost',
};

/**
 * Every table that holds a company_id, with a digest of the rows of one company: equal digests
 * before and after the matrix mean nothing was written there.
 */
export async function companyDigest(em: EntityManager, companyId: number): Promise<Record<string, string>> {
  const tables: Array<{ table_name: string }> = await em.execute(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
      order by c.table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await em.execute(
      `select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') d
         from "${table_name}" x where company_id = ?`,
      [companyId],
    );
    digest[table_name] = row.d;
  }
  const [company] = await em.execute(`select md5(x::text) d from companies x where id = ?`, [companyId]);
  digest.companies = company.d;
  return digest;
}

/**
 * The calls of these tests may activate another landing page (one is active at a time): this
 * puts the page active before them back, so later test files see the platform as it was.
 */
/**
 * The platform's billing settings as they were: the matrix and the fuzz test send PUT
 * /api/billing/settings, which would change the currency and due days of the tests after them.
 */
export async function keepBillingSettings(em: EntityManager): Promise<() => Promise<void>> {
  const [row] = await em.execute<Array<Record<string, unknown>>>('select * from billing_settings where id = 1');
  return async () => {
    if (!row) return;
    const { id, ...fields } = row;
    const columns = Object.keys(fields);
    await em.execute(
      `update billing_settings set ${columns.map((c) => `"${c}" = ?`).join(', ')} where id = ?`,
      [...columns.map((c) => fields[c]), id],
    );
  };
}

export async function keepActiveLandingPage(em: EntityManager): Promise<() => Promise<void>> {
  const [active] = await em.execute<Array<{ id: number }>>('select id from landing_pages where is_active');
  return async () => {
    if (!active) return;
    // two statements: at most one page is active at any moment (a unique index says so)
    await em.execute('update landing_pages set is_active = false where is_active and id <> ?', [active.id]);
    await em.execute('update landing_pages set is_active = true where id = ?', [active.id]);
  };
}
