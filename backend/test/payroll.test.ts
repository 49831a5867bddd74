import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { PayrollRunService } from '../src/modules/payroll/payroll-run.service';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/hr/payroll';

/**
 * November 2026 has 21 working days (Mon–Fri) and 4 Fridays; biweekly pay Fridays (every other
 * Friday from 2021-01-01) are the 13th and the 27th. Company A's tax: 0 % to 1,000, 10 % to
 * 4,000, 20 % above. Components: Transport 150.00 fixed (all, taxable), Pension 5 % (all,
 * before tax), Housing 10 % (assigned), Meal 100.00 fixed not taxable (assigned).
 * Every figure below is computed by hand from those rules (rounded half-up per line).
 */
describe('payroll: run, records, payslips, export', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let annToken: Record<string, string>;
  const ids: Record<string, number> = {};
  let housingId: number;
  let mealId: number;
  let dept: Department;

  const run = (year: number, month: number, headers = admin) => t.http().post(API).set(headers).send({ year, month });
  const list = (query: Record<string, string | number>, headers = admin) =>
    t.http().get(API).query({ range: '[0,999]', ...query }).set(headers);
  const byCode = async (year: number, month: number, headers = admin) => {
    const res = await list({ year, month }, headers);
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.data.map((r: any) => [r.employee_code, r]));
  };
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);

    const em = t.em();
    const company = em.getReference(Company, a.company.id);
    dept = em.getReference(Department, a.department.id);
    const position = em.getReference(Position, a.position.id);
    const person = (code: string, extra: Partial<Employee>) =>
      em.create(Employee, {
        company,
        employee_code: code,
        first_name: code.charAt(0) + code.slice(1).toLowerCase(),
        last_name: 'Alpha',
        email: `${unique(code.toLowerCase())}@test.example.com`,
        department: dept,
        position,
        hire_date: '2020-01-06',
        ...extra,
      });
    const people = {
      ANN: person('ANN', { salary: '60000.00' }),
      BOB: person('BOB', { salary: '50000.00', hire_date: '2026-11-16' }),
      CARA: person('CARA', { salary: '48000.00', employment_status: 'terminated', termination_date: '2026-11-20' }),
      DAN: person('DAN', { salary: '36000.00', payment_frequency: 'weekly' }),
      EVE: person('EVE', { salary: '12343.80' }),
      FAY: person('FAY', { salary: '26000.00', payment_frequency: 'biweekly' }),
      // not paid in November 2026: terminated without a date, hired later, no salary
      FINN: person('FINN', { salary: '40000.00', employment_status: 'terminated' }),
      GUS: person('GUS', { salary: '40000.00', hire_date: '2026-12-01' }),
      HAL: person('HAL', { salary: null }),
    };
    await em.flush();
    for (const [code, e] of Object.entries(people)) ids[code] = e.id;

    // Ann signs in as an employee; her department may view payroll (own records)
    const annUser = await createUser(t.em(), 'employee', { company: a.company, employee: people.ANN });
    await grant(t, { department: a.department }, a.company, 'payroll', { can_view: true });
    annToken = bearer(await login(t, annUser.email));

    // leave and attendance of other modules (contract tables)
    const [unpaidType] = await sql(
      `insert into leave_types (company_id, type_name, type_code, is_paid) values (?, 'Unpaid', 'UNP', false) returning id`,
      [a.company.id],
    );
    const [paidType] = await sql(
      `insert into leave_types (company_id, type_name, type_code, is_paid) values (?, 'Annual', 'ANN', true) returning id`,
      [a.company.id],
    );
    const leave = (employee: number, type: number, start: string, end: string, days: string, status = 'approved') =>
      sql(
        `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status)
         values (?, ?, ?, ?, ?, ?, ?)`,
        [a.company.id, employee, type, start, end, days, status],
      );
    await leave(ids.CARA, unpaidType.id, '2026-11-09', '2026-11-10', '2.0');
    await leave(ids.CARA, unpaidType.id, '2026-11-12', '2026-11-12', '0.5');
    await leave(ids.CARA, paidType.id, '2026-11-16', '2026-11-16', '1.0');
    await leave(ids.ANN, unpaidType.id, '2026-11-02', '2026-11-06', '5.0', 'rejected');
    const absent = (employee: number, date: string) =>
      sql(`insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?, 'absent')`, [
        a.company.id,
        employee,
        date,
      ]);
    await absent(ids.CARA, '2026-11-03');
    await absent(ids.CARA, '2026-11-04');
    await absent(ids.CARA, '2026-11-10'); // on approved leave: not an absence
    await absent(ids.CARA, '2026-11-23'); // after her last day
    const bonus = (employee: number, start: string, end: string, amount: string, status: string) =>
      sql(
        `insert into bonus_payments (company_id, employee_id, payment_period_start, payment_period_end, bonus_amount, status)
         values (?, ?, ?, ?, ?, ?) returning id`,
        [a.company.id, employee, start, end, amount, status],
      );
    ids.DAN_BONUS = (await bonus(ids.DAN, '2026-10-01', '2026-11-30', '300.00', 'approved'))[0].id;
    ids.DAN_LATER = (await bonus(ids.DAN, '2026-12-01', '2026-12-31', '500.00', 'approved'))[0].id;
    ids.DAN_CALC = (await bonus(ids.DAN, '2026-11-01', '2026-11-30', '700.00', 'calculated'))[0].id;

    const tax = await t
      .http()
      .put(`${API}/tax-brackets`)
      .set(admin)
      .send({
        brackets: [
          { lower_bound: 0, upper_bound: '1000', rate: 0 },
          { lower_bound: '1000', upper_bound: '4000.00', rate: '10' },
          { lower_bound: '4000', upper_bound: null, rate: 20 },
        ],
      });
    expect(tax.status).toBe(200);
    const component = async (body: object) => {
      const res = await t.http().post(`${API}/components`).set(admin).send(body);
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    await component({ component_name: 'Transport', component_code: 'transport', component_type: 'allowance', calculation_type: 'fixed', amount: 150, applies_to_all: true });
    await component({ component_name: 'Pension', component_code: 'PENSION', component_type: 'deduction', calculation_type: 'percentage', percentage: '5', is_taxable: false, applies_to_all: true });
    housingId = await component({ component_name: 'Housing', component_code: 'HOUSING', component_type: 'allowance', calculation_type: 'percentage', percentage: 10 });
    mealId = await component({ component_name: 'Meal', component_code: 'MEAL', component_type: 'allowance', calculation_type: 'fixed', amount: '100.00', is_taxable: false });
    const assign = async (body: object) => {
      const res = await t.http().post(`${API}/employee-components`).set(admin).send(body);
      expect(res.status).toBe(201);
    };
    await assign({ employee_id: ids.ANN, component_id: housingId });
    await assign({ employee_id: ids.EVE, component_id: housingId });
    await assign({ employee_id: ids.BOB, component_id: mealId, amount: '80' });
  });
  afterAll(() => t.close());

  describe('POST /api/hr/payroll (the run)', () => {
    it('computes every employed employee of the month with the documented rules', async () => {
      const res = await run(2026, 11);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Payroll processed for November 2026: 6 employees');
      expect(res.body.data).toMatchObject({
        year: 2026,
        month: 11,
        pay_period_start: '2026-11-01',
        pay_period_end: '2026-11-30',
        employee_count: 6,
        total_net: '14791.30',
        run_count: 1,
      });
      const r = await byCode(2026, 11);
      expect(Object.keys(r).sort()).toEqual(['ANN', 'BOB', 'CARA', 'DAN', 'EVE', 'FAY']);
      const figures = (code: string) => {
        const x = r[code];
        return [x.basic_salary, x.allowances, x.bonuses, x.gross_salary, x.taxable_income, x.tax, x.total_deductions, x.net_salary];
      };
      // a full month; Housing 10 % and Transport; Pension 5 % before tax; 3,000 × 10 % + 1,400 × 20 %
      expect(figures('ANN')).toEqual(['5000.00', '650.00', '0.00', '5650.00', '5400.00', '580.00', '830.00', '4820.00']);
      // joined Monday 16th: 11 of 21 days; fixed amounts pro-rated; Meal 80.00 override is not taxed
      expect(figures('BOB')).toEqual(['2182.54', '120.47', '0.00', '2303.01', '2151.98', '115.20', '224.33', '2078.68']);
      // left Friday 20th (15 days); 2.5 unpaid days and 2 absences at 48,000 / 12 / 21 a day
      expect(figures('CARA')).toEqual(['2857.14', '107.14', '0.00', '2964.28', '1964.28', '96.43', '1096.43', '1867.85']);
      // weekly: 36,000 / 52 × 4 Fridays; the approved bonus of a period ending in November
      expect(figures('DAN')).toEqual(['2769.23', '150.00', '300.00', '3219.23', '3080.77', '208.08', '346.54', '2872.69']);
      // 10 % of 1,028.65 = 102.865 → 102.87 (half-up, not half-even and not a float's 102.86)
      expect(figures('EVE')).toEqual(['1028.65', '252.87', '0.00', '1281.52', '1230.09', '23.01', '74.44', '1207.08']);
      // biweekly: 26,000 / 26 × 2 pay Fridays
      expect(figures('FAY')).toEqual(['2000.00', '150.00', '0.00', '2150.00', '2050.00', '105.00', '205.00', '1945.00']);
      expect(r.BOB).toMatchObject({ working_days: 21, employed_days: 11, payment_status: 'pending', payment_date: null });
      expect(r.CARA).toMatchObject({ employed_days: 15, unpaid_leave_days: '2.5', absent_days: '2.0' });
      // each record keeps the annual salary its basic is a share of
      expect([r.ANN.annual_salary, r.DAN.annual_salary, r.EVE.annual_salary]).toEqual(['60000.00', '36000.00', '12343.80']);
      // the cards right after the run: every record processed, none paid, so every one waits for payment
      const cards = await t.http().get(`${API}/summary`).query({ year: 2026, month: 11 }).set(admin);
      expect(cards.body.data).toMatchObject({ total_records: 6, processed_count: 0, pending_count: 6, processing_count: 0 });
    });

    it('explains every figure with lines', async () => {
      const r = await byCode(2026, 11);
      const res = await t.http().get(`${API}/${r.CARA.id}`).set(admin);
      expect(res.status).toBe(200);
      const lines = res.body.data.lines.map((l: any) => [l.line_type, l.code, l.name, l.quantity, l.amount]);
      expect(lines).toEqual([
        ['earning', 'BASIC', 'Basic salary', '15.0', '2857.14'],
        ['earning', 'TRANSPORT', 'Transport', null, '107.14'],
        ['deduction', 'UNPAID_LEAVE', 'Unpaid leave', '2.5', '476.19'],
        ['deduction', 'ABSENCE', 'Absences', '2.0', '380.95'],
        ['deduction', 'PENSION', 'Pension (5%)', null, '142.86'],
        ['deduction', 'TAX', 'Income tax', null, '96.43'],
      ]);
      const dan = await t.http().get(`${API}/${r.DAN.id}`).set(admin);
      const bonus = dan.body.data.lines.find((l: any) => l.category === 'bonus');
      expect(bonus).toMatchObject({ amount: '300.00', bonus_payment_id: ids.DAN_BONUS, name: 'Bonus 2026-10-01 to 2026-11-30' });
    });

    it('re-running an unpaid period replaces its records with the same figures', async () => {
      const before = await byCode(2026, 11);
      const res = await run(2026, 11);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ employee_count: 6, total_net: '14791.30', run_count: 2 });
      const after = await byCode(2026, 11);
      expect(after.ANN.net_salary).toBe(before.ANN.net_salary);
      expect(after.ANN.id).not.toBe(before.ANN.id);
      const [{ n }] = await sql(`select count(*)::int as n from payroll_records where company_id = ? and pay_period_start = '2026-11-01'`, [
        a.company.id,
      ]);
      expect(n).toBe(6);
      const [{ orphans }] = await sql(
        `select count(*)::int as orphans from payroll_lines l where l.company_id = ? and not exists (select 1 from payroll_records r where r.id = l.record_id)`,
        [a.company.id],
      );
      expect(orphans).toBe(0);
    });

    it('picks up changed components on a re-run', async () => {
      const changed = await t.http().put(`${API}/components/${mealId}`).set(admin).send({ is_active: false });
      expect(changed.status).toBe(200);
      await run(2026, 11);
      expect((await byCode(2026, 11)).BOB.allowances).toBe('78.57');
      await t.http().put(`${API}/components/${mealId}`).set(admin).send({ is_active: true });
      await run(2026, 11);
      expect((await byCode(2026, 11)).BOB.allowances).toBe('120.47');
    });

    it.each([
      [{ year: 2026, month: 13 }, 'month', 'Month must be a whole number from 1 to 12'],
      [{ year: 1999, month: 1 }, 'year', 'Year must be a whole number from 2000 to 2100'],
      [{ month: 1 }, 'year', 'Year must be a whole number from 2000 to 2100'],
      [{ year: 2026, month: 1, extra: 1 }, 'extra', 'Extra is not an accepted field'],
    ])('refuses %j naming the field', async (body, field, message) => {
      const res = await t.http().post(API).set(admin).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].field).toBe(field);
    });

    it('is callable as a service method', async () => {
      const result = await t.app.get(PayrollRunService).run(a.company.id, 2026, 9);
      expect(result).toMatchObject({ pay_period_start: '2026-09-01', employee_count: 5 });
    });
  });

  describe('payment status and the paid lock', () => {
    it('processing locks a period until it is set back to pending', async () => {
      expect((await run(2026, 10)).status).toBe(201);
      const mark = await t.http().put(`${API}/status`).set(admin).send({ year: 2026, month: 10, payment_status: 'processing' });
      expect(mark.status).toBe(200);
      expect(mark.body.data).toMatchObject({ updated: 5, payment_status: 'processing', payment_date: null });
      const locked = await run(2026, 10);
      expect(locked.status).toBe(409);
      expect(locked.body.message).toMatch(/October 2026 is being paid/);
      const back = await t.http().put(`${API}/status`).set(admin).send({ year: 2026, month: 10, payment_status: 'pending' });
      expect(back.status).toBe(200);
      expect((await run(2026, 10)).status).toBe(201);
    });

    it('marking paid sets the date, pays the included bonuses, and locks the period (409)', async () => {
      const before = await byCode(2026, 11);
      const one = await t.http().put(`${API}/${before.ANN.id}/status`).set(admin).send({ payment_status: 'paid', payment_date: '2026-11-28' });
      expect(one.status).toBe(200);
      const all = await t.http().put(`${API}/status`).set(admin).send({ year: 2026, month: 11, payment_status: 'paid', payment_date: '2026-11-30' });
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ updated: 5, payment_status: 'paid', payment_date: '2026-11-30', bonuses_paid: 1 });
      const bonuses = await sql(`select id, status, to_char(paid_date, 'YYYY-MM-DD') as paid_date from bonus_payments where employee_id = ? order by id`, [
        ids.DAN,
      ]);
      expect(bonuses).toEqual([
        { id: ids.DAN_BONUS, status: 'paid', paid_date: '2026-11-30' },
        { id: ids.DAN_LATER, status: 'approved', paid_date: null },
        { id: ids.DAN_CALC, status: 'calculated', paid_date: null },
      ]);

      const locked = await run(2026, 11);
      expect(locked.status).toBe(409);
      expect(locked.body.message).toBe('Payroll for November 2026 has been paid and is locked');
      const after = await byCode(2026, 11);
      expect(after.ANN).toMatchObject({ id: before.ANN.id, payment_status: 'paid', payment_date: '2026-11-28' });
      expect(after.DAN).toMatchObject({ id: before.DAN.id, payment_date: '2026-11-30' });

      const undo = await t.http().put(`${API}/${before.ANN.id}/status`).set(admin).send({ payment_status: 'pending' });
      expect(undo.status).toBe(422);
      expect(undo.body.message).toBe('A paid payroll record cannot change');
    });

    it('filters by status and answers the cards of a month', async () => {
      const paid = await list({ filter: JSON.stringify({ year: 2026, payment_status: 'paid' }) });
      expect(paid.body.data).toHaveLength(6);
      expect(paid.headers['content-range']).toBe('hr/payroll 0-5/6');
      const plain = await list({ year: 2026, month: 10, status: 'pending', employee_id: ids.DAN });
      expect(plain.body.data.map((r: any) => r.employee_code)).toEqual(['DAN']);
      const summary = await t.http().get(`${API}/summary`).query({ year: 2026, month: 11 }).set(admin);
      expect(summary.body.data).toMatchObject({ total_payroll: '14791.30', total_records: 6, processed_count: 6, pending_count: 0 });
      const bad = await list({ filter: JSON.stringify({ month: 3 }) });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('The month filter needs a year');
    });

    it('refuses unknown ids and periods without payroll', async () => {
      const unknown = await t.http().put(`${API}/status`).set(admin).send({ ids: [999999], payment_status: 'paid' });
      expect(unknown.status).toBe(404);
      const none = await t.http().put(`${API}/status`).set(admin).send({ year: 2030, month: 1, payment_status: 'paid' });
      expect(none.status).toBe(422);
      expect(none.body.message).toBe('There is no payroll for January 2030: process it first');
      const neither = await t.http().put(`${API}/status`).set(admin).send({ payment_status: 'paid' });
      expect(neither.status).toBe(400);
    });
  });

  describe('concurrent runs', () => {
    it('50 simultaneous runs of one period leave one set of records', async () => {
      const results = await Promise.all(Array.from({ length: 50 }, () => run(2026, 12)));
      const statuses = results.map((r) => r.status);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      const [{ n, employees }] = await sql(
        `select count(*)::int as n, count(distinct employee_id)::int as employees from payroll_records where company_id = ? and pay_period_start = '2026-12-01'`,
        [a.company.id],
      );
      // December: Cara has left, Gus has joined
      expect(n).toBe(6);
      expect(employees).toBe(6);
      const [runRow] = await sql(`select run_count, employee_count from payroll_runs where company_id = ? and period_start = '2026-12-01'`, [
        a.company.id,
      ]);
      expect(runRow).toEqual({ run_count: statuses.filter((s) => s === 201).length, employee_count: 6 });
    });
  });

  describe('employees see their own payroll only', () => {
    it('lists, reads and exports only the own records', async () => {
      const res = await list({ year: 2026 }, annToken);
      expect(res.status).toBe(200);
      expect(new Set(res.body.data.map((r: any) => r.employee_code))).toEqual(new Set(['ANN']));
      const others = await byCode(2026, 11);
      expect((await t.http().get(`${API}/${others.BOB.id}`).set(annToken)).status).toBe(404);
      expect((await t.http().get(`${API}/${others.BOB.id}/payslip`).set(annToken)).status).toBe(404);
      const csv = await t.http().get(`${API}/export`).query({ year: 2026, month: 11 }).set(annToken);
      expect(csv.status).toBe(200);
      expect(csv.text.trim().split('\n')).toHaveLength(2);
      const summary = await t.http().get(`${API}/summary`).query({ year: 2026, month: 11 }).set(annToken);
      expect(summary.body.data).toMatchObject({ total_payroll: '4820.00', total_records: 1 });
    });

    it('cannot run payroll, change statuses or read settings', async () => {
      expect((await run(2026, 11, annToken)).status).toBe(403);
      expect((await t.http().put(`${API}/status`).set(annToken).send({ year: 2026, month: 11, payment_status: 'paid' })).status).toBe(403);
      expect((await t.http().get(`${API}/components`).set(annToken)).status).toBe(403);
      expect((await t.http().get(`${API}/tax-brackets`).set(annToken)).status).toBe(403);
    });

    it('downloads the own payslip as a PDF', async () => {
      const own = (await list({ year: 2026, month: 11 }, annToken)).body.data[0];
      const res = await t
        .http()
        .get(`${API}/${own.id}/payslip`)
        .set(annToken)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="payslip-ANN-2026-11.pdf"');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('export', () => {
    it('answers the month as CSV with every record', async () => {
      const res = await t.http().get(`${API}/export`).query({ year: 2026, month: 11 }).set(admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="payroll-2026-11.csv"');
      const rows = res.text.replace(/^\uFEFF/, '').trim().split('\n');
      expect(rows[0]).toBe(
        'employee_code,employee_name,department,pay_period_start,pay_period_end,basic_salary,allowances,bonuses,gross_salary,' +
          'taxable_income,tax,total_deductions,net_salary,salary_currency,unpaid_leave_days,absent_days,payment_status,payment_date',
      );
      expect(rows).toHaveLength(7);
      expect(rows.find((r) => r.startsWith('CARA,'))).toBe(
        'CARA,Cara Alpha,Operations,2026-11-01,2026-11-30,2857.14,107.14,0.00,2964.28,1964.28,96.43,1096.43,1867.85,USD,2.5,2.0,paid,2026-11-30',
      );
    });
  });

  describe('settings', () => {
    it('validates components, assignments and the tax table naming the field', async () => {
      const post = (path: string, body: object) => t.http().post(`${API}/${path}`).set(admin).send(body);
      const noAmount = await post('components', { component_name: 'Gym', component_code: 'GYM', component_type: 'allowance', calculation_type: 'fixed' });
      expect(noAmount.status).toBe(400);
      expect(noAmount.body.errors[0]).toEqual({ field: 'amount', message: 'amount is required for a fixed component' });
      const missing = await post('components', { component_name: ' ', component_code: 'X', component_type: 'allowance', calculation_type: 'fixed', amount: 1 });
      expect(missing.body.message).toBe('Component name and code are required');
      const pct = await post('components', { component_name: 'X', component_code: 'X', component_type: 'allowance', calculation_type: 'percentage', percentage: 101 });
      expect(pct.body.errors[0].field).toBe('percentage');
      const dup = await post('components', { component_name: 'T2', component_code: 'TRANSPORT', component_type: 'allowance', calculation_type: 'fixed', amount: 1 });
      expect(dup.status).toBe(409);
      const twice = await post('employee-components', { employee_id: ids.ANN, component_id: housingId });
      expect(twice.status).toBe(409);
      const wrongKind = await post('employee-components', { employee_id: ids.DAN, component_id: housingId, amount: 5 });
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.body.errors[0].field).toBe('amount');

      const gap = await t
        .http()
        .put(`${API}/tax-brackets`)
        .set(admin)
        .send({ brackets: [{ lower_bound: 0, upper_bound: 100, rate: 0 }, { lower_bound: 200, upper_bound: null, rate: 10 }] });
      expect(gap.status).toBe(400);
      expect(gap.body.errors[0]).toEqual({ field: 'brackets.1.lower_bound', message: 'Each tax band must start where the previous one ends' });
      const table = await t.http().get(`${API}/tax-brackets`).set(admin);
      expect(table.body.data.map((x: any) => [x.lower_bound, x.upper_bound, x.rate])).toEqual([
        ['0.00', '1000.00', '0.00'],
        ['1000.00', '4000.00', '10.00'],
        ['4000.00', null, '20.00'],
      ]);
    });

    it('gives a new company the default tax table', async () => {
      const superadmin = bearer(await login(t, (await createUser(t.em(), 'superadmin')).email));
      const res = await t
        .http()
        .post('/api/auth/companies')
        .set(superadmin)
        .send({ company_name: 'Gamma', company_code: unique('GAM').toUpperCase() });
      expect(res.status).toBe(201);
      const rows = await sql(`select lower_bound, upper_bound, rate from tax_brackets where company_id = ? order by lower_bound`, [res.body.data.id]);
      expect(rows).toEqual([
        { lower_bound: '0.00', upper_bound: '1000.00', rate: '0.00' },
        { lower_bound: '1000.00', upper_bound: '4000.00', rate: '10.00' },
        { lower_bound: '4000.00', upper_bound: '8000.00', rate: '20.00' },
        { lower_bound: '8000.00', upper_bound: null, rate: '30.00' },
      ]);
    });
  });

  describe('company B cannot read or change company A', () => {
    it('sees none of A and every id of A answers 404', async () => {
      const other = bearer(b.tokens.company_admin);
      const aRecords = await byCode(2026, 11);
      expect((await list({ year: 2026 }, other)).body.data).toEqual([]);
      expect((await t.http().get(`${API}/${aRecords.BOB.id}`).set(other)).status).toBe(404);
      expect((await t.http().get(`${API}/${aRecords.BOB.id}/payslip`).set(other)).status).toBe(404);
      expect((await t.http().put(`${API}/status`).set(other).send({ ids: [aRecords.EVE.id], payment_status: 'processing' })).status).toBe(404);
      expect((await t.http().get(`${API}/components`).set(other)).body.data).toEqual([]);
      expect((await t.http().put(`${API}/components/${housingId}`).set(other).send({ percentage: 50 })).status).toBe(404);
      expect((await t.http().delete(`${API}/components/${housingId}`).set(other)).status).toBe(404);
      const assign = await t.http().post(`${API}/employee-components`).set(other).send({ employee_id: ids.ANN, component_id: housingId });
      expect(assign.status).toBe(404);
      // B's run writes nothing of A
      expect((await run(2026, 11, other)).body.data.employee_count).toBe(0);
      expect((await byCode(2026, 11)).EVE.payment_status).toBe('paid');
      const [{ n }] = await sql(`select count(*)::int as n from payroll_records where company_id = ?`, [b.company.id]);
      expect(n).toBe(0);
    });
  });

  describe('company dashboard', () => {
    it('shows the net payroll of the current month', async () => {
      const now = new Date();
      const em = t.em();
      em.create(Employee, {
        company: em.getReference(Company, b.company.id),
        employee_code: 'PAY1',
        first_name: 'Paula',
        last_name: 'Beta',
        email: `${unique('paula')}@test.example.com`,
        hire_date: '2020-01-01',
        salary: '12000.00',
      });
      await em.flush();
      const other = bearer(b.tokens.company_admin);
      // company B has no tax table and no components: net = 12,000 / 12
      const res = await run(now.getUTCFullYear(), now.getUTCMonth() + 1, other);
      expect(res.status).toBe(201);
      const dashboard = await t.http().get('/api/dashboard/company').set(other);
      expect(dashboard.body.data.cards.monthly_payroll).toBe('1000.00');
    });
  });

  describe('employees', () => {
    it('keep a termination_date', async () => {
      const res = await t.http().put(`/api/hr/employees/${ids.FAY}`).set(admin).send({ termination_date: '2027-01-15' });
      expect(res.status).toBe(200);
      expect(res.body.data.termination_date).toBe('2027-01-15');
      const bad = await t.http().put(`/api/hr/employees/${ids.FAY}`).set(admin).send({ termination_date: '2027-02-30' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('termination_date');
    });
  });

  describe('a payroll user who is also paid', () => {
    it('cannot mark their own record: refused by id, left out of the month with a message', async () => {
      const c = await createCompany(t, 'Clerk');
      await sql(`update employees set salary = 48000, hire_date = '2020-01-06' where company_id = ?`, [c.company.id]);
      const em = t.em();
      em.create(Employee, {
        company: em.getReference(Company, c.company.id),
        employee_code: 'E002',
        first_name: 'Other',
        last_name: 'Clerk',
        email: `${unique('other')}@test.example.com`,
        department: em.getReference(Department, c.department.id),
        position: em.getReference(Position, c.position.id),
        hire_date: '2020-01-06',
        salary: '36000.00',
      });
      await em.flush();
      const adminOfC = bearer(c.tokens.company_admin);
      expect((await run(2026, 10, adminOfC)).status).toBe(201);
      // the clerk: the company's first employee, whose department may view and edit payroll
      await grant(t, { department: c.department }, c.company, 'payroll', { can_view: true, can_edit: true });
      const clerk = bearer(c.tokens.employee);
      const records = (await list({ year: 2026, month: 10 }, clerk)).body.data as Array<{ id: number; employee_code: string }>;
      const own = records.find((r) => r.employee_code === 'E001')!;
      const other = records.find((r) => r.employee_code === 'E002')!;
      const byId = await t.http().put(`${API}/${own.id}/status`).set(clerk).send({ payment_status: 'paid' });
      expect(byId.status).toBe(403);
      expect(byId.body.message).toBe('You cannot change the payment status of your own payroll record: another payroll user or a company admin does');
      const both = await t.http().put(`${API}/status`).set(clerk).send({ ids: [own.id, other.id], payment_status: 'processing' });
      expect(both.status).toBe(403);
      const month = await t.http().put(`${API}/status`).set(clerk).send({ year: 2026, month: 10, payment_status: 'paid' });
      expect(month.status).toBe(200);
      expect(month.body.message).toBe('1 payroll record updated; your own record is left to another payroll user or a company admin');
      expect(month.body.data).toMatchObject({ updated: 1, own_record_skipped: true });
      const after = await sql(`select e.employee_code, r.payment_status from payroll_records r join employees e on e.id = r.employee_id where r.company_id = ? order by e.employee_code`, [c.company.id]);
      expect(after).toEqual([
        { employee_code: 'E001', payment_status: 'pending' },
        { employee_code: 'E002', payment_status: 'paid' },
      ]);
      // the company admin marks it
      expect((await t.http().put(`${API}/${own.id}/status`).set(adminOfC).send({ payment_status: 'paid' })).status).toBe(200);
    });
  });
});
