import { Company } from '../src/modules/companies/company.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { usePackage } from './support/packages';

const SELF_SERVICE_OFF = 'Self-service is turned off for your company: ask your administrator for access';

/**
 * The company's self-service policy (on by default): an employee whose position and department
 * have no permission entry at all still checks in, requests leave and reads their own payslips,
 * and nobody else's; approvals and everything beyond the own records stay with the matrix.
 */
describe('self-service: own records without matrix rights', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let erin: Record<string, string>;
  let other: Employee;
  let otherHeaders: Record<string, string>;
  let leaveTypeId: number;
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);
  const policy = (enabled: boolean) => t.http().put('/api/settings/self-service').set(admin).send({ enabled });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    erin = bearer(a.tokens.employee);
    const em = t.em();
    other = em.create(Employee, {
      company: em.getReference(Company, a.company.id),
      employee_code: 'E002',
      first_name: 'Olav',
      last_name: 'Other',
      email: `${unique('olav')}@test.example.com`,
      department: a.department.id,
      position: a.position.id,
      salary: '48000.00',
      hire_date: '2020-01-06',
    } as never);
    await em.flush();
    otherHeaders = bearer(await login(t, (await createUser(t.em(), 'employee', { company: a.company, employee: other })).email));
    await sql(`update employees set salary = '60000.00', hire_date = '2020-01-06' where id = ?`, [a.employee.id]);
    const [type] = await sql(
      `insert into leave_types (company_id, type_name, type_code, is_paid) values (?, 'Unpaid', 'UNP', false) returning id`,
      [a.company.id],
    );
    leaveTypeId = type.id;
    // no permission entry anywhere in company A
    expect(await sql('select count(*)::int as n from permission_entries where company_id = ?', [a.company.id])).toEqual([{ n: 0 }]);
  });
  afterAll(() => t.close());

  describe('the policy setting', () => {
    it('is on by default and says what it gives', async () => {
      const res = await t.http().get('/api/settings/self-service').set(admin);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        enabled: true,
        rights: [
          { module: 'attendance', actions: ['view', 'create'] },
          { module: 'leave', actions: ['view', 'create'] },
          { module: 'payroll', actions: ['view'] },
          { module: 'monitoring', actions: ['view'] },
          { module: 'kpi', actions: ['view'] },
        ],
      });
    });

    it.each([
      [{}, 'Enabled is required'],
      [{ enabled: null }, 'Enabled is required'],
      [{ enabled: 'yes' }, 'Enabled must be true or false'],
      [{ enabled: 1 }, 'Enabled must be true or false'],
    ])('refuses %j naming the field (never 500)', async (body, message) => {
      const res = await t.http().put('/api/settings/self-service').set(admin).send(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('enabled');
      expect(JSON.stringify(res.body)).toContain(message);
    });

    it('refuses a body that is not an object and unknown fields', async () => {
      const list = await t.http().put('/api/settings/self-service').set(admin).send([true]);
      expect(list.status).toBeGreaterThanOrEqual(400);
      expect(list.status).toBeLessThan(500);
      const extra = await t.http().put('/api/settings/self-service').set(admin).send({ enabled: true, company_id: b.company.id });
      expect(extra.status).toBeGreaterThanOrEqual(400);
      expect(extra.status).toBeLessThan(500);
    });

    it('an employee reads nothing of it and changes nothing (matrix and role)', async () => {
      expect((await t.http().get('/api/settings/self-service').set(erin)).status).toBe(403);
      expect((await t.http().put('/api/settings/self-service').set(erin).send({ enabled: false })).status).toBe(403);
    });

    it("a company's change is its own", async () => {
      expect((await policy(false)).body).toMatchObject({ success: true, data: { enabled: false }, message: 'Self-service turned off' });
      const beta = await t.http().get('/api/settings/self-service').set(bearer(b.tokens.company_admin));
      expect(beta.body.data.enabled).toBe(true);
      expect((await policy(true)).body).toMatchObject({ data: { enabled: true }, message: 'Self-service turned on' });
    });
  });

  describe('with the policy on', () => {
    it('the effective permissions carry the self-service rights', async () => {
      const res = await t.http().get('/api/permissions/user/permissions').set(erin);
      expect(res.status).toBe(200);
      const rights = Object.fromEntries(
        res.body.data.map((e: any) => [e.module.module_key, [e.can_view, e.can_create, e.can_edit, e.can_delete, e.self_service]]),
      );
      expect(rights).toEqual({
        attendance: [true, true, false, false, true],
        leave: [true, true, false, false, true],
        payroll: [true, false, false, false, true],
        monitoring: [true, false, false, false, true],
        kpi: [true, false, false, false, true],
      });
    });

    it('checks in and out and reads the own attendance only', async () => {
      const checkIn = await t.http().post('/api/hr/attendance/check-in').set(erin).send({});
      expect(checkIn.status).toBe(201);
      expect((await t.http().post('/api/hr/attendance/check-out').set(erin).send({})).status).toBe(201);
      const otherIn = await t.http().post('/api/hr/attendance/check-in').set(otherHeaders).send({});
      expect(otherIn.status).toBe(201);
      const list = await t.http().get('/api/hr/attendance').query({ range: '[0,99]' }).set(erin);
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: any) => r.employee_id)).toEqual([a.employee.id]);
      expect((await t.http().get(`/api/hr/attendance/${checkIn.body.data.id}`).set(erin)).status).toBe(200);
      expect((await t.http().get(`/api/hr/attendance/${otherIn.body.data.id}`).set(erin)).status).toBe(404);
      // an employee filter does not widen it
      const asked = await t.http().get('/api/hr/attendance').query({ employee_id: other.id }).set(erin);
      expect(asked.status).toBe(200);
      // (Olav's check-in of today is not among them: the filter narrows the own records, here to none)
      expect(asked.body.data).toEqual([]);
      expect((await t.http().get('/api/hr/attendance/today').set(erin)).status).toBe(200);
      expect((await t.http().get('/api/hr/attendance/summary').set(erin)).status).toBe(200);
      // corrections stay with admins
      const fix = await t.http().put(`/api/hr/attendance/${checkIn.body.data.id}`).set(erin).send({ notes: 'x' });
      expect(fix.status).toBe(403);
    });

    it('requests and cancels own leave, reads own balances, and decides nothing', async () => {
      const types = await t.http().get('/api/hr/leave-types').set(erin);
      expect(types.status).toBe(200);
      const own = await t.http().post('/api/hr/leave-requests').set(erin).send({ leave_type_id: leaveTypeId, start_date: '2030-01-07', end_date: '2030-01-07' });
      expect(own.status).toBe(201);
      const theirs = await t.http().post('/api/hr/leave-requests').set(otherHeaders).send({ leave_type_id: leaveTypeId, start_date: '2030-01-08', end_date: '2030-01-08' });
      expect(theirs.status).toBe(201);
      // for somebody else: refused
      const forOther = await t.http().post('/api/hr/leave-requests').set(erin).send({ leave_type_id: leaveTypeId, start_date: '2030-01-09', end_date: '2030-01-09', employee_id: other.id });
      expect(forOther.status).toBe(403);
      const list = await t.http().get('/api/hr/leave-requests').set(erin);
      expect(list.body.data.map((r: any) => r.id)).toEqual([own.body.data.id]);
      expect((await t.http().get(`/api/hr/leave-requests/${theirs.body.data.id}`).set(erin)).status).toBe(404);
      expect((await t.http().put(`/api/hr/leave-requests/${theirs.body.data.id}/approve`).set(erin).send({})).status).toBe(403);
      expect((await t.http().put(`/api/hr/leave-requests/${theirs.body.data.id}/reject`).set(erin).send({ rejection_reason: 'No' })).status).toBe(403);
      expect((await t.http().put(`/api/hr/leave-requests/${theirs.body.data.id}/cancel`).set(erin).send({})).status).toBe(404);
      const balances = await t.http().get('/api/hr/leave-balances').query({ year: 2030 }).set(erin);
      expect(balances.status).toBe(200);
      expect(balances.body.data.map((r: any) => [r.employee_id, r.leave_type_id])).toEqual([[a.employee.id, leaveTypeId]]);
      expect((await t.http().put(`/api/hr/leave-requests/${own.body.data.id}/cancel`).set(erin).send({})).status).toBe(200);
      // leave settings stay with the matrix
      expect((await t.http().post('/api/hr/leave-types').set(erin).send({ type_name: 'Mine', type_code: 'MINE' })).status).toBe(403);
      expect((await t.http().get('/api/hr/holidays').set(erin)).status).toBe(403);
    });

    it('reads the own payslip and its PDF, nobody else’s, and runs no payroll', async () => {
      expect((await t.http().post('/api/hr/payroll').set(admin).send({ year: 2026, month: 10 })).status).toBe(201);
      const records = await sql('select id, employee_id from payroll_records where company_id = ?', [a.company.id]);
      const mine: any = records.find((r: any) => r.employee_id === a.employee.id);
      const theirs: any = records.find((r: any) => r.employee_id === other.id);
      expect(mine && theirs).toBeTruthy();
      const list = await t.http().get('/api/hr/payroll').query({ year: 2026, month: 10 }).set(erin);
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: any) => r.id)).toEqual([mine.id]);
      expect((await t.http().get(`/api/hr/payroll/${mine.id}`).set(erin)).status).toBe(200);
      const pdf = await t.http().get(`/api/hr/payroll/${mine.id}/payslip`).set(erin).buffer(true);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect((await t.http().get(`/api/hr/payroll/${theirs.id}`).set(erin)).status).toBe(404);
      expect((await t.http().get(`/api/hr/payroll/${theirs.id}/payslip`).set(erin)).status).toBe(404);
      expect((await t.http().get('/api/hr/payroll/summary').query({ year: 2026, month: 10 }).set(erin)).status).toBe(200);
      expect((await t.http().post('/api/hr/payroll').set(erin).send({ year: 2026, month: 9 })).status).toBe(403);
      expect((await t.http().get('/api/hr/payroll/runs').set(erin)).status).toBe(403);
      expect((await t.http().get('/api/hr/payroll/export').query({ year: 2026, month: 10 }).set(erin)).status).toBe(403);
    });

    it('reads the own KPI targets, values and bonus payments only, and changes none', async () => {
      const post = async (path: string, body: object) => {
        const res = await t.http().post(`/api/kpi/${path}`).set(admin).send(body);
        expect(res.status).toBe(201);
        return res.body.data;
      };
      const march = { period_start_date: '2026-03-01', period_end_date: '2026-03-31' };
      const kpi = await post('kpis', { name: 'Calls answered', code: unique('K'), category: 'operations' });
      const mine = await post('kpi-targets', { kpi_id: kpi.id, target_type: 'employee', target_id: a.employee.id, target_value: 10, ...march });
      const theirs = await post('kpi-targets', { kpi_id: kpi.id, target_type: 'employee', target_id: other.id, target_value: 10, ...march });
      const team = await post('kpi-targets', { kpi_id: kpi.id, target_type: 'department', target_id: a.department.id, target_value: 10, ...march });
      const myValue = await post('kpi-values', { kpi_id: kpi.id, entity_type: 'employee', entity_id: a.employee.id, actual_value: 12, ...march });
      const theirValue = await post('kpi-values', { kpi_id: kpi.id, entity_type: 'employee', entity_id: other.id, actual_value: 8, ...march });
      const [bonus] = await sql(
        `insert into bonus_payments (company_id, employee_id, payment_period_start, payment_period_end, bonus_amount)
         values (?, ?, '2026-03-01', '2026-03-31', 50), (?, ?, '2026-03-01', '2026-03-31', 70) returning id`,
        [a.company.id, a.employee.id, a.company.id, other.id],
      );
      const get = (path: string) => t.http().get(`/api/kpi/${path}`).set(erin);
      expect((await get('kpi-targets')).body.data.map((r: any) => r.id)).toEqual([mine.id]);
      expect((await get(`kpi-targets/${mine.id}`)).status).toBe(200);
      expect((await get(`kpi-targets/${theirs.id}`)).status).toBe(404);
      expect((await get(`kpi-targets/${team.id}`)).status).toBe(404);
      expect((await get('kpi-values')).body.data.map((r: any) => r.id)).toEqual([myValue.id]);
      expect((await get(`kpi-values/${theirValue.id}`)).status).toBe(404);
      const payments = await get('bonus-payments');
      expect(payments.body.data.map((r: any) => r.employee_id)).toEqual([a.employee.id]);
      expect((await get(`bonus-payments/${bonus.id}`)).status).toBe(200);
      expect((await get('bonus-payments/totals')).body.data.total_amount).toBe('50.00');
      const [theirBonus] = await sql('select id from bonus_payments where company_id = ? and employee_id = ?', [a.company.id, other.id]);
      expect((await get(`bonus-payments/${theirBonus.id}`)).status).toBe(404);
      expect((await get('kpis')).status).toBe(403);
      expect((await get('bonus-rules')).status).toBe(403);
      expect((await t.http().put(`/api/kpi/bonus-payments/${bonus.id}/approve`).set(erin).send({})).status).toBe(403);
      expect((await t.http().post('/api/kpi/kpi-targets').set(erin).send({ kpi_id: kpi.id, target_type: 'employee', target_id: a.employee.id, target_value: 1, ...march })).status).toBe(403);
      // the tasks screen stays with the admins
      expect((await t.http().get('/api/monitoring/tasks').set(erin)).status).toBe(403);
    });

    it('reads the tasks assigned to them and no others', async () => {
      const task = async (assigned: number) => {
        const res = await t.http().post('/api/monitoring/tasks').set(admin).send({ title: unique('Task '), department_id: a.department.id, assigned_to: assigned });
        expect(res.status).toBe(201);
        return res.body.data.id as number;
      };
      const mine = await task(a.employee.id);
      await task(other.id);
      const res = await t.http().get('/api/monitoring/my-tasks').set(erin);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: any) => r.id)).toEqual([mine]);
      // a filter does not widen it, and an admin without an employee record has none of their own
      const widened = await t.http().get('/api/monitoring/my-tasks').query({ filter: JSON.stringify({ assigned_to: other.id }) }).set(erin);
      expect(widened.body.data).toEqual([]);
      expect((await t.http().get('/api/monitoring/my-tasks').set(admin)).body.data).toEqual([]);
    });

    it('gives nothing beyond the own records: employees, settings, other companies', async () => {
      expect((await t.http().get('/api/hr/employees').set(erin)).status).toBe(403);
      expect((await t.http().get('/api/settings/attendance').set(erin)).status).toBe(403);
      expect((await t.http().get('/api/hr/shifts').set(erin)).status).toBe(403);
      const beta = await t.http().post('/api/hr/attendance/check-in').set(bearer(b.tokens.employee)).send({});
      expect(beta.status).toBe(201);
      expect((await t.http().get(`/api/hr/attendance/${beta.body.data.id}`).set(erin)).status).toBe(404);
    });

    it('a suspended employee has no self-service', async () => {
      await sql(`update employees set employment_status = 'suspended' where id = ?`, [other.id]);
      try {
        const res = await t.http().get('/api/hr/leave-requests').set(otherHeaders);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('You do not have view access to the leave module');
      } finally {
        await sql(`update employees set employment_status = 'active' where id = ?`, [other.id]);
      }
    });

    it('a plan without the module keeps it closed', async () => {
      const [before] = await sql('select package_id, subscription_plan from companies where id = ?', [a.company.id]);
      // a plan with attendance, leave and the staff records, without payroll
      await usePackage(t, a.company, { features: ['employees', 'departments', 'positions', 'settings', 'attendance', 'leave'] });
      try {
        expect((await t.http().get('/api/hr/leave-requests').set(erin)).status).toBe(200);
        const payroll = await t.http().get('/api/hr/payroll').set(erin);
        expect(payroll.status).toBe(403);
        expect(payroll.body.message).toBe('Your package does not include Payroll');
        const res = await t.http().get('/api/permissions/user/permissions').set(erin);
        // the self-service rights the plan has: payroll, Operational Monitoring and KPI & Bonus are not on it
        expect(res.body.data.map((e: any) => e.module.module_key)).toEqual(['attendance', 'leave']);
      } finally {
        await sql('update companies set package_id = ?, subscription_plan = ? where id = ?', [before.package_id, before.subscription_plan, a.company.id]);
      }
    });
  });

  describe('with the policy off', () => {
    beforeAll(async () => {
      expect((await policy(false)).status).toBe(200);
    });
    afterAll(async () => {
      expect((await policy(true)).status).toBe(200);
    });

    it.each([
      ['post', '/api/hr/attendance/check-in'],
      ['get', '/api/hr/attendance'],
      ['post', '/api/hr/leave-requests'],
      ['get', '/api/hr/leave-balances'],
      ['get', '/api/hr/payroll'],
      ['get', '/api/kpi/kpi-targets'],
      ['get', '/api/monitoring/my-tasks'],
    ] as const)('%s %s answers 403 naming the policy', async (method, url) => {
      const res = await t.http()[method](url).set(erin).send(method === 'post' ? { leave_type_id: leaveTypeId, start_date: '2030-02-04', end_date: '2030-02-04' } : undefined);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SELF_SERVICE_OFF);
    });

    it('the effective permissions carry none, and the refusal is audited', async () => {
      const res = await t.http().get('/api/permissions/user/permissions').set(erin);
      expect(res.body.data).toEqual([]);
      const [row] = await sql(
        `select details from audit_logs where company_id = ? and action = 'access.denied' order by id desc limit 1`,
        [a.company.id],
      );
      expect(row.details.reason).toBe(SELF_SERVICE_OFF);
    });

    it('the matrix still works: a department right opens the module', async () => {
      await grant(t, { department: a.department }, a.company, 'leave', { can_view: true, can_create: true });
      try {
        expect((await t.http().get('/api/hr/leave-requests').set(erin)).status).toBe(200);
        expect((await t.http().get('/api/hr/attendance').set(erin)).body.message).toBe(SELF_SERVICE_OFF);
      } finally {
        await sql('delete from permission_entries where company_id = ?', [a.company.id]);
      }
    });
  });
});
