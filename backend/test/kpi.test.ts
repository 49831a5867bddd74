import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { TokenService } from '../src/modules/auth/token.service';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { usePackage } from './support/packages';
import { seedDemoKpis } from '../src/modules/kpi/kpi-demo';

const API = '/api/kpi';
const MARCH = { period_start_date: '2026-03-01', period_end_date: '2026-03-31' };

/** KPIs, targets, values and rules: forms, validation, filters, computed values, the dashboard and access. */
describe('KPI & bonus: KPIs, targets, values, rules, dashboard, access', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;

  const post = (path: string, body: object, headers = admin) => t.http().post(`${API}/${path}`).set(headers).send(body);
  const put = (path: string, body: object, headers = admin) => t.http().put(`${API}/${path}`).set(headers).send(body);
  const get = (path: string, query: Record<string, string> = {}, headers = admin) => t.http().get(`${API}/${path}`).query(query).set(headers);
  const del = (path: string, headers = admin) => t.http().delete(`${API}/${path}`).set(headers);
  const created = async (path: string, body: object, headers = admin) => {
    const res = await post(path, body, headers);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);
  const newKpi = (body: object = {}) => created('kpis', { name: unique('KPI '), code: unique('K'), category: 'sales', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
  });
  afterAll(() => t.close());

  describe('KPIs', () => {
    it('creates a KPI with the defaults a compensation manager expects', async () => {
      const res = await post('kpis', { name: '  Monthly sales revenue ', code: ' sales_rev ', category: 'sales', description: 'New revenue', unit: 'USD' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('KPI created successfully');
      expect(res.body.data).toMatchObject({
        company_id: a.company.id,
        name: 'Monthly sales revenue',
        code: 'SALES_REV',
        description: 'New revenue',
        category: 'sales',
        kpi_type: 'number',
        data_source_type: 'manual',
        period_type: 'monthly',
        direction: 'higher_is_better',
        unit: 'USD',
        is_active: true,
        targets_count: 0,
        bonus_rule_id: null,
      });
      expect((await get(`kpis/${res.body.data.id}`)).body.data.code).toBe('SALES_REV');
    });

    it('names the field at fault, and refuses a duplicate code with 409', async () => {
      const cases: Array<[object, string, string]> = [
        [{ code: 'X1', category: 'sales' }, 'name', 'KPI name, code and category are required'],
        [{ name: 'X', code: '  ', category: 'sales' }, 'code', 'KPI name, code and category are required'],
        [{ name: 'X', code: 'X2' }, 'category', 'KPI name, code and category are required'],
        [{ name: 'X', code: 'X3', category: 'marketing' }, 'category', 'Category must be one of sales, hr, operations, finance or productivity'],
        [{ name: 'X', code: 'X4', category: 'hr', kpi_type: 'ratio' }, 'kpi_type', 'KPI type must be one of number, percentage or currency'],
        [{ name: 'X', code: 'X5', category: 'hr', data_source_type: 'crm' }, 'data_source_type', 'Data source type must be one of manual, attendance rate, task completion rate or leave days'],
        [{ name: 'X', code: 'X6', category: 'hr', period_type: 'weekly' }, 'period_type', 'Period type must be one of monthly, quarterly or yearly'],
        [{ name: 'X', code: 'X7', category: 'hr', direction: 'up' }, 'direction', 'Direction must be one of higher is better or lower is better'],
        [{ name: 'X', code: 'A B', category: 'hr' }, 'code', 'Code may contain only letters, digits, _ . and -'],
        [{ name: 'X', code: 'X8', category: 'hr', weight: 3 }, 'weight', 'Weight is not an accepted field'],
      ];
      for (const [body, field, message] of cases) {
        const res = await post('kpis', body);
        expect([res.status, res.body.errors?.[0]]).toEqual([400, { field, message }]);
      }
      const dup = await post('kpis', { name: 'Other', code: 'Sales_Rev', category: 'finance' });
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toEqual({ field: 'code', message: 'A KPI with code SALES_REV already exists' });
      // the same code in another company is fine
      expect((await post('kpis', { name: 'Theirs', code: 'SALES_REV', category: 'sales' }, bearer(b.tokens.company_admin))).status).toBe(201);
    });

    it('updates only the fields sent, keeps codes unique, and deletes', async () => {
      const kpi = await newKpi({ code: 'UPD1' });
      await newKpi({ code: 'UPD2' });
      const res = await put(`kpis/${kpi.id}`, { is_active: false, direction: 'lower_is_better' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: kpi.name, code: 'UPD1', is_active: false, direction: 'lower_is_better' });
      const clash = await put(`kpis/${kpi.id}`, { code: 'upd2' });
      expect([clash.status, clash.body.message]).toEqual([409, 'A KPI with code UPD2 already exists']);
      expect((await put(`kpis/${kpi.id}`, { name: '' })).body.errors[0]).toEqual({ field: 'name', message: 'KPI name, code and category are required' });
      const gone = await del(`kpis/${kpi.id}`);
      expect([gone.status, gone.body.message]).toEqual([200, 'KPI deleted successfully']);
      expect((await get(`kpis/${kpi.id}`)).body).toEqual({ success: false, message: 'KPI not found' });
      expect((await get('kpis/99999999999')).status).toBe(404);
      expect((await get('kpis/abc')).status).toBe(400);
    });

    it("filters by the spec's plain parameters and by filter, pages with Content-Range", async () => {
      const tag = unique('flt');
      await newKpi({ name: `${tag} revenue`, category: 'sales', period_type: 'quarterly' });
      await newKpi({ name: `${tag} churn`, category: 'finance', is_active: false });
      await newKpi({ name: `${tag} hires`, category: 'hr', data_source_type: 'leave_days' });
      const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((k) => k.name.replace(`${tag} `, '')).sort();
      expect(names(await get('kpis', { search: tag }))).toEqual(['churn', 'hires', 'revenue']);
      expect(names(await get('kpis', { search: tag, status: 'inactive' }))).toEqual(['churn']);
      expect(names(await get('kpis', { search: tag, status: 'active', category: 'hr' }))).toEqual(['hires']);
      expect(names(await get('kpis', { search: tag, period: 'quarterly' }))).toEqual(['revenue']);
      expect(names(await get('kpis', { filter: JSON.stringify({ q: tag, is_active: false, category: ['finance', 'hr'] }) }))).toEqual(['churn']);
      const page = await get('kpis', { filter: JSON.stringify({ q: tag }), range: '[1,1]', sort: '["name","ASC"]' });
      expect(page.headers['content-range']).toBe('kpi/kpis 1-1/3');
      expect(names(page)).toEqual(['hires']);
      expect((await get('kpis', { status: 'paused' })).body.message).toBe('The status filter must be one of active or inactive');
      expect((await get('kpis', { filter: '{"colour":"red"}' })).status).toBe(400);
      expect((await get('kpis', { sort: '["password","ASC"]' })).status).toBe(400);
    });
  });

  describe('targets', () => {
    let kpi: { id: number };

    beforeAll(async () => {
      kpi = await newKpi({ name: 'Target KPI' });
    });

    it('sets a target for an employee, a department or a position, naming the subject', async () => {
      const res = await post('kpi-targets', { kpi_id: kpi.id, target_type: 'department', target_id: a.department.id, target_value: 1234.5, notes: 'Team goal', ...MARCH });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Target created successfully');
      expect(res.body.data).toMatchObject({
        kpi_id: kpi.id,
        kpi_name: 'Target KPI',
        target_type: 'department',
        target_id: a.department.id,
        target_name: 'Operations',
        period_start_date: '2026-03-01',
        period_end_date: '2026-03-31',
        target_value: '1234.50',
        actual_value: null,
        achievement_percentage: null,
        calculated_bonus: null,
        achieved: false,
        notes: 'Team goal',
      });
      expect((await get(`kpis/${kpi.id}`)).body.data.targets_count).toBe(1);
      const dup = await post('kpi-targets', { kpi_id: kpi.id, target_type: 'department', target_id: a.department.id, target_value: 1, ...MARCH });
      expect([dup.status, dup.body.message]).toEqual([409, 'A target for this KPI, subject and period already exists']);
    });

    it('validates the form, naming the field', async () => {
      const base = { kpi_id: kpi.id, target_type: 'employee', target_id: a.employee.id, target_value: '10', ...MARCH };
      const cases: Array<[object, number, string, string]> = [
        [{ kpi_id: undefined }, 400, 'kpi_id', 'KPI ID is required'],
        [{ target_type: 'team' }, 400, 'target_type', 'Target type must be one of employee, department or position'],
        [{ target_id: 'x' }, 400, 'target_id', 'Target ID must be a valid ID'],
        [{ target_value: -5 }, 400, 'target_value', 'Target value must be an amount of at least 0 with at most 2 decimals'],
        [{ target_value: '1.234' }, 400, 'target_value', 'Target value must be an amount of at least 0 with at most 2 decimals'],
        [{ period_start_date: '2026-02-30' }, 400, 'period_start_date', 'Period start date must be a date (YYYY-MM-DD)'],
        [{ period_end_date: '2026-02-28' }, 400, 'period_end_date', 'Period end date must not be before the period start date'],
        [{ period_end_date: '2027-03-31' }, 400, 'period_end_date', 'The period may span at most 366 days'],
        [{ target_type: 'position', target_id: b.position.id }, 404, 'target_id', 'Position not found'],
        [{ target_id: b.employee.id }, 404, 'target_id', 'Employee not found'],
        [{ target_id: 99999999999 }, 404, 'target_id', 'Employee not found'],
        [{ kpi_id: 999999999 }, 404, 'kpi_id', 'KPI not found'],
      ];
      for (const [patch, status, field, message] of cases) {
        const res = await post('kpi-targets', { ...base, ...patch });
        expect([res.status, res.body.errors?.[0]]).toEqual([status, { field, message }]);
      }
    });

    it('updates only the fields sent; a new type needs its subject', async () => {
      const target = await created('kpi-targets', { kpi_id: kpi.id, target_type: 'employee', target_id: a.employee.id, target_value: 10, ...MARCH });
      const moved = await put(`kpi-targets/${target.id}`, { target_type: 'position', target_id: a.position.id, target_value: '12' });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ target_type: 'position', target_id: a.position.id, target_name: 'Analyst', target_value: '12.00', period_start_date: '2026-03-01' });
      const half = await put(`kpi-targets/${target.id}`, { target_type: 'employee' });
      expect([half.status, half.body.errors[0]]).toEqual([400, { field: 'target_id', message: 'Target ID is required when the target type changes' }]);
      const backwards = await put(`kpi-targets/${target.id}`, { period_end_date: '2026-02-01' });
      expect(backwards.body.errors[0].field).toBe('period_end_date');
      expect((await del(`kpi-targets/${target.id}`)).body.message).toBe('Target deleted successfully');
      expect((await get(`kpi-targets/${target.id}`)).status).toBe(404);
    });

    it('filters by KPI, type, subject, period and achievement', async () => {
      const k = await newKpi();
      const mk = async (type: string, id: number, value: number, actual: number, period = MARCH) => {
        const row = await created('kpi-targets', { kpi_id: k.id, target_type: type, target_id: id, target_value: value, ...period });
        await created('kpi-values', { kpi_id: k.id, entity_type: type, entity_id: id, actual_value: actual, ...period });
        return row.id;
      };
      const hit = await mk('employee', a.employee.id, 10, 12);
      const miss = await mk('department', a.department.id, 10, 8);
      const april = await mk('position', a.position.id, 10, 10, { period_start_date: '2026-04-01', period_end_date: '2026-04-30' });
      const ids = async (filter: object) =>
        (await get('kpi-targets', { filter: JSON.stringify({ kpi_id: k.id, ...filter }), sort: '["id","ASC"]' })).body.data.map((x: any) => x.id);
      expect(await ids({})).toEqual([hit, miss, april]);
      expect(await ids({ achieved: true })).toEqual([hit, april]);
      expect(await ids({ achieved: 'false' })).toEqual([miss]);
      expect(await ids({ target_type: 'department' })).toEqual([miss]);
      expect(await ids({ employee_id: a.employee.id })).toEqual([hit]);
      expect(await ids({ period_start: '2026-03-01', period_end: '2026-03-31' })).toEqual([hit, miss]);
      expect(await ids({ period_start: '2026-04-01' })).toEqual([april]);
      const sorted = await get('kpi-targets', { filter: JSON.stringify({ kpi_id: k.id }), sort: '["achievement_percentage","DESC"]' });
      expect(sorted.body.data.map((x: any) => x.achievement_percentage)).toEqual([120, 100, 80]);
      expect((await get('kpi-targets', { filter: '{"period_start":"March"}' })).body.message).toBe('The period start filter must be a date (YYYY-MM-DD)');
    });
  });

  describe('values', () => {
    it('records manual values once per KPI, subject and period, and corrects them', async () => {
      const k = await newKpi({ name: 'Deals closed' });
      const res = await post('kpi-values', { kpi_id: k.id, entity_type: 'employee', entity_id: a.employee.id, actual_value: '-3.5', notes: 'Refunds', ...MARCH });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        kpi_name: 'Deals closed',
        entity_type: 'employee',
        entity_id: a.employee.id,
        entity_name: 'Erin Alpha',
        actual_value: '-3.50',
        target_value: null,
        source: 'manual',
        notes: 'Refunds',
        recorded_by: a.admin.id,
      });
      const dup = await post('kpi-values', { kpi_id: k.id, entity_type: 'employee', entity_id: a.employee.id, actual_value: 1, ...MARCH });
      expect([dup.status, dup.body.message]).toEqual([409, 'A value for this KPI, subject and period already exists: correct that value instead']);
      const fixed = await put(`kpi-values/${res.body.data.id}`, { actual_value: 7 });
      expect(fixed.body.data).toMatchObject({ actual_value: '7.00', notes: 'Refunds' });
      const bad = await post('kpi-values', { kpi_id: k.id, entity_type: 'employee', entity_id: a.employee.id, actual_value: 'lots', ...MARCH });
      expect(bad.body.errors[0]).toEqual({ field: 'actual_value', message: 'Actual value must be a number with at most 2 decimals' });
      expect((await del(`kpi-values/${res.body.data.id}`)).body.message).toBe('KPI value deleted successfully');
    });

    it('refuses hand-made values of computed KPIs (422)', async () => {
      const k = await newKpi({ data_source_type: 'attendance_rate' });
      const res = await post('kpi-values', { kpi_id: k.id, entity_type: 'employee', entity_id: a.employee.id, actual_value: 50, ...MARCH });
      expect(res.status).toBe(422);
      expect(res.body.errors[0]).toEqual({ field: 'kpi_id', message: 'Values of this KPI are computed from the records: use Calculate instead' });
      const manual = await newKpi();
      const calc = await post('kpi-values/calculate', { period_start: '2026-03-01', period_end: '2026-03-31', kpi_id: manual.id });
      expect([calc.status, calc.body.message]).toEqual([422, 'This KPI is entered manually: it has nothing to calculate']);
      // no KPI named (left out, null or empty) calculates every computed KPI
      for (const kpi_id of [null, '']) {
        const all = await post('kpi-values/calculate', { period_start: '2026-03-01', period_end: '2026-03-31', kpi_id });
        expect(all.status).toBe(201);
        expect(all.body.data.kpis.map((x: { kpi_id: number }) => x.kpi_id)).toContain(k.id);
      }
    });
  });

  describe('computed values from attendance, tasks and leave', () => {
    let c: CompanyFixture;
    let h: Record<string, string>;
    const p: Record<string, number> = {};
    let kpis: Record<string, number>;
    const values = async (kpi: number) => {
      const res = await get('kpi-values', { filter: JSON.stringify({ kpi_id: kpi }), range: '[0,99]', sort: '["id","ASC"]' }, h);
      return Object.fromEntries(res.body.data.map((v: any) => [`${v.entity_type}:${v.entity_name}`, v.actual_value]));
    };
    const calculate = () => post('kpi-values/calculate', { period_start: '2026-03-01', period_end: '2026-03-31' }, h);

    beforeAll(async () => {
      c = await createCompany(t, 'Delta');
      h = bearer(c.tokens.company_admin);
      const em = t.em();
      await em.nativeUpdate(Company, { id: c.company.id }, { time_zone: 'America/New_York' });
      const company = em.getReference(Company, c.company.id);
      const field = em.create(Department, { company, department_code: 'FLD', department_name: 'Field' });
      const rep = em.create(Position, { company, position_code: 'REP', position_title: 'Rep', department: field });
      const person = (first: string, extra: Partial<Employee> = {}) =>
        em.create(Employee, {
          company,
          employee_code: first.toUpperCase(),
          first_name: first,
          last_name: 'Delta',
          email: `${unique(first.toLowerCase())}@test.example.com`,
          department: field,
          position: rep,
          ...extra,
        });
      const people = { ann: person('Ann'), ben: person('Ben'), cal: person('Cal', { employment_status: 'terminated' }) };
      await em.flush();
      for (const [k, e] of Object.entries(people)) p[k] = e.id;
      p.erin = c.employee.id;
      const cid = c.company.id;

      const attendance = async (employee: number, day: string, status: string) =>
        sql('insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?, ?)', [cid, employee, day, status]);
      await attendance(p.ann, '2026-02-27', 'absent'); // outside March
      for (const [day, status] of [['02', 'present'], ['03', 'late'], ['04', 'absent'], ['05', 'leave'], ['06', 'present']]) {
        await attendance(p.ann, `2026-03-${day}`, status);
      }
      for (const [day, status] of [['02', 'present'], ['03', 'absent'], ['04', 'absent']]) await attendance(p.ben, `2026-03-${day}`, status);

      const task = (employee: number, createdAt: string, status: string) =>
        sql('insert into tasks (company_id, title, status, assigned_to_id, created_at) values (?, ?, ?, ?, ?)', [cid, 'Task', status, employee, createdAt]);
      await task(p.ann, '2026-03-05T12:00:00Z', 'completed');
      await task(p.ann, '2026-03-10T12:00:00Z', 'completed');
      await task(p.ann, '2026-04-01T03:00:00Z', 'completed'); // 31 March in New York
      await task(p.ann, '2026-03-15T12:00:00Z', 'pending');
      await task(p.ann, '2026-03-01T04:00:00Z', 'completed'); // 28 February in New York
      await task(p.ben, '2026-03-20T12:00:00Z', 'in_progress');

      const [type] = await sql(`insert into leave_types (company_id, type_name, type_code) values (?, 'Annual', 'ANN') returning id`, [cid]);
      const leave = (employee: number, start: string, end: string, days: string, status = 'approved') =>
        sql(
          `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status) values (?, ?, ?, ?, ?, ?, ?)`,
          [cid, employee, type.id, start, end, days, status],
        );
      await sql(`insert into holidays (company_id, holiday_date, name) values (?, '2026-03-31', 'Founders day')`, [cid]);
      await leave(p.ann, '2026-03-09', '2026-03-10', '2.0');
      await leave(p.ann, '2026-03-12', '2026-03-12', '0.5');
      await leave(p.ann, '2026-03-30', '2026-04-02', '3.0'); // Mon 30, (Tue 31 a holiday): 1 day in March
      await leave(p.ann, '2026-02-26', '2026-03-03', '4.0'); // Mon 2, Tue 3: 2 days in March
      await leave(p.ann, '2026-03-16', '2026-03-17', '2.0', 'pending');
      await leave(p.ben, '2026-03-18', '2026-03-18', '1.0', 'rejected');

      kpis = {
        att: (await created('kpis', { name: 'Attendance rate', code: 'ATT', category: 'hr', kpi_type: 'percentage', data_source_type: 'attendance_rate' }, h)).id,
        lvd: (await created('kpis', { name: 'Leave days', code: 'LVD', category: 'hr', data_source_type: 'leave_days', direction: 'lower_is_better' }, h)).id,
        task: (await created('kpis', { name: 'Task completion', code: 'TSK', category: 'productivity', kpi_type: 'percentage', data_source_type: 'task_completion_rate' }, h)).id,
      };
      await created('kpis', { name: 'Old attendance', code: 'OLD', category: 'hr', data_source_type: 'attendance_rate', is_active: false }, h);
    });

    it('computes every active computed KPI for the period, per employee, department and position', async () => {
      const res = await calculate();
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('15 values calculated');
      expect(res.body.data).toEqual({
        period_start: '2026-03-01',
        period_end: '2026-03-31',
        kpis: [
          { kpi_id: kpis.att, kpi_name: 'Attendance rate', data_source_type: 'attendance_rate', values_count: 4 },
          { kpi_id: kpis.lvd, kpi_name: 'Leave days', data_source_type: 'leave_days', values_count: 7 },
          { kpi_id: kpis.task, kpi_name: 'Task completion', data_source_type: 'task_completion_rate', values_count: 4 },
        ],
        values_count: 15,
      });
      // present or late among present, late and absent: Ann 3 of 4, Ben 1 of 3; teams average
      expect(await values(kpis.att)).toEqual({
        'employee:Ann Delta': '75.00',
        'employee:Ben Delta': '33.33',
        'department:Field': '54.17',
        'position:Rep': '54.17',
      });
      // created in March in New York: Ann 3 of 4 completed, Ben 0 of 1
      expect(await values(kpis.task)).toEqual({
        'employee:Ann Delta': '75.00',
        'employee:Ben Delta': '0.00',
        'department:Field': '37.50',
        'position:Rep': '37.50',
      });
      // approved days in March: Ann 2 + 0.5 + 1 + 2; teams sum; Cal (terminated) has none
      expect(await values(kpis.lvd)).toEqual({
        'employee:Ann Delta': '5.50',
        'employee:Ben Delta': '0.00',
        'employee:Erin Delta': '0.00',
        'department:Field': '5.50',
        'department:Operations': '0.00',
        'position:Rep': '5.50',
        'position:Analyst': '0.00',
      });
      const [one] = (await get('kpi-values', { filter: JSON.stringify({ kpi_id: kpis.att, entity_id: p.ann }) }, h)).body.data;
      expect(one).toMatchObject({ source: 'computed', period_start_date: '2026-03-01', period_end_date: '2026-03-31' });
      const edit = await put(`kpi-values/${one.id}`, { actual_value: 100 }, h);
      expect([edit.status, edit.body.message]).toEqual([422, 'A computed value changes only by calculating again']);
    });

    it('recalculates in place and follows the records', async () => {
      const before = (await get('kpi-values', { filter: JSON.stringify({ kpi_id: kpis.att }), sort: '["id","ASC"]' }, h)).body.data.map((v: any) => v.id);
      expect((await calculate()).body.data.values_count).toBe(15);
      const again = (await get('kpi-values', { filter: JSON.stringify({ kpi_id: kpis.att }), sort: '["id","ASC"]' }, h)).body.data.map((v: any) => v.id);
      expect(again).toEqual(before);
      await sql(`delete from attendance_records where employee_id = ?`, [p.ben]);
      const res = await post('kpi-values/calculate', { period_start: '2026-03-01', period_end: '2026-03-31', kpi_id: kpis.att }, h);
      expect(res.body.data.kpis).toEqual([{ kpi_id: kpis.att, kpi_name: 'Attendance rate', data_source_type: 'attendance_rate', values_count: 3 }]);
      expect(await values(kpis.att)).toEqual({ 'employee:Ann Delta': '75.00', 'department:Field': '75.00', 'position:Rep': '75.00' });
    });

    it('bonus calculation refreshes the computed values of its targets first', async () => {
      await created('bonus-rules', {
        kpi_id: kpis.lvd,
        name: 'Presence bonus',
        tiers: [
          { min_achievement: 90, bonus_type: 'fixed', bonus_value: 50 },
          { min_achievement: 100, bonus_type: 'fixed', bonus_value: 100 },
        ],
      }, h);
      await created('kpi-targets', { kpi_id: kpis.lvd, target_type: 'employee', target_id: p.ann, target_value: 6, ...MARCH }, h);
      // a day more of leave since the values were calculated: 6.5 days, 6 / 6.5 = 92.31 %
      await sql(
        `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status)
         select company_id, employee_id, leave_type_id, '2026-03-20', '2026-03-20', 1, 'approved' from leave_requests where employee_id = ? limit 1`,
        [p.ann],
      );
      const res = await post('bonus-calculate', { period_start: '2026-03-01', period_end: '2026-03-31' }, h);
      expect(res.body.data).toMatchObject({ payments_created: 1, total_amount: '50.00' });
      const [payment] = (await get('bonus-payments', {}, h)).body.data;
      expect(payment).toMatchObject({ employee_id: p.ann, actual_value: '6.50', target_value: '6.00', achievement_percentage: 92.31, bonus_amount: '50.00', bonus_type: 'fixed' });
    });
  });

  describe('bonus rules', () => {
    it('creates a rule with tiers sorted by achievement, one active rule per KPI', async () => {
      const k = await newKpi({ name: 'Rule KPI' });
      const res = await post('bonus-rules', {
        kpi_id: k.id,
        name: 'Quarterly bonus',
        max_bonus_amount: 2000,
        tiers: [
          { min_achievement: 120, bonus_type: 'salary_percentage', bonus_value: 12.5 },
          { min_achievement: 80, bonus_type: 'fixed', bonus_value: '200' },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Bonus rule created successfully');
      expect(res.body.data).toMatchObject({
        kpi_id: k.id,
        kpi_name: 'Rule KPI',
        name: 'Quarterly bonus',
        max_bonus_amount: '2000.00',
        is_active: true,
        tiers: [
          { min_achievement: '80.00', bonus_type: 'fixed', bonus_value: '200.00' },
          { min_achievement: '120.00', bonus_type: 'salary_percentage', bonus_value: '12.50' },
        ],
      });
      expect((await get(`kpis/${k.id}`)).body.data.bonus_rule_id).toBe(res.body.data.id);
      const second = await post('bonus-rules', { kpi_id: k.id, name: 'Another', tiers: [{ min_achievement: 100, bonus_type: 'fixed', bonus_value: 1 }] });
      expect([second.status, second.body.errors[0]]).toEqual([409, { field: 'kpi_id', message: 'This KPI already has an active bonus rule: deactivate it first' }]);
      const inactive = await post('bonus-rules', { kpi_id: k.id, name: 'Draft', is_active: false, tiers: [{ min_achievement: 100, bonus_type: 'fixed', bonus_value: 1 }] });
      expect(inactive.status).toBe(201);
      expect((await put(`bonus-rules/${inactive.body.data.id}`, { is_active: true })).status).toBe(409);

      const replaced = await put(`bonus-rules/${res.body.data.id}`, { tiers: [{ min_achievement: 100, bonus_type: 'fixed', bonus_value: 300 }], max_bonus_amount: null });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({ name: 'Quarterly bonus', max_bonus_amount: null, tiers: [{ min_achievement: '100.00', bonus_type: 'fixed', bonus_value: '300.00' }] });
      const list = await get('bonus-rules', { filter: JSON.stringify({ kpi_id: k.id, is_active: true }) });
      expect(list.body.data.map((r: any) => r.id)).toEqual([res.body.data.id]);
      expect((await del(`bonus-rules/${res.body.data.id}`)).body.message).toBe('Bonus rule deleted successfully');
    });

    it('validates tiers, naming the field', async () => {
      const k = await newKpi();
      const tier = { min_achievement: 100, bonus_type: 'fixed', bonus_value: 10 };
      const cases: Array<[object, string, string]> = [
        [{ tiers: [] }, 'tiers', 'Add at least one tier'],
        [{ tiers: 'many' }, 'tiers', 'Tiers must be a list'],
        [{ tiers: Array(11).fill(tier) }, 'tiers', 'At most 10 tiers'],
        [{ tiers: [tier, { ...tier, bonus_value: 20 }] }, 'tiers', 'Each tier needs a different minimum achievement'],
        [{ tiers: [{ ...tier, min_achievement: 1000.01 }] }, 'tiers.0.min_achievement', 'Minimum achievement must be at most 1000'],
        [{ tiers: [{ ...tier, bonus_type: 'salary_percentage', bonus_value: 1500 }] }, 'tiers.0.bonus_value', 'A salary percentage must be at most 1000'],
        [{ tiers: [{ ...tier, bonus_type: 'shares' }] }, 'tiers.0.bonus_type', 'Bonus type must be one of fixed or salary percentage'],
        [{ tiers: [{ ...tier, bonus_value: -1 }] }, 'tiers.0.bonus_value', 'Bonus value must be an amount of at least 0 with at most 2 decimals'],
        [{ max_bonus_amount: 'lots', tiers: [tier] }, 'max_bonus_amount', 'Maximum bonus amount must be an amount of at least 0 with at most 2 decimals'],
        [{ name: ' ', tiers: [tier] }, 'name', 'Name is required'],
      ];
      for (const [patch, field, message] of cases) {
        const res = await post('bonus-rules', { kpi_id: k.id, name: 'Rule', ...patch });
        expect([res.status, res.body.errors?.[0]]).toEqual([400, { field, message }]);
      }
    });
  });

  describe('bonus payments list and totals', () => {
    it('lists with the spec plain parameters and answers totals for all, paid and pending', async () => {
      const c = await createCompany(t, 'Epsilon');
      const h = bearer(c.tokens.company_admin);
      const insert = (start: string, end: string, amount: string, status: string, paid: string | null = null) =>
        sql(
          `insert into bonus_payments (company_id, employee_id, payment_period_start, payment_period_end, bonus_amount, status, paid_date)
           values (?, ?, ?, ?, ?, ?, ?)`,
          [c.company.id, c.employee.id, start, end, amount, status, paid],
        );
      await insert('2026-01-01', '2026-01-31', '100.00', 'paid', '2026-02-01');
      await insert('2026-02-01', '2026-02-28', '250.50', 'approved');
      await insert('2026-02-01', '2026-02-14', '49.50', 'calculated');
      await insert('2026-02-15', '2026-02-28', '999.00', 'rejected');
      await insert('2025-12-01', '2025-12-31', '75.00', 'cancelled');
      const list = (query: Record<string, string>) => get('bonus-payments', query, h);
      expect((await list({})).headers['content-range']).toBe('kpi/bonus-payments 0-4/5');
      expect((await list({ status: 'approved' })).body.data.map((x: any) => x.bonus_amount)).toEqual(['250.50']);
      expect((await list({ period: '2026-02', sort: '["bonus_amount","ASC"]' })).body.data.map((x: any) => x.bonus_amount)).toEqual(['49.50', '250.50', '999.00']);
      expect((await list({ period: '2025' })).body.data.map((x: any) => x.status)).toEqual(['cancelled']);
      expect((await list({ employee: String(c.employee.id), status: 'paid' })).body.data[0]).toMatchObject({ employee_name: 'Erin Epsilon', paid_date: '2026-02-01' });
      expect((await list({ employee: String(a.employee.id) })).body.data).toEqual([]);
      expect((await list({ period: 'Feb' })).body.message).toBe('The period filter must be a month (YYYY-MM) or a year (YYYY)');

      const totals = await get('bonus-payments/totals', {}, h);
      expect(totals.body.data).toEqual({
        total_count: 3,
        total_amount: '400.00',
        paid_count: 1,
        paid_amount: '100.00',
        pending_count: 2,
        pending_amount: '300.00',
      });
      expect((await get('bonus-payments/totals', { period: '2026-02' }, h)).body.data).toMatchObject({ total_count: 2, total_amount: '300.00', paid_count: 0 });
    });
  });

  describe('dashboard', () => {
    it('answers the spec figures on a known data set', async () => {
      const c = await createCompany(t, 'Gamma');
      const h = bearer(c.tokens.company_admin);
      const em = t.em();
      const company = em.getReference(Company, c.company.id);
      const staff = ['Pia', 'Quinn', 'Rosa', 'Sam', 'Tom', 'Uma'].map((first) =>
        em.create(Employee, { company, employee_code: first.toUpperCase(), first_name: first, last_name: 'Gamma', email: `${unique(first)}@test.example.com` }),
      );
      await em.flush();
      const [pia, quinn] = staff;

      const s1 = await created('kpis', { name: 'Sales', code: 'S1', category: 'sales' }, h);
      await created('kpis', { name: 'Old sales', code: 'S2', category: 'sales', is_active: false }, h);
      const h1 = await created('kpis', { name: 'Sick days', code: 'H1', category: 'hr', direction: 'lower_is_better' }, h);
      const o1 = await created('kpis', { name: 'Tickets', code: 'O1', category: 'operations' }, h);
      const jan = { period_start_date: '2026-01-01', period_end_date: '2026-01-31' };
      const pair = async (kpi: number, employee: number, target: number, actual: number) => {
        await created('kpi-targets', { kpi_id: kpi, target_type: 'employee', target_id: employee, target_value: target, ...jan }, h);
        return (await created('kpi-values', { kpi_id: kpi, entity_type: 'employee', entity_id: employee, actual_value: actual, ...jan }, h)).id;
      };
      const v1 = await pair(s1.id, pia.id, 100, 120); // 120 %, +20
      const v2 = await pair(h1.id, pia.id, 10, 5); // lower is better: 200 %, +50
      const v3 = await pair(o1.id, quinn.id, 200, 150); // 75 %, -25
      for (let m = 1; m <= 10; m++) {
        const month = String(m).padStart(2, '0');
        const end = new Date(Date.UTC(2025, m, 0)).toISOString().slice(0, 10);
        await created('kpi-values', { kpi_id: s1.id, entity_type: 'employee', entity_id: quinn.id, actual_value: m, period_start_date: `2025-${month}-01`, period_end_date: end }, h);
      }

      const pay = (employee: Employee, amount: string, status: string, month: number) =>
        sql(
          `insert into bonus_payments (company_id, employee_id, payment_period_start, payment_period_end, bonus_amount, status)
           values (?, ?, ?, ?, ?, ?)`,
          [c.company.id, employee.id, `2025-${String(month).padStart(2, '0')}-01`, `2025-${String(month).padStart(2, '0')}-28`, amount, status],
        );
      const [, , rosa, sam, tom, uma] = staff;
      await pay(pia, '100.00', 'paid', 1);
      await pay(pia, '50.00', 'paid', 2);
      await pay(quinn, '300.00', 'approved', 1);
      await pay(rosa, '125.00', 'calculated', 1);
      await pay(sam, '80.00', 'paid', 1);
      await pay(sam, '1000.00', 'rejected', 2);
      await pay(tom, '999.00', 'cancelled', 1);
      await pay(tom, '10.00', 'calculated', 2);
      await pay(uma, '200.00', 'paid', 1);

      const res = await get('kpi-dashboard', {}, h);
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(d.kpi_summary).toEqual([
        { category: 'sales', total_kpis: 2, active_kpis: 1 },
        { category: 'hr', total_kpis: 1, active_kpis: 1 },
        { category: 'operations', total_kpis: 1, active_kpis: 1 },
      ]);
      expect(d.targets_summary).toEqual({ achieved_targets: 2, total_targets: 3, achievement_rate: 67 });
      expect(d.bonus_summary).toEqual({ total_bonus_amount: '430.00', paid_payments: 3 + 1, pending_bonus_amount: '435.00', pending_payments: 3 });
      expect(d.top_performers).toEqual([
        { employee_id: quinn.id, employee_name: 'Quinn Gamma', payment_count: 1, total_bonus: '300.00' },
        { employee_id: uma.id, employee_name: 'Uma Gamma', payment_count: 1, total_bonus: '200.00' },
        { employee_id: pia.id, employee_name: 'Pia Gamma', payment_count: 2, total_bonus: '150.00' },
        { employee_id: rosa.id, employee_name: 'Rosa Gamma', payment_count: 1, total_bonus: '125.00' },
        { employee_id: sam.id, employee_name: 'Sam Gamma', payment_count: 1, total_bonus: '80.00' },
      ]);
      expect(d.recent_values).toHaveLength(10);
      expect(d.recent_values.slice(0, 3)).toEqual([
        { id: v3, kpi_name: 'Tickets', entity_type: 'employee', entity_name: 'Quinn Gamma', actual_value: '150.00', target_value: '200.00', variance_percentage: -25, period_end_date: '2026-01-31' },
        { id: v2, kpi_name: 'Sick days', entity_type: 'employee', entity_name: 'Pia Gamma', actual_value: '5.00', target_value: '10.00', variance_percentage: 50, period_end_date: '2026-01-31' },
        { id: v1, kpi_name: 'Sales', entity_type: 'employee', entity_name: 'Pia Gamma', actual_value: '120.00', target_value: '100.00', variance_percentage: 20, period_end_date: '2026-01-31' },
      ]);
      expect(d.recent_values.slice(3).map((v: any) => [v.period_end_date, v.target_value, v.variance_percentage])).toEqual(
        ['2025-10-31', '2025-09-30', '2025-08-31', '2025-07-31', '2025-06-30', '2025-05-31', '2025-04-30'].map((day) => [day, null, null]),
      );

      const empty = await get('kpi-dashboard', {}, bearer(b.tokens.company_admin));
      expect(empty.body.data.targets_summary).toEqual({ achieved_targets: 0, total_targets: 0, achievement_rate: 0 });
      expect(empty.body.data.bonus_summary).toEqual({ total_bonus_amount: '0.00', paid_payments: 0, pending_bonus_amount: '0.00', pending_payments: 0 });
    });
  });

  describe('demo data', () => {
    it('gives a new company no KPIs, and the demo company KPIs with targets, values and a commission rule', async () => {
      const c = await createCompany(t, 'Theta');
      const h = bearer(c.tokens.company_admin);
      expect((await get('kpis', {}, h)).body.data).toEqual([]);

      const em = t.em();
      const company = await em.findOneOrFail(Company, { id: c.company.id });
      const [li, amara] = ['Li', 'Amara'].map((first) =>
        em.create(Employee, { company, employee_code: first.toUpperCase(), first_name: first, last_name: 'Theta', email: `${unique(first)}@test.example.com`, salary: '52000.00' }),
      );
      seedDemoKpis(em, company, { sales: [li, amara], engineering: em.getReference(Department, c.department.id) }, new Date('2026-05-10T12:00:00Z'));
      await em.flush();

      const kpis = (await get('kpis', { sort: '["code","ASC"]' }, h)).body.data;
      expect(kpis.map((k: any) => [k.code, k.data_source_type, k.targets_count, k.bonus_rule_id !== null])).toEqual([
        ['ATTENDANCE', 'attendance_rate', 1, false],
        ['SALES_REV', 'manual', 2, true],
        ['TASKS_DONE', 'task_completion_rate', 1, false],
      ]);
      const targets = (await get('kpi-targets', { filter: JSON.stringify({ period_start: '2026-04-01', period_end: '2026-04-30' }), sort: '["id","ASC"]' }, h)).body.data;
      expect(targets.map((x: any) => [x.target_name, x.achievement_percentage])).toEqual([
        ['Li Theta', 115],
        ['Amara Theta', 87.5],
        ['Operations', null],
        ['Operations', null],
      ]);
      // 115 % → 5 % of 52,000 / 12; 87.5 % reaches no tier
      const calc = await post('bonus-calculate', { period_start: '2026-04-01', period_end: '2026-04-30' }, h);
      expect(calc.body.data).toMatchObject({ payments_created: 1, total_amount: '216.67' });
      expect((await get('kpi-dashboard', {}, h)).body.data.targets_summary).toEqual({ achieved_targets: 1, total_targets: 4, achievement_rate: 25 });
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 for another company's KPI, target, value and rule, and changes nothing", async () => {
      const kpi = await newKpi({ name: 'Private KPI' });
      const target = await created('kpi-targets', { kpi_id: kpi.id, target_type: 'employee', target_id: a.employee.id, target_value: 5, ...MARCH });
      const value = await created('kpi-values', { kpi_id: kpi.id, entity_type: 'employee', entity_id: a.employee.id, actual_value: 5, ...MARCH });
      const rule = await created('bonus-rules', { kpi_id: kpi.id, name: 'Private rule', tiers: [{ min_achievement: 0, bonus_type: 'fixed', bonus_value: 1 }] });
      const other = bearer(b.tokens.company_admin);
      for (const [path, id, what] of [
        ['kpis', kpi.id, 'KPI'],
        ['kpi-targets', target.id, 'KPI target'],
        ['kpi-values', value.id, 'KPI value'],
        ['bonus-rules', rule.id, 'Bonus rule'],
      ] as const) {
        expect((await get(`${path}/${id}`, {}, other)).body).toEqual({ success: false, message: `${what} not found` });
        expect((await put(`${path}/${id}`, { notes: 'x' }, other)).status).toBe(path === 'kpis' || path === 'bonus-rules' ? 400 : 404);
        expect((await put(`${path}/${id}`, {}, other)).status).toBe(404);
        expect((await del(`${path}/${id}`, other)).status).toBe(404);
        expect((await get(path, { filter: JSON.stringify({ id }) }, other)).body.data).toEqual([]);
      }
      expect((await post('kpi-values', { kpi_id: kpi.id, entity_type: 'employee', entity_id: b.employee.id, actual_value: 1, ...MARCH }, other)).status).toBe(404);
      expect((await post('bonus-rules', { kpi_id: kpi.id, name: 'Theirs', tiers: [{ min_achievement: 0, bonus_type: 'fixed', bonus_value: 1 }] }, other)).status).toBe(404);
      expect((await post('kpi-values/calculate', { period_start: '2026-03-01', period_end: '2026-03-31', kpi_id: kpi.id }, other)).status).toBe(404);
      expect((await post('kpis', { name: 'X', code: unique('X'), category: 'hr', company_id: a.company.id }, other)).status).toBe(404);
      expect((await get(`kpis/${kpi.id}`)).body.data).toMatchObject({ name: 'Private KPI', targets_count: 1, bonus_rule_id: rule.id });
      expect((await get(`kpi-values/${value.id}`)).body.data.actual_value).toBe('5.00');
    });
  });

  describe('access', () => {
    it('needs module kpi: an employee without it gets 403, with it what the flags allow', async () => {
      const c = await createCompany(t, 'Zeta');
      const employee = bearer(c.tokens.employee);
      const denied = await t.http().get(`${API}/kpis`).set(employee);
      expect([denied.status, denied.body.message]).toEqual([403, 'You do not have view access to the kpi module']);
      await grant(t, { department: c.department }, c.company, 'kpi', { can_view: true });
      expect((await t.http().get(`${API}/kpi-dashboard`).set(employee)).status).toBe(200);
      const write = await post('kpis', { name: 'X', code: 'X', category: 'hr' }, employee);
      expect([write.status, write.body.message]).toEqual([403, 'You do not have create access to the kpi module']);
      await grant(t, { position: c.position }, c.company, 'kpi', { can_view: true, can_create: true });
      const kpi = await post('kpis', { name: 'X', code: 'X', category: 'hr' }, employee);
      expect(kpi.status).toBe(201);
      expect((await put(`kpis/${kpi.body.data.id}`, { name: 'Y' }, employee)).status).toBe(403);
      expect((await del(`kpis/${kpi.body.data.id}`, employee)).status).toBe(403);
      expect((await t.http().get(`${API}/kpis`)).status).toBe(401);
    });

    it('lets a superadmin in only while impersonating the company', async () => {
      const superadmin = await createUser(t.em(), 'superadmin');
      const plain = await t.http().get(`${API}/kpis`).set(bearer(await login(t, superadmin.email)));
      expect([plain.status, plain.body.message]).toEqual([403, 'Impersonate a company to work with its data']);
      const token = bearer(await t.app.get(TokenService).accessToken(superadmin, a.company.id));
      const kpi = await post('kpis', { name: 'Impersonated', code: unique('IMP'), category: 'hr', company_id: a.company.id }, token);
      expect(kpi.status).toBe(201);
      expect(kpi.body.data.company_id).toBe(a.company.id);
    });

    it("needs the kpi feature in the company's package, not only the monitoring feature", async () => {
      const c = await createCompany(t, 'Eta');
      await usePackage(t, c.company, { features: ['employees', 'monitoring'] });
      for (const res of [
        await t.http().get(`${API}/kpis`).set(bearer(c.tokens.company_admin)),
        await post('bonus-calculate', { period_start: '2026-01-01', period_end: '2026-01-31' }, bearer(c.tokens.company_admin)),
      ]) {
        expect([res.status, res.body.message]).toEqual([403, 'Your package does not include KPI & Bonus']);
      }
      expect((await t.http().get('/api/monitoring/tasks').set(bearer(c.tokens.company_admin))).status).toBe(200);
    });
  });
});
