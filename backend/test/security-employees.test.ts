/**
 * Employee records and the rights they carry. "employees: edit" is not a way to more rights:
 * nobody changes their own position, department, manager, dates, pay or status; the e-mail an
 * account signs in with changes only by a company admin, and such a change ends that account's
 * sessions and tells the old address; a non-admin cannot give an account (new or existing) a
 * position or department with rights they do not have themselves. Pay (salary, its currency, the
 * payment frequency) is read, sorted, exported and written only by company admins and holders of
 * payroll view.
 */
import { createTestApp, type TestApp } from './support/app';
import { devMailbox } from './support/mailbox';
import { bearer, createCompany, login, PASSWORD, setSelfService, type CompanyFixture } from './support/fixtures';
import { Position } from '../src/modules/positions/position.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { User } from '../src/modules/users/user.entity';

type Flags = Partial<Record<'can_view' | 'can_create' | 'can_edit' | 'can_delete', boolean>>;

const OWN = 'You cannot change your own position, department, manager, dates, pay or status';
const PAY_FIELDS = ['salary', 'salary_currency', 'payment_frequency'];

describe('employee records: rights cannot be taken through them, pay is for payroll', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;
  let me: Record<string, string>;
  let moduleIds: Record<string, number>;
  let payrollPosition: Position;
  let colleague: { id: number; email: string; userId: number };
  const { dir: mailDir, mailsTo, remove: removeMailDir } = devMailbox();

  /** Replaces the matrix of a position with these modules' flags. */
  const grant = async (positionId: number, entries: Record<string, Flags>) => {
    const permissions = Object.entries(entries).map(([key, flags]) => ({
      module_id: moduleIds[key],
      can_view: false,
      can_create: false,
      can_edit: false,
      can_delete: false,
      ...flags,
    }));
    const res = await t.http().post(`/api/permissions/positions/${positionId}/permissions`).set(admin).send({ permissions });
    expect(res.status).toBe(200);
  };
  /** The signed-in employee's own position. */
  const allow = (entries: Record<string, Flags>) => grant(a.position.id, entries);
  const stored = async (id: number) => t.em().findOneOrFail(Employee, { id }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailDir } });
    a = await createCompany(t, 'Alpha');
    // the matrix alone: self-service would give the own payslips whatever the position
    await setSelfService(t, a.company, false);
    admin = bearer(a.tokens.company_admin);
    me = bearer(a.tokens.employee);
    const modules = await t.http().get('/api/permissions/modules').set(admin);
    moduleIds = Object.fromEntries(modules.body.data.map((m: { id: number; module_key: string }) => [m.module_key, m.id]));
    // only the positions' matrices count here
    await t.http().post(`/api/permissions/departments/${a.department.id}/permissions`).set(admin).send({ permissions: [] });

    const em = t.em();
    payrollPosition = em.create(Position, { company: a.company, position_code: 'PAY', position_title: 'Payroll officer' });
    await em.flush();
    await grant(payrollPosition.id, {
      employees: { can_view: true },
      payroll: { can_view: true, can_create: true, can_edit: true },
    });

    await em.nativeUpdate(Employee, { id: a.employee.id }, { salary: '50000.00', hire_date: '2024-03-01' }, { filters: false });
    const created = await t
      .http()
      .post('/api/hr/employees')
      .set(admin)
      .send({
        employee_code: 'E002',
        first_name: 'Cole',
        last_name: 'League',
        email: 'cole.league@test.example.com',
        hire_date: '2026-01-05',
        salary: '64000',
        position_id: a.position.id,
        enable_login: true,
        username: `cole${Date.now()}`,
        password: PASSWORD,
      });
    expect(created.status).toBe(201);
    colleague = { id: created.body.data.id, email: 'cole.league@test.example.com', userId: created.body.data.user_id };
  });
  afterAll(async () => {
    await t.close();
    removeMailDir();
  });

  describe('the own profile (Settings → Profile), with no rights at all', () => {
    beforeAll(() => allow({}));

    it('keeps contact details up to date, and refuses every field that bears rights, pay or standing', async () => {
      for (const change of [
        { position_id: payrollPosition.id },
        { department_id: null },
        { salary: '990000' },
        { employment_status: 'on_leave' },
        { manager_id: colleague.id },
        { role: 'company_admin' },
        { id: colleague.id },
        { employee_id: colleague.id },
      ]) {
        const res = await t.http().put('/api/auth/me/profile').set(me).send({ phone: '+1 555 0142', ...change });
        expect({ change, status: res.status }).toEqual({ change, status: 400 });
      }
      const e = await stored(a.employee.id);
      expect([e.position?.id, e.department?.id, e.salary, e.employment_status, e.manager]).toEqual([
        a.position.id,
        a.department.id,
        '50000.00',
        'active',
        null,
      ]);
      const ok = await t.http().put('/api/auth/me/profile').set(me).send({ emergency_contact_name: 'Robin Doe' });
      expect(ok.status).toBe(200);
      expect(ok.body.data.employee_id).toBe(a.employee.id);
      expect((await stored(a.employee.id)).emergency_contact_name).toBe('Robin Doe');
      expect((await stored(colleague.id)).emergency_contact_name ?? null).toBeNull();
      // the rights gained by the attempts: none
      expect((await t.http().get('/api/hr/employees').set(me)).status).toBe(403);
    });
  });

  describe('employees: view + edit (+ delete)', () => {
    beforeAll(() => allow({ employees: { can_view: true, can_edit: true, can_delete: true } }));

    it('refuses changing their own position, department, pay or status, on every route that could', async () => {
      const own = `/api/hr/employees/${a.employee.id}`;
      for (const change of [
        { position_id: payrollPosition.id },
        { department_id: null },
        { salary: '990000' },
        { payment_frequency: 'weekly' },
        { employment_status: 'on_leave' },
        { manager_id: colleague.id },
        { termination_date: '2030-01-01' },
      ]) {
        const res = await t.http().put(own).set(me).send(change);
        expect({ change, status: res.status, message: res.body.message }).toEqual({ change, status: 403, message: OWN });
      }
      const e = await stored(a.employee.id);
      expect([e.position?.id, e.department?.id, e.salary, e.employment_status]).toEqual([
        a.position.id,
        a.department.id,
        '50000.00',
        'active',
      ]);
      // the rights gained by the attempt: none
      expect((await t.http().get('/api/hr/payroll').set(me)).status).toBe(403);

      // the record's other fields are theirs to keep up to date, with the rest sent unchanged
      const phone = await t.http().put(own).set(me).send({
        phone: '+1 555 0100',
        position_id: a.position.id,
        department_id: a.department.id,
        manager_id: null,
        employment_status: 'active',
        employment_type: 'full_time',
        hire_date: '2024-03-01',
        termination_date: null,
        salary: '50000',
        salary_currency: 'usd',
        payment_frequency: 'monthly',
      });
      expect(phone.status).toBe(200);
      expect(phone.body.data.phone).toBe('+1 555 0100');

      const removed = await t.http().delete(own).set(me);
      expect(removed.status).toBe(403);
      expect(removed.body.message).toBe('You cannot delete or terminate your own employee record');
      expect((await stored(a.employee.id)).employment_status).toBe('active');
    });

    it("refuses changing the e-mail of a colleague, whether they sign in with it or it is where their invitation would go", async () => {
      const res = await t.http().put(`/api/hr/employees/${colleague.id}`).set(me).send({ email: 'attacker@evil.example.com' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only a company admin can change the e-mail an employee signs in with');
      const user = await t.em().findOneOrFail(User, { id: colleague.userId }, { filters: false });
      expect(user.email).toBe(colleague.email);
      expect((await stored(colleague.id)).email).toBe(colleague.email);

      const plain = await t
        .http()
        .post('/api/hr/employees')
        .set(admin)
        .send({ employee_code: 'E003', first_name: 'No', last_name: 'Login', email: 'no.login@test.example.com', hire_date: '2026-01-05' });
      expect(plain.status).toBe(201);
      const changed = await t.http().put(`/api/hr/employees/${plain.body.data.id}`).set(me).send({ email: 'new.address@test.example.com' });
      expect(changed.status).toBe(403);
      expect(changed.body.errors).toEqual([{ field: 'email', message: "Only a company admin can change an employee's e-mail address" }]);
      expect((await stored(plain.body.data.id)).email).toBe('no.login@test.example.com');
    });

    it('refuses moving a colleague who signs in to a position with rights the caller lacks', async () => {
      const res = await t.http().put(`/api/hr/employees/${colleague.id}`).set(me).send({ position_id: payrollPosition.id });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot give an account more rights than your own: this position grants view access to the payroll module');
      expect((await stored(colleague.id)).position?.id).toBe(a.position.id);
    });

    it('refuses setting a colleague\'s pay without payroll rights', async () => {
      const res = await t.http().put(`/api/hr/employees/${colleague.id}`).set(me).send({ salary: '120000' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only company admins and payroll staff can change pay: salary');
      expect((await stored(colleague.id)).salary).toBe('64000.00');
    });
  });

  describe('employees: view + create', () => {
    beforeAll(() => allow({ employees: { can_view: true, can_create: true } }));
    const body = (code: string, extra: object) => ({
      employee_code: code,
      first_name: 'New',
      last_name: 'Hire',
      email: `${code.toLowerCase()}@test.example.com`,
      hire_date: '2026-02-02',
      ...extra,
    });

    it('refuses creating a sign-in with more rights than the caller has; one with the same rights is created', async () => {
      const login = { enable_login: true, password: PASSWORD };
      const higher = await t
        .http()
        .post('/api/hr/employees')
        .set(me)
        .send(body('N001', { ...login, username: `n001${Date.now()}`, position_id: payrollPosition.id }));
      expect(higher.status).toBe(403);
      expect(higher.body.message).toBe('You cannot give an account more rights than your own: this position grants view access to the payroll module');
      expect(await t.em().count(Employee, { company: a.company.id, employee_code: 'N001' }, { filters: false })).toBe(0);

      // without a sign-in the position grants nobody anything
      expect((await t.http().post('/api/hr/employees').set(me).send(body('N002', { position_id: payrollPosition.id }))).status).toBe(201);
      const same = await t
        .http()
        .post('/api/hr/employees')
        .set(me)
        .send(body('N003', { ...login, username: `n003${Date.now()}`, position_id: a.position.id }));
      expect(same.status).toBe(201);
      expect(same.body.data).not.toHaveProperty('salary');
    });

    it('refuses setting pay on create or import without payroll rights', async () => {
      const res = await t.http().post('/api/hr/employees').set(me).send(body('N004', { salary: '70000' }));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only company admins and payroll staff can change pay: salary');
      const csv = 'employee_code,first_name,last_name,email,hire_date,salary\nN005,Imp,Orted,n005@test.example.com,2026-02-02,80000\n';
      const imported = await t.http().post('/api/hr/employees/import').set(me).send({ csv });
      expect(imported.status).toBe(403);
      expect(imported.body.message).toBe('Only company admins and payroll staff can change pay: salary');
      expect(await t.em().count(Employee, { company: a.company.id, employee_code: { $in: ['N004', 'N005'] } }, { filters: false })).toBe(0);
    });
  });

  describe('payroll staff and their own pay', () => {
    it('refuses assigning, changing or removing salary components on their own record; a colleague\'s are theirs to manage', async () => {
      await allow({ employees: { can_view: true }, payroll: { can_view: true, can_edit: true } });
      const component = await t
        .http()
        .post('/api/hr/payroll/components')
        .set(admin)
        .send({ component_name: 'Housing', component_code: 'HOUSE', component_type: 'allowance', calculation_type: 'fixed', amount: 500 });
      expect(component.status).toBe(201);
      const url = '/api/hr/payroll/employee-components';
      const own = await t.http().post(url).set(me).send({ employee_id: a.employee.id, component_id: component.body.data.id, amount: 9000 });
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('You cannot change your own pay');

      const byAdmin = await t.http().post(url).set(admin).send({ employee_id: a.employee.id, component_id: component.body.data.id });
      expect(byAdmin.status).toBe(201);
      const id = byAdmin.body.data.id;
      const changed = await t.http().put(`${url}/${id}`).set(me).send({ amount: 9000 });
      expect(changed.status).toBe(403);
      expect(changed.body.message).toBe('You cannot change your own pay');
      expect((await t.http().delete(`${url}/${id}`).set(me)).status).toBe(403);
      const mine = await t.http().get(`${url}?employee_id=${a.employee.id}`).set(admin);
      expect(mine.body.data).toEqual([expect.objectContaining({ id, amount: null })]);

      const colleagues = await t.http().post(url).set(me).send({ employee_id: colleague.id, component_id: component.body.data.id, amount: 700 });
      expect(colleagues.status).toBe(201);
    });
  });

  describe('the e-mail an account signs in with, changed by a company admin', () => {
    it('ends the sessions of that account and tells the old address', async () => {
      const token = await login(t, colleague.email);
      expect((await t.http().get('/api/auth/me').set(bearer(token))).status).toBe(200);
      const res = await t.http().put(`/api/hr/employees/${colleague.id}`).set(admin).send({ email: 'cole.new@test.example.com' });
      expect(res.status).toBe(200);
      expect(res.body.data.email).toBe('cole.new@test.example.com');
      expect((await t.em().findOneOrFail(User, { id: colleague.userId }, { filters: false })).email).toBe('cole.new@test.example.com');
      expect((await t.http().get('/api/auth/me').set(bearer(token))).status).toBe(401);
      const [mail] = await mailsTo(colleague.email);
      expect(mail.subject).toBe('The e-mail address of your HR Platform account was changed');
      expect(mail.text).toContain('cole.new@test.example.com');
      // the new address signs in
      expect(await login(t, 'cole.new@test.example.com')).toEqual(expect.any(String));
      colleague.email = 'cole.new@test.example.com';
    });
  });

  describe('pay is shown only to company admins and payroll staff', () => {
    const sortedColleague = () =>
      `?sort=${encodeURIComponent('["salary","DESC"]')}&filter=${encodeURIComponent(JSON.stringify({ id: [colleague.id] }))}`;
    const list = (headers: Record<string, string>, query = '') => t.http().get(`/api/hr/employees${query}`).set(headers);

    it('employees: view alone: no pay in the list, the record, the export; no sorting by salary', async () => {
      await allow({ employees: { can_view: true } });
      const page = await list(me);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeGreaterThan(1);
      for (const item of page.body.data) for (const field of PAY_FIELDS) expect(item).not.toHaveProperty(field);
      const own = await t.http().get(`/api/hr/employees/${a.employee.id}`).set(me);
      expect(own.status).toBe(200);
      for (const field of PAY_FIELDS) expect(own.body.data).not.toHaveProperty(field);
      const sorted = await list(me, `?sort=${encodeURIComponent('["salary","DESC"]')}`);
      expect(sorted.status).toBe(400);
      expect(sorted.body.message).toBe('You cannot sort by salary');
      expect((await t.http().get(`/api/hr/employees/export?sort=${encodeURIComponent('["salary","DESC"]')}`).set(me)).status).toBe(400);
      const csv = await t.http().get('/api/hr/employees/export').set(me);
      expect(csv.status).toBe(200);
      const header = csv.text.replace(/^\uFEFF/, '').split('\n')[0].trim().split(',');
      expect(header).toContain('employee_code');
      for (const field of PAY_FIELDS) expect(header).not.toContain(field);
      expect(csv.text).not.toContain('64000');
    });

    it('payroll view alone (one\'s own payslips): no pay in the list, the record, the export; no sorting by salary', async () => {
      await allow({ employees: { can_view: true }, payroll: { can_view: true } });
      const page = await list(me);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeGreaterThan(1);
      for (const item of page.body.data) for (const field of PAY_FIELDS) expect(item).not.toHaveProperty(field);
      for (const field of PAY_FIELDS) expect((await t.http().get(`/api/hr/employees/${colleague.id}`).set(me)).body.data).not.toHaveProperty(field);
      const sorted = await list(me, sortedColleague());
      expect(sorted.status).toBe(400);
      expect(sorted.body.message).toBe('You cannot sort by salary');
      const csv = await t.http().get('/api/hr/employees/export').set(me);
      expect(csv.status).toBe(200);
      expect(csv.text.replace(/^\uFEFF/, '').split('\n')[0]).not.toContain('salary');
      expect(csv.text).not.toContain('64000');
    });

    it.each([
      ['create', { can_view: true, can_create: true }],
      ['edit', { can_view: true, can_edit: true }],
    ])('payroll staff (payroll %s): pay everywhere', async (_, payroll) => {
      await allow({ employees: { can_view: true }, payroll });
      const page = await list(me, sortedColleague());
      expect(page.status).toBe(200);
      expect(page.body.data[0]).toMatchObject({ salary: '64000.00', salary_currency: 'USD', payment_frequency: 'monthly' });
      expect((await t.http().get(`/api/hr/employees/${colleague.id}`).set(me)).body.data.salary).toBe('64000.00');
      const csv = await t.http().get('/api/hr/employees/export').set(me);
      expect(csv.text.split('\n')[0]).toContain('salary');
      expect(csv.text).toContain('64000.00');
    });

    it('company admin: pay everywhere', async () => {
      const page = await list(admin, sortedColleague());
      expect(page.status).toBe(200);
      expect(page.body.data[0].salary).toBe('64000.00');
      expect((await t.http().get(`/api/hr/employees/${colleague.id}`).set(admin)).body.data.salary).toBe('64000.00');
      expect((await t.http().get('/api/hr/employees/export').set(admin)).text).toContain('64000.00');
    });
  });
});
