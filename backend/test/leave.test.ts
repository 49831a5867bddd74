import { Company } from '../src/modules/companies/company.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, setSelfService, unique, type CompanyFixture } from './support/fixtures';

const q = (filter: object, range = '[0,99]') => ({ filter: JSON.stringify(filter), range });
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);

// 2030-03-04 is a Monday; 2030-03-09/10 a weekend
describe('leave: types, policies, holidays, requests, approval, balances', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let erin: Record<string, string>; // employee of A with leave view + create
  let annual: { id: number };
  let unpaid: { id: number };
  let manager: { employee: Employee; headers: Record<string, string> }; // employee of A with leave edit

  const http = () => t.http();
  const post = (path: string, body: object, headers = admin) => http().post(`/api/hr/${path}`).set(headers).send(body);
  const put = (path: string, body: object = {}, headers = admin) => http().put(`/api/hr/${path}`).set(headers).send(body);
  const get = (path: string, headers = admin, query: object = {}) => http().get(`/api/hr/${path}`).set(headers).query(query);

  async function newEmployee(company: Company, position: Position | null, extra: Partial<Employee> = {}) {
    const em = t.em();
    const employee = em.create(Employee, {
      company: em.getReference(Company, company.id),
      employee_code: unique('E'),
      first_name: unique('F'),
      last_name: 'Tester',
      email: `${unique('e')}@test.example.com`,
      position: position ? em.getReference(Position, position.id) : null,
      ...extra,
    });
    await em.flush();
    const user = await createUser(em, 'employee', { company: em.getReference(Company, company.id), employee });
    return { employee, headers: bearer(await login(t, user.email)) };
  }

  async function newType(body: object = {}) {
    const res = await post('leave-types', { type_name: unique('Type '), type_code: unique('T').slice(0, 12), ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const attendance = (employeeId: number) =>
    t
      .em()
      .execute<{ day: string; status: string }[]>(
        `select to_char(attendance_date, 'YYYY-MM-DD') as day, status from attendance_records where employee_id = ? order by attendance_date`,
        [employeeId],
      );

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    erin = bearer(a.tokens.employee);
    await grant(t, { position: a.position }, a.company, 'leave', { can_view: true, can_create: true });
    annual = await newType({ type_name: 'Annual Leave', type_code: 'AL', max_days_per_year: 20 });
    unpaid = await newType({ type_name: 'Unpaid Leave', type_code: 'UL', is_paid: false });
    const em = t.em();
    const leads = em.create(Position, { company: em.getReference(Company, a.company.id), position_code: 'LEAD', position_title: 'Lead' });
    await em.flush();
    await grant(t, { position: leads }, a.company, 'leave', { can_view: true, can_create: true, can_edit: true });
    manager = await newEmployee(a.company, leads);
  });
  afterAll(() => t.close());

  describe('leave types', () => {
    it('creates with the defaults of the spec and refuses a missing name or code', async () => {
      const res = await post('leave-types', { type_name: 'Study Leave', type_code: 'STUDY' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Leave type created successfully');
      expect(res.body.data).toMatchObject({
        type_name: 'Study Leave',
        type_code: 'STUDY',
        max_days_per_year: 0,
        is_paid: true,
        requires_approval: true,
        requires_attachment: false,
        is_active: true,
      });
      const missing = await post('leave-types', { type_name: 'No code', type_code: ' ' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Type name and code are required');
      expect(missing.body.errors[0].field).toBe('type_code');
      const negative = await post('leave-types', { type_name: 'X', type_code: 'X1', max_days_per_year: -1 });
      expect(negative.status).toBe(400);
      expect(negative.body.errors[0].field).toBe('max_days_per_year');
      const duplicate = await post('leave-types', { type_name: 'Again', type_code: 'STUDY' });
      expect(duplicate.status).toBe(409);
    });

    it('toggles active, updates, and deletes only an unused type', async () => {
      const type = await newType();
      const off = await put(`leave-types/${type.id}`, { is_active: false });
      expect(off.status).toBe(200);
      expect(off.body.message).toBe('Leave type activated or deactivated successfully');
      expect(off.body.data.is_active).toBe(false);
      const listed = await get('leave-types', admin, q({ is_active: false }));
      expect(listed.body.data.map((x: { id: number }) => x.id)).toContain(type.id);
      const renamed = await put(`leave-types/${type.id}`, { type_name: 'Renamed', is_active: true });
      expect(renamed.body.message).toBe('Leave type updated successfully');
      expect(renamed.body.data).toMatchObject({ type_name: 'Renamed', is_active: true });
      const del = await http().delete(`/api/hr/leave-types/${type.id}`).set(admin);
      expect(del.status).toBe(200);
      expect(del.body.message).toBe('Leave type deleted successfully');
      expect((await get(`leave-types/${type.id}`)).status).toBe(404);
    });

    it('refuses to delete a type that requests use', async () => {
      const type = await newType({ max_days_per_year: 5 });
      const made = await post('leave-requests', { leave_type_id: type.id, start_date: '2030-01-07', end_date: '2030-01-07' }, erin);
      expect(made.status).toBe(201);
      const del = await http().delete(`/api/hr/leave-types/${type.id}`).set(admin);
      expect(del.status).toBe(409);
      expect(del.body.message).toMatch(/used by 1 leave request/);
    });

    it('lets an employee read types but not change them', async () => {
      expect((await get('leave-types', erin)).status).toBe(200);
      expect((await post('leave-types', { type_name: 'Mine', type_code: 'MINE' }, erin)).status).toBe(403);
      expect((await put(`leave-types/${annual.id}`, { is_active: false }, erin)).status).toBe(403);
      expect((await get(`leave-types/${annual.id}`)).body.data.is_active).toBe(true);
    });
  });

  describe('leave policies', () => {
    it('persists the fields of the spec and attaches to leave types', async () => {
      const res = await post('leave-policies', {
        name: unique('Policy '),
        carryOverEnabled: true,
        maxCarryOverDays: 10,
        expiryMonths: 6,
        proRationEnabled: true,
        consecutiveDaysLimit: 3,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ carryOverEnabled: true, maxCarryOverDays: 10, expiryMonths: 6, requiresDoctorNote: false });
      const type = await newType({ policy_id: res.body.data.id });
      expect(type.policy_id).toBe(res.body.data.id);
      const read = await get(`leave-policies/${res.body.data.id}`);
      expect(read.body.data.leave_type_ids).toEqual([type.id]);
      const changed = await put(`leave-policies/${res.body.data.id}`, { maxCarryOverDays: null, description: 'Changed' });
      expect(changed.body.data).toMatchObject({ maxCarryOverDays: null, description: 'Changed', carryOverEnabled: true });
    });

    it('refuses numbers below 0 naming the field, and a missing name', async () => {
      const res = await post('leave-policies', { name: 'Bad', expiryMonths: -1 });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('expiryMonths');
      expect((await post('leave-policies', { name: '' })).body.message).toBe('Policy name is required');
    });

    it('enforces the per-request limit and the doctor note of a policy', async () => {
      const policy = (await post('leave-policies', { name: unique('Sick '), consecutiveDaysLimit: 3, requiresDoctorNote: true, maxDaysPerYear: 10 }))
        .body.data;
      const sick = await newType({ type_name: 'Sick Leave X', max_days_per_year: 0, policy_id: policy.id });
      expect(sick.attachment_required).toBe(true);
      const long = await post('leave-requests', { leave_type_id: sick.id, start_date: '2030-05-06', end_date: '2030-05-09' }, erin);
      expect(long.status).toBe(422);
      expect(long.body.message).toBe('Sick Leave X allows at most 3 days per request');
      const noNote = await post('leave-requests', { leave_type_id: sick.id, start_date: '2030-05-06', end_date: '2030-05-07' }, erin);
      expect(noNote.status).toBe(422);
      expect(noNote.body.errors[0].field).toBe('attachment_id');
      const balances = await get('leave-balances', erin, q({ year: 2030, leave_type_id: sick.id }));
      expect(balances.body.data[0]).toMatchObject({ entitlement: '10.0', limited: true });
    });
  });

  describe('holidays and working days', () => {
    it('excludes weekends and company holidays', async () => {
      const before = await get('leave-requests/working-days', erin, { start_date: '2030-03-04', end_date: '2030-03-15' });
      expect(before.status).toBe(200);
      expect(before.body.data.working_days).toBe(10);
      const holiday = await post('holidays', { holiday_date: '2030-03-06', name: 'Founders Day' });
      expect(holiday.status).toBe(201);
      expect((await post('holidays', { holiday_date: '2030-03-06', name: 'Twice' })).status).toBe(409);
      const after = await get('leave-requests/working-days', erin, { start_date: '2030-03-04', end_date: '2030-03-15' });
      expect(after.body.data.working_days).toBe(9);
      expect(after.body.data.holidays).toEqual(['2030-03-06']);
      expect(after.body.data.dates).not.toContain('2030-03-09');
      const listed = await get('holidays', erin, q({ year: 2030 }));
      expect(listed.body.data.map((h: { name: string }) => h.name)).toContain('Founders Day');
      expect((await post('holidays', { holiday_date: '2030-02-30', name: 'Nope' })).body.errors[0].field).toBe('holiday_date');
      expect((await post('holidays', { holiday_date: '2030-12-25', name: 'Christmas' }, erin)).status).toBe(403);
    });

    it('refuses an end before the start', async () => {
      const res = await get('leave-requests/working-days', erin, { start_date: '2030-03-10', end_date: '2030-03-04' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('end_date');
    });
  });

  describe('requests', () => {
    it('validates dates and days, and defaults total_days to the working days', async () => {
      const bad = async (body: object, status: number, field: string) => {
        const res = await post('leave-requests', { leave_type_id: unpaid.id, ...body }, erin);
        expect(res.status).toBe(status);
        expect(res.body.errors?.[0]?.field).toBe(field);
        return res;
      };
      await bad({ start_date: '2030-04-03', end_date: '2030-04-01' }, 400, 'end_date');
      await bad({ start_date: '2030-04-01', end_date: '2030-04-01', total_days: 0.3 }, 400, 'total_days');
      await bad({ start_date: '2030-04-01', end_date: '2030-04-01', total_days: 0 }, 400, 'total_days');
      await bad({ start_date: '2030-04-01', end_date: '2030-04-02', total_days: 1 }, 422, 'total_days');
      await bad({ start_date: '2030-04-06', end_date: '2030-04-07' }, 422, 'end_date'); // a weekend
      await bad({ end_date: '2030-04-01' }, 400, 'start_date');
      await bad({ leave_type_id: 999999, start_date: '2030-04-01', end_date: '2030-04-01' }, 404, 'leave_type_id');

      const res = await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-04-01', end_date: '2030-04-05', reason: 'Trip' }, erin);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Leave request submitted successfully!');
      expect(res.body.data).toMatchObject({ status: 'pending', total_days: '5.0', employee_id: a.employee.id, reason: 'Trip' });
      const half = await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-04-08', end_date: '2030-04-08', total_days: 0.5 }, erin);
      expect(half.body.data.total_days).toBe('0.5');
    });

    it('refuses overlapping requests of the same employee with 409', async () => {
      const first = await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-09-02', end_date: '2030-09-04' }, erin);
      expect(first.status).toBe(201);
      const overlap = await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-09-04', end_date: '2030-09-06' }, erin);
      expect(overlap.status).toBe(409);
      expect(overlap.body.errors[0].field).toBe('start_date');
      // another employee may take the same days
      const other = await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-09-04', end_date: '2030-09-04' }, manager.headers);
      expect(other.status).toBe(201);
      // a cancelled request frees its days
      expect((await put(`leave-requests/${first.body.data.id}/cancel`, {}, erin)).status).toBe(200);
      expect((await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-09-04', end_date: '2030-09-06' }, erin)).status).toBe(201);
    });

    it('refuses a request over the remaining balance, naming it', async () => {
      const small = await newType({ max_days_per_year: 3 });
      const two = await post('leave-requests', { leave_type_id: small.id, start_date: '2030-10-07', end_date: '2030-10-08' }, erin);
      expect(two.status).toBe(201);
      const over = await post('leave-requests', { leave_type_id: small.id, start_date: '2030-10-14', end_date: '2030-10-15' }, erin);
      expect(over.status).toBe(422);
      expect(over.body.message).toBe('Insufficient leave balance: 1 day remaining');
      expect(over.body.errors[0].field).toBe('total_days');
      const fits = await post('leave-requests', { leave_type_id: small.id, start_date: '2030-10-14', end_date: '2030-10-14' }, erin);
      expect(fits.status).toBe(201);
    });

    it('lets employees see only their own requests, managers all of them', async () => {
      const own = await get('leave-requests', erin, q({}));
      expect(own.status).toBe(200);
      expect(own.body.data.length).toBeGreaterThan(0);
      expect(own.body.data.every((r: { employee_id: number }) => r.employee_id === a.employee.id)).toBe(true);
      const all = await get('leave-requests', admin, q({ employee_id: manager.employee.id }));
      expect(all.body.data.length).toBeGreaterThan(0);
      const others = (await get('leave-requests', admin, q({}))).body.data.filter((r: { employee_id: number }) => r.employee_id !== a.employee.id);
      expect((await get(`leave-requests/${others[0].id}`, erin)).status).toBe(404);
      expect((await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-11-04', end_date: '2030-11-04', employee_id: manager.employee.id }, erin)).status).toBe(403);
      const pending = await get('leave-requests', admin, q({ status: 'pending' }));
      const stored = await t.em().execute<{ id: number }[]>(`select id from leave_requests where company_id = ? and status = 'pending' order by id`, [a.company.id]);
      expect(stored.length).toBeGreaterThan(0);
      expect(pending.body.data.map((r: { id: number; status: string }) => [r.id, r.status]).sort((x: number[], y: number[]) => x[0] - y[0])).toEqual(
        stored.map((r) => [r.id, 'pending']),
      );
      expect((await get('leave-requests', admin, q({ status: 'done' }))).status).toBe(400);
    });

    it('approves a type that needs no approval as it is requested', async () => {
      const auto = await newType({ requires_approval: false });
      const res = await post('leave-requests', { leave_type_id: auto.id, start_date: '2030-11-11', end_date: '2030-11-11' }, erin);
      expect(res.body.data.status).toBe('approved');
    });
  });

  describe('approval state machine', () => {
    let reqId: number;

    beforeAll(async () => {
      // a holiday inside the request: 2030-06-03..2030-06-11 = 7 weekdays, one of them a holiday
      await post('holidays', { holiday_date: '2030-06-05', name: 'Midweek Holiday' });
      const res = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-06-03', end_date: '2030-06-11' }, erin);
      expect(res.status).toBe(201);
      expect(res.body.data.total_days).toBe('6.0');
      reqId = res.body.data.id;
    });

    it('refuses deciding by the employee (no edit right)', async () => {
      const res = await put(`leave-requests/${reqId}/approve`, {}, erin);
      expect(res.status).toBe(403);
    });

    it('approves once, marks the working days as leave in attendance, and answers 409 the second time', async () => {
      const em = t.em();
      // a day already checked in keeps its record
      await em.execute(
        `insert into attendance_records (company_id, employee_id, attendance_date, check_in_time, status) values (?, ?, '2030-06-04', '2030-06-04T08:00:00Z', 'present')`,
        [a.company.id, a.employee.id],
      );
      const res = await put(`leave-requests/${reqId}/approve`);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Leave request approved');
      expect(res.body.data).toMatchObject({ status: 'approved', decided_by: a.admin.id });
      const rows = (await attendance(a.employee.id)).filter((r) => r.day >= '2030-06-01' && r.day <= '2030-06-30');
      expect(rows).toEqual([
        { day: '2030-06-03', status: 'leave' },
        { day: '2030-06-04', status: 'present' },
        { day: '2030-06-06', status: 'leave' },
        { day: '2030-06-07', status: 'leave' },
        { day: '2030-06-10', status: 'leave' },
        { day: '2030-06-11', status: 'leave' },
      ]);
      const again = await put(`leave-requests/${reqId}/approve`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This leave request has already been approved');
      expect((await put(`leave-requests/${reqId}/reject`, { reason: 'late' })).status).toBe(409);
      expect((await put(`leave-requests/${reqId}/cancel`, {}, erin)).status).toBe(409);
    });

    it('shows the approved days as taken in the balance', async () => {
      const res = await get('leave-balances', erin, q({ year: 2030, leave_type_id: annual.id }));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({ employee_id: a.employee.id, entitlement: '20.0', taken: '6.0', pending: '0.0', remaining: '14.0' }),
      ]);
    });

    it('refuses self-approval by a user with the edit right', async () => {
      const own = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-07-01', end_date: '2030-07-01' }, manager.headers);
      expect(own.status).toBe(201);
      const res = await put(`leave-requests/${own.body.data.id}/approve`, {}, manager.headers);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot approve or reject your own leave request');
      expect((await put(`leave-requests/${own.body.data.id}/reject`, {}, manager.headers)).status).toBe(403);
      // someone else's request, the manager may decide
      const erins = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-07-02', end_date: '2030-07-02' }, erin);
      expect((await put(`leave-requests/${erins.body.data.id}/approve`, {}, manager.headers)).status).toBe(200);
    });

    it('rejects with a reason; the employee cancels only their own pending request', async () => {
      const one = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-07-08', end_date: '2030-07-08' }, erin);
      const rejected = await put(`leave-requests/${one.body.data.id}/reject`, { reason: 'Short-staffed' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({ status: 'rejected', rejection_reason: 'Short-staffed' });
      const two = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-07-09', end_date: '2030-07-09' }, erin);
      expect((await put(`leave-requests/${two.body.data.id}/cancel`, {}, manager.headers)).status).toBe(403);
      const cancelled = await put(`leave-requests/${two.body.data.id}/cancel`, {}, erin);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data.status).toBe('cancelled');
      expect((await put(`leave-requests/${two.body.data.id}/approve`)).status).toBe(409);
    });
  });

  describe('concurrency', () => {
    it('50 concurrent approvals of one request have one effect', async () => {
      const worker = await newEmployee(a.company, a.position);
      const made = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-08-05', end_date: '2030-08-07' }, worker.headers);
      expect(made.status).toBe(201);
      const answers = await Promise.all(Array.from({ length: 50 }, () => put(`leave-requests/${made.body.data.id}/approve`)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(await attendance(worker.employee.id)).toHaveLength(3);
    });

    it('two approvals racing for the last days cannot overdraw', async () => {
      const worker = await newEmployee(a.company, a.position);
      const small = await newType({ max_days_per_year: 4 });
      // two pending requests of 3 days each, stored directly (creation would refuse the second)
      const ids: number[] = [];
      for (const [start, end] of [['2030-02-04', '2030-02-06'], ['2030-02-11', '2030-02-13']]) {
        const [row] = await t.em().execute<{ id: number }[]>(
          `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status)
           values (?, ?, ?, ?, ?, 3, 'pending') returning id`,
          [a.company.id, worker.employee.id, small.id, start, end],
        );
        ids.push(row.id);
      }
      const answers = await Promise.all(ids.map((id) => put(`leave-requests/${id}/approve`)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(answers.find((r) => r.status === 422)!.body.message).toBe('Insufficient leave balance: 1 day remaining');
      const balance = await get('leave-balances', admin, q({ year: 2030, employee_id: worker.employee.id, leave_type_id: small.id }));
      expect(balance.body.data[0]).toMatchObject({ taken: '3.0', pending: '3.0', remaining: '-2.0' });
    });
  });

  describe('balances', () => {
    it('pro-rates a joiner and carries capped days over, expiring after the policy months', async () => {
      const policy = (
        await post('leave-policies', { name: unique('Annual '), carryOverEnabled: true, maxCarryOverDays: 10, expiryMonths: 6, proRationEnabled: true })
      ).body.data;
      const type = await newType({ max_days_per_year: 20, policy_id: policy.id });
      const joiner = await newEmployee(a.company, a.position, { hire_date: '2025-07-01' });
      const veteran = await newEmployee(a.company, a.position, { hire_date: '2020-01-15' });
      const insert = (employeeId: number, start: string, days: number, status = 'approved') =>
        t.em().execute(
          `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status) values (?, ?, ?, ?, ?, ?, ?)`,
          [a.company.id, employeeId, type.id, start, start, days, status],
        );
      // veteran: 2024 took 5 of 20 → 15 unused, capped at 10 carried into 2025; 4 taken in 2025 before 1 July
      await insert(veteran.employee.id, '2024-03-01', 5);
      await insert(veteran.employee.id, '2025-02-03', 4);
      await insert(veteran.employee.id, '2025-09-01', 2);
      const balance = async (employeeId: number, year: number) =>
        (await get('leave-balances', admin, q({ year, employee_id: employeeId, leave_type_id: type.id }))).body.data[0];

      // hired 1 July 2025: 184 of 365 days of 20 → 10.08, rounded to half days
      expect(await balance(joiner.employee.id, 2025)).toMatchObject({ entitlement: '10.0', carried_over: '0.0', remaining: '10.0' });
      expect(await balance(joiner.employee.id, 2024)).toMatchObject({ entitlement: '0.0' });
      // the joiner carries the unused 10 of 2025 into 2026 (capped at 10)
      const joiner2026 = await balance(joiner.employee.id, 2026);
      expect(joiner2026.entitlement).toBe('20.0');
      // 2025 is over: of the 10 carried days only the 4 taken before 1 July still count
      expect(await balance(veteran.employee.id, 2025)).toMatchObject({
        entitlement: '20.0',
        carried_over: '4.0',
        taken: '6.0',
        remaining: '18.0',
      });
      // 2026: unused 2025 days = 20 - 6 = 14, capped at 10; expiry is 1 July 2026, so all 10 count until then
      const v2026 = await balance(veteran.employee.id, 2026);
      const beforeExpiry = new Date().toISOString().slice(0, 10) < '2026-07-01';
      expect(v2026.carried_over).toBe(beforeExpiry ? '10.0' : '0.0');
    });

    it('shows employees their own balances only', async () => {
      const res = await get('leave-balances', erin, q({ year: 2030 }));
      expect(res.status).toBe(200);
      // one row for each of company A's active leave types, every one Erin's
      const types = await t.em().execute<{ id: number }[]>(`select id from leave_types where company_id = ? and is_active order by id`, [a.company.id]);
      expect(types.length).toBeGreaterThan(1);
      const rows = res.body.data.map((r: { employee_id: number; leave_type_id: number }) => [r.employee_id, r.leave_type_id]);
      expect(rows.sort((x: number[], y: number[]) => x[1] - y[1])).toEqual(types.map((type) => [a.employee.id, type.id]));
      const spy = await get('leave-balances', erin, q({ year: 2030, employee_id: manager.employee.id }));
      expect(spy.body.data).toEqual([]);
      const unlimited = res.body.data.find((r: { leave_type_id: number }) => r.leave_type_id === unpaid.id);
      expect(unlimited).toMatchObject({ limited: false, remaining: null });
    });
  });

  describe('attachments', () => {
    let withFile: { id: number };
    beforeAll(async () => {
      withFile = await newType({ requires_attachment: true });
    });

    const upload = (headers: Record<string, string>, content: Buffer, name = 'note.pdf', type = 'application/pdf') =>
      http().post('/api/hr/leave-requests/attachments').set(headers).attach('file', content, { filename: name, contentType: type });

    it('requires a file for a type that needs one, and stores it for its owner and admins', async () => {
      const missing = await post('leave-requests', { leave_type_id: withFile.id, start_date: '2030-12-02', end_date: '2030-12-02' }, erin);
      expect(missing.status).toBe(422);
      expect(missing.body.message).toBe(`${(await get(`leave-types/${withFile.id}`)).body.data.type_name} requires an attachment`);
      const up = await upload(erin, PDF);
      expect(up.status).toBe(201);
      expect(up.body.data).toMatchObject({ file_name: 'note.pdf', content_type: 'application/pdf', size_bytes: PDF.length });
      const made = await post(
        'leave-requests',
        { leave_type_id: withFile.id, start_date: '2030-12-02', end_date: '2030-12-02', attachment_id: up.body.data.id },
        erin,
      );
      expect(made.status).toBe(201);
      expect(made.body.data.attachment.id).toBe(up.body.data.id);
      const mine = await http().get(`/api/hr/leave-requests/attachments/${up.body.data.id}`).set(erin).buffer(true);
      expect(mine.status).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(mine.body).equals(PDF)).toBe(true);
      expect((await http().get(`/api/hr/leave-requests/attachments/${up.body.data.id}`).set(admin)).status).toBe(200);
      expect((await http().get(`/api/hr/leave-requests/attachments/${up.body.data.id}`).set(manager.headers)).status).toBe(200);
      const colleague = await newEmployee(a.company, a.position);
      expect((await http().get(`/api/hr/leave-requests/attachments/${up.body.data.id}`).set(colleague.headers)).status).toBe(404);
      // an attachment belongs to one request
      const reuse = await post(
        'leave-requests',
        { leave_type_id: withFile.id, start_date: '2030-12-09', end_date: '2030-12-09', attachment_id: up.body.data.id },
        erin,
      );
      expect(reuse.status).toBe(409);
      // nor can someone else use it
      const stolen = await post(
        'leave-requests',
        { leave_type_id: withFile.id, start_date: '2030-12-09', end_date: '2030-12-09', attachment_id: up.body.data.id },
        colleague.headers,
      );
      expect(stolen.status).toBe(404);
    });

    it('refuses files over 5 MB and types other than PDF, PNG and JPEG', async () => {
      const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(erin, big);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe('The file must be at most 5 MB');
      const exe = await upload(erin, Buffer.from('MZ\x90\x00 not a document'), 'note.pdf');
      expect(exe.status).toBe(415);
      expect(exe.body.message).toBe('The file must be a PDF, PNG or JPEG');
      const json = await http().post('/api/hr/leave-requests/attachments').set(erin).send({ file: 'x' });
      expect(json.status).toBe(400);
      const png = await upload(erin, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'scan.png', 'image/png');
      expect(png.status).toBe(201);
      expect(png.body.data.content_type).toBe('image/png');
    });
  });

  describe('tenancy', () => {
    it('company B cannot read or change company A', async () => {
      const bAdmin = bearer(b.tokens.company_admin);
      const made = await post('leave-requests', { leave_type_id: unpaid.id, start_date: '2030-12-16', end_date: '2030-12-16' }, erin);
      expect(made.status).toBe(201);
      const aReq = made.body.data;
      expect((await get(`leave-requests/${aReq.id}`, bAdmin)).status).toBe(404);
      expect((await put(`leave-requests/${aReq.id}/approve`, {}, bAdmin)).status).toBe(404);
      expect((await put(`leave-requests/${aReq.id}/reject`, {}, bAdmin)).status).toBe(404);
      expect((await get('leave-requests', bAdmin, q({}))).body.data).toEqual([]);
      expect((await get(`leave-types/${annual.id}`, bAdmin)).status).toBe(404);
      expect((await put(`leave-types/${annual.id}`, { is_active: false }, bAdmin)).status).toBe(404);
      expect((await http().delete(`/api/hr/leave-types/${annual.id}`).set(bAdmin)).status).toBe(404);
      const bEmployee = bearer(b.tokens.employee);
      // without the leave module (and self-service off) an employee reads nothing and requests nothing
      await setSelfService(t, b.company, false);
      expect((await get('leave-requests', bEmployee)).status).toBe(403);
      expect((await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-04-01', end_date: '2030-04-01' }, bEmployee)).status).toBe(403);
      await grant(t, { position: b.position }, b.company, 'leave', { can_view: true, can_create: true });
      const cross = await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-04-01', end_date: '2030-04-01' }, bEmployee);
      expect(cross.status).toBe(404);
      expect(cross.body.errors[0].field).toBe('leave_type_id');
      expect((await post('leave-requests', { leave_type_id: annual.id, start_date: '2030-04-01', end_date: '2030-04-01', employee_id: a.employee.id }, bAdmin)).status).toBe(404);
      // B's balances: its own employee on its own type, nobody of A
      const bType = (await post('leave-types', { type_name: 'Annual Leave', type_code: 'AL' }, bAdmin)).body.data;
      const bBalances = (await get('leave-balances', bAdmin, q({ year: 2030 }))).body.data;
      expect(bBalances.map((r: { employee_id: number; leave_type_id: number }) => [r.employee_id, r.leave_type_id])).toEqual([[b.employee.id, bType.id]]);
      expect((await get('holidays', bAdmin, q({ year: 2030 }))).body.data).toEqual([]);
      expect((await get(`leave-requests/${aReq.id}`)).body.data.status).toBe('pending');
    });
  });

  describe('dashboard and new companies', () => {
    it('counts pending requests on the company dashboard', async () => {
      // a company of its own: two pending requests and one approved
      const g = await createCompany(t, 'Gamma');
      const gAdmin = bearer(g.tokens.company_admin);
      const type = (await post('leave-types', { type_name: 'Annual Leave', type_code: 'AL' }, gAdmin)).body.data;
      const ask = async (day: string) => {
        const res = await post('leave-requests', { leave_type_id: type.id, start_date: day, end_date: day, employee_id: g.employee.id }, gAdmin);
        expect(res.status).toBe(201);
        return res.body.data.id as number;
      };
      const first = await ask('2030-05-06');
      const second = await ask('2030-05-07');
      const approved = await ask('2030-05-08');
      expect((await put(`leave-requests/${approved}/approve`, {}, gAdmin)).status).toBe(200);

      expect((await get('leave-requests', gAdmin, q({ status: 'pending' }, '[0,0]'))).headers['content-range']).toBe('leave-requests 0-0/2');
      const dash = await http().get('/api/dashboard/company').set(gAdmin);
      expect(dash.status).toBe(200);
      expect(dash.body.data.cards.pending_leaves).toBe(2);
      expect(dash.body.data.recent_leave_requests.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
        [approved, 'approved'],
        [second, 'pending'],
        [first, 'pending'],
      ]);
    });

    it('gives a new company the default leave types and the three sample policies', async () => {
      const superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
      const made = await http()
        .post('/api/auth/companies')
        .set(bearer(superadmin))
        .send({ company_name: 'Leave Defaults Inc', company_code: unique('LDI').toUpperCase() });
      expect(made.status).toBe(201);
      const types = await t.em().execute<{ type_code: string; max_days_per_year: number; policy: string | null }[]>(
        `select lt.type_code, lt.max_days_per_year, p.name as policy from leave_types lt left join leave_policies p on p.id = lt.policy_id
          where lt.company_id = ? order by lt.type_code`,
        [made.body.data.id],
      );
      expect(types).toEqual([
        { type_code: 'AL', max_days_per_year: 20, policy: 'Annual' },
        { type_code: 'ML', max_days_per_year: 60, policy: 'Maternity' },
        { type_code: 'PL', max_days_per_year: 10, policy: 'Maternity' },
        { type_code: 'SL', max_days_per_year: 10, policy: 'Sick' },
        { type_code: 'UL', max_days_per_year: 0, policy: null },
      ]);
    });
  });
});
