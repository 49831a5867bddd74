import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/kpi';
const JAN = { period_start_date: '2026-01-01', period_end_date: '2026-01-31' };
const FEB = { period_start_date: '2026-02-01', period_end_date: '2026-02-28' };

/**
 * Achievement, tiers, fan-out, idempotency, races, payment decisions and the payroll hand-off,
 * each figure computed by hand from the data set below.
 *
 * Company A: Sales (Ann 60,000, Ben 50,000, Cal 48,000 on leave, Dee 72,000 terminated; all Sales
 * Reps but Dee) and Operations (Erin of the fixture, no salary, and Eve 36,000; both Analysts).
 */
describe('KPI bonuses: achievement, tiers, calculation, decisions, payroll', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let sales: Department;
  let rep: Position;
  const ids: Record<string, number> = {};

  const post = (path: string, body: object, headers = admin) => t.http().post(`${API}/${path}`).set(headers).send(body);
  const put = (path: string, body: object = {}, headers = admin) => t.http().put(`${API}/${path}`).set(headers).send(body);
  const created = async (path: string, body: object) => {
    const res = await post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const calculate = (period_start: string, period_end: string, headers = admin) =>
    post('bonus-calculate', { period_start, period_end }, headers);
  const payments = async (filter: object = {}) => {
    const res = await t.http().get(`${API}/bonus-payments`).query({ filter: JSON.stringify(filter), range: '[0,499]', sort: '["id","ASC"]' }).set(admin);
    expect(res.status).toBe(200);
    return res.body.data as Array<Record<string, any>>;
  };
  /** "employee code / KPI code" → amount, of the payments the filter selects. */
  const amounts = async (filter: object) =>
    Object.fromEntries(
      (await payments(filter)).map((p) => [`${p.employee_code}/${p.kpi_name}`, `${p.bonus_amount} ${p.status}`]),
    );
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    const em = t.em();
    const company = em.getReference(Company, a.company.id);
    sales = em.create(Department, { company, department_code: 'SAL', department_name: 'Sales' });
    rep = em.create(Position, { company, position_code: 'REP', position_title: 'Sales Rep', department: sales });
    const person = (code: string, salary: string | null, extra: Partial<Employee> = {}) =>
      em.create(Employee, {
        company,
        employee_code: code,
        first_name: code.charAt(0) + code.slice(1).toLowerCase(),
        last_name: 'Alpha',
        email: `${unique(code.toLowerCase())}@test.example.com`,
        department: sales,
        position: rep,
        salary,
        ...extra,
      });
    const people = {
      ANN: person('ANN', '60000.00'),
      BEN: person('BEN', '50000.00'),
      CAL: person('CAL', '48000.00', { employment_status: 'on_leave' }),
      DEE: person('DEE', '72000.00', { employment_status: 'terminated', position: null }),
      EVE: person('EVE', '36000.00', {
        department: em.getReference(Department, a.department.id),
        position: em.getReference(Position, a.position.id),
      }),
    };
    await em.flush();
    for (const [code, e] of Object.entries(people)) ids[code] = e.id;
    ids.ERIN = a.employee.id;
    await sql(`update employees set employee_code = 'ERIN' where id = ?`, [ids.ERIN]);

    // Revenue: higher is better; 80% → 200, 100% → 10 % of the monthly salary, 120% → 1,500; capped at 1,000
    ids.REV = (await created('kpis', { name: 'REV', code: 'REV', category: 'sales', kpi_type: 'currency' })).id;
    ids.REV_RULE = (
      await created('bonus-rules', {
        kpi_id: ids.REV,
        name: 'Revenue bonus',
        max_bonus_amount: '1000',
        tiers: [
          { min_achievement: 80, bonus_type: 'fixed', bonus_value: 200 },
          { min_achievement: '100', bonus_type: 'salary_percentage', bonus_value: '10' },
          { min_achievement: 120, bonus_type: 'fixed', bonus_value: '1500.00' },
        ],
      })
    ).id;
    // Defects: lower is better; 100% → 300, 150% → 600
    ids.DEF = (await created('kpis', { name: 'DEF', code: 'DEF', category: 'operations', direction: 'lower_is_better' })).id;
    await created('bonus-rules', {
      kpi_id: ids.DEF,
      name: 'Quality bonus',
      tiers: [
        { min_achievement: 150, bonus_type: 'fixed', bonus_value: 600 },
        { min_achievement: 100, bonus_type: 'fixed', bonus_value: 300 },
      ],
    });

    const target = async (kpi: number, type: string, subject: number, value: string, actual: string | null, period = JAN) => {
      const row = await created('kpi-targets', { kpi_id: kpi, target_type: type, target_id: subject, target_value: value, ...period });
      if (actual !== null) {
        await created('kpi-values', { kpi_id: kpi, entity_type: type, entity_id: subject, actual_value: actual, ...period });
      }
      return row.id as number;
    };
    ids.T_ANN_REV = await target(ids.REV, 'employee', ids.ANN, '50000', '62500'); // 125 % → 1,500 capped to 1,000
    ids.T_BEN_REV = await target(ids.REV, 'employee', ids.BEN, '40000', '42000'); // 105 % → 50,000 / 12 × 10 % = 416.67
    ids.T_EVE_REV = await target(ids.REV, 'employee', ids.EVE, '10000', '8500'); // 85 % → 200
    ids.T_ERIN_REV = await target(ids.REV, 'employee', ids.ERIN, '10000', '7000'); // 70 %: no tier
    ids.T_CAL_REV = await target(ids.REV, 'employee', ids.CAL, '10000', null); // no value: nothing
    ids.T_SALES_DEF = await target(ids.DEF, 'department', sales.id, '10', '8'); // 10 / 8 = 125 % → 300 to Ann (Ben: own target)
    ids.T_ANL_DEF = await target(ids.DEF, 'position', a.position.id, '10', '5'); // 200 % → 600 to Erin and Eve
    ids.T_BEN_DEF = await target(ids.DEF, 'employee', ids.BEN, '10', '20'); // 50 %: Ben's own target pays nothing
    // outside January: not part of its calculation
    ids.T_ANN_REV_FEB = await target(ids.REV, 'employee', ids.ANN, '50000', '50000', FEB); // 100 % → 500
    await target(ids.REV, 'employee', ids.BEN, '1', '100', { period_start_date: '2026-01-15', period_end_date: '2026-02-14' });
  });
  afterAll(() => t.close());

  describe('achievement', () => {
    it('derives actual value, achievement and achieved for higher- and lower-is-better KPIs', async () => {
      const res = await t.http().get(`${API}/kpi-targets`).query({ range: '[0,99]', filter: JSON.stringify(JAN_FILTER) }).set(admin);
      expect(res.status).toBe(200);
      const byId = Object.fromEntries(res.body.data.map((x: any) => [x.id, x]));
      expect(byId[ids.T_ANN_REV]).toMatchObject({ target_value: '50000.00', actual_value: '62500.00', achievement_percentage: 125, achieved: true, target_name: 'Ann Alpha' });
      expect(byId[ids.T_BEN_REV]).toMatchObject({ achievement_percentage: 105, achieved: true });
      expect(byId[ids.T_EVE_REV]).toMatchObject({ achievement_percentage: 85, achieved: false });
      expect(byId[ids.T_CAL_REV]).toMatchObject({ actual_value: null, achievement_percentage: null, achieved: false });
      expect(byId[ids.T_SALES_DEF]).toMatchObject({ target_type: 'department', target_name: 'Sales', actual_value: '8.00', achievement_percentage: 125, achieved: true, direction: 'lower_is_better' });
      expect(byId[ids.T_ANL_DEF]).toMatchObject({ target_type: 'position', target_name: 'Analyst', achievement_percentage: 200 });
      expect(byId[ids.T_BEN_DEF]).toMatchObject({ achievement_percentage: 50, achieved: false });
      // the two targets crossing the month bounds are not January's
      expect(res.body.data).toHaveLength(8);
    });

    it('caps achievement at 1000 % and treats an actual of 0 on a lower-is-better KPI as beating the target', async () => {
      const kpi = (await created('kpis', { name: 'Incidents', code: unique('INC'), category: 'operations', direction: 'lower_is_better' })).id;
      const period = { period_start_date: '2025-06-01', period_end_date: '2025-06-30' };
      const zero = await created('kpi-targets', { kpi_id: kpi, target_type: 'employee', target_id: ids.ANN, target_value: 3, ...period });
      await created('kpi-values', { kpi_id: kpi, entity_type: 'employee', entity_id: ids.ANN, actual_value: 0, ...period });
      const high = (await created('kpis', { name: 'Calls', code: unique('CALL'), category: 'sales' })).id;
      const tiny = await created('kpi-targets', { kpi_id: high, target_type: 'employee', target_id: ids.ANN, target_value: '0.5', ...period });
      await created('kpi-values', { kpi_id: high, entity_type: 'employee', entity_id: ids.ANN, actual_value: 40, ...period });
      const get = async (id: number) => (await t.http().get(`${API}/kpi-targets/${id}`).set(admin)).body.data;
      expect(await get(zero.id)).toMatchObject({ achievement_percentage: 1000, achieved: true });
      expect(await get(tiny.id)).toMatchObject({ achievement_percentage: 1000, achieved: true });
    });
  });

  describe('calculation', () => {
    let first: Record<string, any>;

    it('pays each employee by the highest tier reached, with salary percentages rounded and the cap applied', async () => {
      const res = await calculate('2026-01-01', '2026-01-31');
      expect(res.status).toBe(201);
      first = res.body.data;
      // 1000 + 416.67 + 200 + 300 + 600 + 600
      expect(first).toEqual({ period_start: '2026-01-01', period_end: '2026-01-31', payments_created: 6, total_amount: '3116.67', replaced: 0, kept: 0 });
      expect(res.body.message).toBe('Bonuses calculated: 6 payments, 3116.67 in total');
      expect(await amounts(JAN_FILTER)).toEqual({
        'ANN/REV': '1000.00 calculated',
        'BEN/REV': '416.67 calculated',
        'EVE/REV': '200.00 calculated',
        'ANN/DEF': '300.00 calculated',
        'ERIN/DEF': '600.00 calculated',
        'EVE/DEF': '600.00 calculated',
      });
      const [ben] = await payments({ employee_id: ids.BEN, kpi_id: ids.REV, ...JAN_FILTER });
      expect(ben).toMatchObject({
        employee_name: 'Ben Alpha',
        kpi_target_id: ids.T_BEN_REV,
        bonus_rule_id: ids.REV_RULE,
        payment_period_start: '2026-01-01',
        payment_period_end: '2026-01-31',
        achievement_percentage: 105,
        actual_value: '42000.00',
        target_value: '40000.00',
        bonus_type: 'salary_percentage',
        status: 'calculated',
        paid_date: null,
      });
    });

    it('fans a department target out to its active members only (on leave and terminated left out)', async () => {
      const def = await payments({ kpi_target_id: ids.T_SALES_DEF });
      expect(def.map((p) => p.employee_id)).toEqual([ids.ANN]);
      expect((await payments({ employee_id: [ids.CAL, ids.DEE] })).length).toBe(0);
      const targets = (await t.http().get(`${API}/kpi-targets/${ids.T_ANL_DEF}`).set(admin)).body.data;
      expect(targets.calculated_bonus).toBe('1200.00');
    });

    it('recalculates idempotently: the same payments, the same ids, nothing added', async () => {
      const before = await payments(JAN_FILTER);
      const res = await calculate('2026-01-01', '2026-01-31');
      expect(res.body.data).toEqual({ ...first, replaced: 6 });
      const after = await payments(JAN_FILTER);
      expect(after.map((p) => [p.id, p.bonus_amount])).toEqual(before.map((p) => [p.id, p.bonus_amount]));
    });

    it('keeps approved and rejected payments untouched and follows changed values for the others', async () => {
      const [annRev] = await payments({ employee_id: ids.ANN, kpi_id: ids.REV, ...JAN_FILTER });
      const [eveDef] = await payments({ employee_id: ids.EVE, kpi_id: ids.DEF, ...JAN_FILTER });
      expect((await put(`bonus-payments/${annRev.id}/approve`)).status).toBe(200);
      expect((await put(`bonus-payments/${eveDef.id}/reject`, { reason: 'Audit pending' })).status).toBe(200);
      // Ann's value drops to the target (100 % → 500) and Ben's rises to 120 % (1,500 capped at 1,000)
      const values = (await t.http().get(`${API}/kpi-values`).query({ filter: JSON.stringify({ kpi_id: ids.REV, ...JAN_FILTER }), range: '[0,99]' }).set(admin)).body.data;
      const valueOf = (employee: number) => values.find((v: any) => v.entity_type === 'employee' && v.entity_id === employee).id;
      expect((await put(`kpi-values/${valueOf(ids.ANN)}`, { actual_value: '50000' })).status).toBe(200);
      expect((await put(`kpi-values/${valueOf(ids.BEN)}`, { actual_value: 48000 })).status).toBe(200);

      const res = await calculate('2026-01-01', '2026-01-31');
      expect(res.body.data).toMatchObject({ payments_created: 4, kept: 2, replaced: 4, total_amount: '2100.00' });
      expect(await amounts(JAN_FILTER)).toEqual({
        'ANN/REV': '1000.00 approved',
        'BEN/REV': '1000.00 calculated',
        'EVE/REV': '200.00 calculated',
        'ANN/DEF': '300.00 calculated',
        'ERIN/DEF': '600.00 calculated',
        'EVE/DEF': '600.00 rejected',
      });
    });

    it("removes a calculated payment whose target no longer earns one (counted as replaced)", async () => {
      const values = (await t.http().get(`${API}/kpi-values`).query({ filter: JSON.stringify({ kpi_id: ids.REV, entity_id: ids.EVE, ...JAN_FILTER }) }).set(admin)).body.data;
      expect((await t.http().delete(`${API}/kpi-values/${values[0].id}`).set(admin)).status).toBe(200);
      const res = await calculate('2026-01-01', '2026-01-31');
      expect(res.body.data).toMatchObject({ payments_created: 3, kept: 2, replaced: 4, total_amount: '1900.00' });
      expect(Object.keys(await amounts(JAN_FILTER))).not.toContain('EVE/REV');
    });

    it('validates the period', async () => {
      const cases: Array<[object, string, string]> = [
        [{ period_end: '2026-01-31' }, 'period_start', 'Period start is required'],
        [{ period_start: '2026-01-01', period_end: '2026-02-30' }, 'period_end', 'Period end must be a date (YYYY-MM-DD)'],
        [{ period_start: '2026-02-01', period_end: '2026-01-31' }, 'period_end', 'Period end must not be before the period start'],
        [{ period_start: '2026-01-01', period_end: '2027-06-30' }, 'period_end', 'The period may span at most 366 days'],
      ];
      for (const [body, field, message] of cases) {
        const res = await post('bonus-calculate', body);
        expect(res.status).toBe(400);
        expect(res.body.errors[0]).toEqual({ field, message });
      }
    });

    it('10 identical calculations at once leave one set of payments', async () => {
      const statuses = await Promise.all(Array.from({ length: 10 }, () => calculate('2026-02-01', '2026-02-28')));
      expect(statuses.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(statuses.every((r) => r.body.data.payments_created === 1 && r.body.data.total_amount === '500.00')).toBe(true);
      expect(await amounts({ period: '2026-02' })).toEqual({ 'ANN/REV': '500.00 calculated' });
      const [run] = await sql(`select run_count, payments_count, total_amount from bonus_calculation_runs where company_id = ? and period_start = '2026-02-01'`, [
        a.company.id,
      ]);
      expect(run).toEqual({ run_count: 10, payments_count: 1, total_amount: '500.00' });
    });
  });

  describe('payment decisions', () => {
    let pay: (code: string, kpi: string) => Promise<Record<string, any>>;

    beforeAll(() => {
      pay = async (code, kpi) => {
        const [p] = await payments({ employee_id: ids[code], kpi_id: ids[kpi], ...JAN_FILTER });
        return p;
      };
    });

    it('moves calculated → approved → paid, recording who approved and when it was paid', async () => {
      const erin = await pay('ERIN', 'DEF');
      const approved = await put(`bonus-payments/${erin.id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.message).toBe('Bonus payment approved');
      expect(approved.body.data).toMatchObject({ status: 'approved', paid_date: null });
      expect(new Date(approved.body.data.approved_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      const [row] = await sql('select approved_by_id from bonus_payments where id = ?', [erin.id]);
      expect(row.approved_by_id).toBe(a.admin.id);

      const paid = await put(`bonus-payments/${erin.id}/mark-paid`, { paid_date: '2026-02-05' });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ status: 'paid', paid_date: '2026-02-05' });

      const ann = await pay('ANN', 'DEF');
      await put(`bonus-payments/${ann.id}/approve`);
      await t.em().nativeUpdate(Company, { id: a.company.id }, { time_zone: 'Pacific/Kiritimati' });
      try {
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
        const res = await put(`bonus-payments/${ann.id}/mark-paid`);
        expect(res.body.data).toMatchObject({ status: 'paid', paid_date: today });
      } finally {
        await t.em().nativeUpdate(Company, { id: a.company.id }, { time_zone: 'UTC' });
      }
    });

    it('rejects and cancels calculated or approved payments with a reason', async () => {
      const ben = await pay('BEN', 'REV');
      const res = await put(`bonus-payments/${ben.id}/cancel`, { reason: '  Left the deal team  ' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Bonus payment cancelled');
      expect(res.body.data).toMatchObject({ status: 'cancelled', status_note: 'Left the deal team' });
    });

    it('answers 409 for every other move, with a clear message', async () => {
      const paid = await pay('ERIN', 'DEF');
      const approved = await pay('ANN', 'REV');
      const [calculated] = await payments({ status: 'calculated' }); // Ann's February revenue bonus
      const cancelled = await pay('BEN', 'REV');
      const cases: Array<[number, string, string]> = [
        [paid.id, 'approve', 'This bonus payment is paid: only calculated payments can be approved'],
        [paid.id, 'reject', 'This bonus payment is paid: only calculated or approved payments can be rejected'],
        [paid.id, 'cancel', 'This bonus payment is paid: only calculated or approved payments can be cancelled'],
        [paid.id, 'mark-paid', 'This bonus payment is paid: only approved payments can be marked paid'],
        [approved.id, 'approve', 'This bonus payment is approved: only calculated payments can be approved'],
        [calculated.id, 'mark-paid', 'This bonus payment is calculated: only approved payments can be marked paid'],
        [cancelled.id, 'reject', 'This bonus payment is cancelled: only calculated or approved payments can be rejected'],
        [cancelled.id, 'approve', 'This bonus payment is cancelled: only calculated payments can be approved'],
      ];
      for (const [id, action, message] of cases) {
        const res = await put(`bonus-payments/${id}/${action}`);
        expect([action, res.status, res.body.message]).toEqual([action, 409, message]);
      }
      expect((await pay('ERIN', 'DEF')).status).toBe('paid');
    });

    it('lets nobody approve or pay their own bonus; others with kpi edit may', async () => {
      // Eve (an Analyst) signs in; Analysts may edit module kpi
      const eveUser = await createUser(t.em(), 'employee', { company: a.company, employee: t.em().getReference(Employee, ids.EVE) });
      await grant(t, { position: a.position }, a.company, 'kpi', { can_view: true, can_edit: true });
      const eve = bearer(await login(t, eveUser.email));
      const evePayment = (await created('kpi-targets', { kpi_id: ids.DEF, target_type: 'employee', target_id: ids.EVE, target_value: 4, ...FEB })).id;
      await created('kpi-values', { kpi_id: ids.DEF, entity_type: 'employee', entity_id: ids.EVE, actual_value: 2, ...FEB });
      await calculate('2026-02-01', '2026-02-28');
      const [own] = await payments({ kpi_target_id: evePayment });
      const denied = await put(`bonus-payments/${own.id}/approve`, {}, eve);
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('You cannot approve or pay your own bonus');
      const [annFeb] = await payments({ employee_id: ids.ANN, period: '2026-02' });
      const allowed = await put(`bonus-payments/${annFeb.id}/approve`, {}, eve);
      expect(allowed.status).toBe(200);
      expect((await put(`bonus-payments/${own.id}/approve`)).status).toBe(200);
      expect((await put(`bonus-payments/${own.id}/mark-paid`, {}, eve)).body.message).toBe('You cannot approve or pay your own bonus');
      // without create rights Eve cannot calculate
      expect((await calculate('2026-02-01', '2026-02-28', eve)).status).toBe(403);
    });
  });

  describe('payroll hand-off', () => {
    it("pays an approved bonus in the payroll of the month its period ends, and marks it paid with the payroll", async () => {
      const [annFeb] = await payments({ employee_id: ids.ANN, period: '2026-02' });
      expect(annFeb).toMatchObject({ status: 'approved', bonus_amount: '500.00' });
      const run = await t.http().post('/api/hr/payroll').set(admin).send({ year: 2026, month: 2 });
      expect(run.status).toBe(201);
      const records = await t.http().get('/api/hr/payroll').query({ year: 2026, month: 2, employee_id: ids.ANN }).set(admin);
      const record = records.body.data[0];
      expect(record.bonuses).toBe('500.00');
      const detail = await t.http().get(`/api/hr/payroll/${record.id}`).set(admin);
      const line = detail.body.data.lines.find((l: any) => l.category === 'bonus');
      expect(line).toMatchObject({ amount: '500.00', bonus_payment_id: annFeb.id, name: 'Bonus 2026-02-01 to 2026-02-28' });

      // the payroll pays it: not outside it, and cancelling says so
      const outside = await put(`bonus-payments/${annFeb.id}/mark-paid`);
      expect(outside.status).toBe(409);
      expect(outside.body.message).toBe('This bonus is included in the payroll for February 2026 and is paid with it');

      // a bonus cancelled after the run is never paid with it: the payroll must be processed again
      const [other] = (await payments({ period: '2026-02' })).filter(
        (p) => p.status === 'approved' && p.id !== annFeb.id,
      );
      const withOther = await t.http().get('/api/hr/payroll').query({ year: 2026, month: 2, employee_id: other.employee_id }).set(admin);
      expect(withOther.body.data[0].bonuses).toBe(other.bonus_amount);
      expect((await put(`bonus-payments/${other.id}/cancel`, { reason: 'Target revised' })).status).toBe(200);
      const refused = await t.http().put('/api/hr/payroll/status').set(admin).send({ year: 2026, month: 2, payment_status: 'paid' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'A bonus payment included in this payroll was cancelled or rejected after it was processed: process the payroll again before paying it',
      );
      expect((await t.http().post('/api/hr/payroll').set(admin).send({ year: 2026, month: 2 })).status).toBe(201);
      const rerun = await t.http().get('/api/hr/payroll').query({ year: 2026, month: 2, employee_id: other.employee_id }).set(admin);
      expect(rerun.body.data[0].bonuses).toBe('0.00');

      const paid = await t.http().put('/api/hr/payroll/status').set(admin).send({ year: 2026, month: 2, payment_status: 'paid', payment_date: '2026-02-27' });
      expect(paid.status).toBe(200);
      expect(paid.body.data.bonuses_paid).toBe(1);
      const after = (await t.http().get(`${API}/bonus-payments/${annFeb.id}`).set(admin)).body.data;
      expect(after).toMatchObject({ status: 'paid', paid_date: '2026-02-27' });
      expect((await put(`bonus-payments/${annFeb.id}/cancel`)).status).toBe(409);
    });
  });

  describe('deleting and editing what payments rely on', () => {
    it('refuses to delete or re-aim a target or KPI with approved or paid payments (409), but edits its notes', async () => {
      const del = await t.http().delete(`${API}/kpi-targets/${ids.T_ANN_REV}`).set(admin);
      expect(del.status).toBe(409);
      expect(del.body.message).toBe('This target has approved or paid bonus payments and cannot be deleted');
      const edit = await put(`kpi-targets/${ids.T_ANN_REV}`, { target_value: '45000' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toMatch(/^This target has approved or paid bonus payments/);
      const notes = await put(`kpi-targets/${ids.T_ANN_REV}`, { notes: 'Signed off by finance' });
      expect(notes.status).toBe(200);
      expect(notes.body.data).toMatchObject({ notes: 'Signed off by finance', target_value: '50000.00' });
      const kpi = await t.http().delete(`${API}/kpis/${ids.REV}`).set(admin);
      expect(kpi.status).toBe(409);
      expect(kpi.body.message).toBe('This KPI has approved or paid bonus payments and cannot be deleted; deactivate it instead');
    });

    it('deletes a target with its calculated payments; rejected ones stay as history', async () => {
      const kpi = (await created('kpis', { name: 'Temp', code: unique('TMP'), category: 'hr' })).id;
      await created('bonus-rules', { kpi_id: kpi, name: 'Temp', tiers: [{ min_achievement: 0, bonus_type: 'fixed', bonus_value: 10 }] });
      const period = { period_start_date: '2025-03-01', period_end_date: '2025-03-31' };
      const aim = async (employee: number) => {
        const target = await created('kpi-targets', { kpi_id: kpi, target_type: 'employee', target_id: employee, target_value: 1, ...period });
        await created('kpi-values', { kpi_id: kpi, entity_type: 'employee', entity_id: employee, actual_value: 1, ...period });
        return target.id as number;
      };
      const annTarget = await aim(ids.ANN);
      const benTarget = await aim(ids.BEN);
      expect((await calculate('2025-03-01', '2025-03-31')).body.data.payments_created).toBe(2);
      const [ben] = await payments({ kpi_target_id: benTarget });
      await put(`bonus-payments/${ben.id}/reject`, { reason: 'Duplicate' });
      expect((await t.http().delete(`${API}/kpi-targets/${annTarget}`).set(admin)).status).toBe(200);
      expect((await t.http().delete(`${API}/kpi-targets/${benTarget}`).set(admin)).status).toBe(200);
      const left = await payments({ kpi_id: kpi });
      expect(left.map((p) => [p.employee_id, p.status, p.kpi_target_id])).toEqual([[ids.BEN, 'rejected', null]]);
    });
  });

  describe('another company', () => {
    it("cannot read, decide, calculate into or aim at company A's rows (404, nothing written)", async () => {
      const other = bearer(b.tokens.company_admin);
      const [p] = await payments({ employee_id: ids.BEN, kpi_id: ids.REV, ...JAN_FILTER });
      for (const action of ['approve', 'mark-paid', 'reject', 'cancel']) {
        expect((await put(`bonus-payments/${p.id}/${action}`, {}, other)).status).toBe(404);
      }
      expect((await t.http().get(`${API}/bonus-payments/${p.id}`).set(other)).status).toBe(404);
      expect((await t.http().get(`${API}/bonus-payments`).set(other)).body.data).toEqual([]);
      const theirs = await calculate('2026-01-01', '2026-01-31', other);
      expect(theirs.body.data).toMatchObject({ payments_created: 0, kept: 0, replaced: 0 });
      expect((await t.http().get(`${API}/bonus-payments/${p.id}`).set(admin)).body.data).toMatchObject({ status: 'cancelled', status_note: 'Left the deal team' });
      const aim = await post('kpi-targets', { kpi_id: ids.REV, target_type: 'employee', target_id: ids.ANN, target_value: 1, ...JAN }, other);
      expect(aim.status).toBe(404);
      expect(aim.body.errors[0]).toEqual({ field: 'kpi_id', message: 'KPI not found' });
    });
  });
});

const JAN_FILTER = { period_start: '2026-01-01', period_end: '2026-01-31' };
