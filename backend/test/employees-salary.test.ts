import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, grant, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/hr/employees';

/**
 * The salary is the annual salary: stored as sent whatever the payment frequency, paid in parts
 * by the run, and an amount outside the position's salary range is saved with a warning in words.
 */
describe('employees: the annual salary and its position range', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;
  let ranged: number;
  let floorOnly: number;

  const newEmployee = (extra: Record<string, unknown> = {}) => ({
    employee_code: unique('S').toUpperCase(),
    first_name: 'Sam',
    last_name: 'Salary',
    email: `${unique('sam')}@test.example.com`,
    hire_date: '2026-01-05',
    ...extra,
  });

  const position = async (body: Record<string, unknown>) => {
    const res = await t.http().post('/api/hr/positions').set(admin).send({ position_code: unique('P').toUpperCase(), ...body });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Salaries');
    admin = bearer(a.tokens.company_admin);
    ranged = await position({ position_title: 'Accountant', min_salary: '50000.00', max_salary: '90000.00' });
    floorOnly = await position({ position_title: 'Engineer', min_salary: 60000 });
  });
  afterAll(() => t.close());

  it('saves a salary below the range as sent, and the answer warns in words; the record read again says the same', async () => {
    const res = await t.http().post(API).set(admin).send(newEmployee({ position_id: ranged, salary: 4200, payment_frequency: 'monthly' }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Employee created successfully');
    expect(res.body.data.salary).toBe('4200.00');
    const warning = 'The annual salary USD 4,200.00 is below the salary range of the position Accountant: USD 50,000.00 to USD 90,000.00';
    expect(res.body.data.salary_warning).toBe(warning);
    const again = await t.http().get(`${API}/${res.body.data.id}`).set(admin);
    expect(again.body.data).toMatchObject({ salary: '4200.00', payment_frequency: 'monthly', salary_warning: warning });
  });

  it('within the range there is no warning; above it, or below a minimum alone, the update answers the warning', async () => {
    const created = await t.http().post(API).set(admin).send(newEmployee({ position_id: ranged, salary: '72000.00' }));
    expect(created.status).toBe(201);
    expect(created.body.data.salary_warning).toBeNull();
    const id = created.body.data.id as number;

    const above = await t.http().put(`${API}/${id}`).set(admin).send({ salary: '95000.5', salary_currency: 'eur' });
    expect(above.status).toBe(200);
    expect(above.body.data.salary).toBe('95000.50');
    expect(above.body.data.salary_warning).toBe(
      'The annual salary EUR 95,000.50 is above the salary range of the position Accountant: EUR 50,000.00 to EUR 90,000.00',
    );

    const moved = await t.http().put(`${API}/${id}`).set(admin).send({ position_id: floorOnly, salary: 59999.99 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.salary_warning).toBe('The annual salary EUR 59,999.99 is below the minimum salary of the position Engineer: EUR 60,000.00');

    // no position, or no salary: nothing to compare
    const none = await t.http().put(`${API}/${id}`).set(admin).send({ position_id: null });
    expect(none.body.data.salary_warning).toBeNull();
    const stored = await t.em().execute<Array<{ salary: string }>>('select salary from employees where id = ?', [id]);
    expect(stored[0].salary).toBe('59999.99');
  });

  it('the warning follows the position: widening its range clears it', async () => {
    const pos = await position({ position_title: 'Clerk', min_salary: '30000.00', max_salary: '40000.00' });
    const created = await t.http().post(API).set(admin).send(newEmployee({ position_id: pos, salary: '45000.00' }));
    expect(created.body.data.salary_warning).toMatch(/^The annual salary USD 45,000.00 is above/);
    expect((await t.http().put(`/api/hr/positions/${pos}`).set(admin).send({ max_salary: '50000.00' })).status).toBe(200);
    const again = await t.http().get(`${API}/${created.body.data.id}`).set(admin);
    expect(again.body.data.salary_warning).toBeNull();
  });

  it('who does not see pay sees neither the salary nor its warning', async () => {
    const created = await t.http().post(API).set(admin).send(newEmployee({ position_id: ranged, salary: 1000 }));
    expect(created.body.data.salary_warning).toMatch(/below/);
    await grant(t, { position: a.position }, a.company, 'employees', { can_view: true });
    const seen = await t.http().get(`${API}/${created.body.data.id}`).set(bearer(a.tokens.employee));
    expect(seen.status).toBe(200);
    expect(seen.body.data).not.toHaveProperty('salary');
    expect(seen.body.data).not.toHaveProperty('salary_warning');
  });

  it("the payroll run pays the annual salary in parts: 4,200 a year monthly is a basic of 350.00", async () => {
    const created = await t.http().post(API).set(admin).send(newEmployee({ salary: '4200.00', payment_frequency: 'monthly', hire_date: '2025-01-01' }));
    expect(created.status).toBe(201);
    const run = await t.http().post('/api/hr/payroll').set(admin).send({ year: 2025, month: 6 });
    expect(run.status).toBe(201);
    const list = await t
      .http()
      .get('/api/hr/payroll')
      .set(admin)
      .query({ filter: JSON.stringify({ year: 2025, month: 6, employee_id: created.body.data.id }) });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].basic_salary).toBe('350.00');
  });
});
