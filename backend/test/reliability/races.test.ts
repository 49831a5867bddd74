/**
 * Double submits and races: 50 identical requests at once must end with exactly one effect, and
 * every answer must be a success or a 409 (never a 5xx, never a second effect).
 */
import { createTestApp, type TestApp } from '../support/app';
import { Company } from '../../src/modules/companies/company.entity';
import { Department } from '../../src/modules/departments/department.entity';
import { Employee } from '../../src/modules/employees/employee.entity';
import { bearer, createCompany, createUser, login, unique } from '../support/fixtures';
import { keepActiveLandingPage } from '../isolation/world';

export const RACERS = 50;

/** Fires `n` copies of the request at once and returns their statuses. */
export async function race(n: number, send: (i: number) => PromiseLike<{ status: number }>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  return answers.map((a) => a.status);
}

export const onlySuccessOr409 = (statuses: number[]) => statuses.filter((s) => !(s >= 200 && s < 300) && s !== 409);

describe('races: 50 identical requests, one effect', () => {
  let t: TestApp;
  let superadmin: string;
  const trials: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
  });
  afterAll(async () => {
    console.log(`races: ${trials.length} trials of ${RACERS} concurrent requests (${trials.join('; ')})`);
    await t.close();
  });

  it('landing-page activations racing between two pages leave exactly one page active', async () => {
    const create = (name: string) =>
      t.http().post('/api/cms/admin/landing-pages').set(bearer(superadmin)).send({ hero_title: name });
    const restore = await keepActiveLandingPage(t.em());
    const first = (await create('Race one')).body.data.id;
    const second = (await create('Race two')).body.data.id;

    const statuses = await race(RACERS, (i) =>
      t.http().post(`/api/cms/admin/landing-pages/${i % 2 ? first : second}/activate`).set(bearer(superadmin)),
    );
    trials.push(`landing-page activation: ${statuses.filter((s) => s === 200).length}×200`);
    expect(onlySuccessOr409(statuses)).toEqual([]);
    const active = await t.em().execute('select id from landing_pages where is_active');
    expect(active).toHaveLength(1);
    expect([first, second]).toContain(Number(active[0].id));
    await restore();
  });

  it('bonus calculations of one period racing leave exactly one set of payments', async () => {
    const c = await createCompany(t, 'Racer');
    const admin = bearer(c.tokens.company_admin);
    const em = t.em();
    const department = em.getReference(Department, c.department.id);
    for (let i = 0; i < 8; i++) {
      em.create(Employee, {
        company: em.getReference(Company, c.company.id),
        employee_code: `R${i}`,
        first_name: 'Racer',
        last_name: String(i),
        email: `${unique('racer')}@test.example.com`,
        department,
        salary: '60000.00',
      });
    }
    await em.flush();
    const post = async (path: string, body: object) => {
      const res = await t.http().post(`/api/kpi/${path}`).set(admin).send(body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.body.data;
    };
    const kpi = await post('kpis', { name: 'Race revenue', code: 'RACE', category: 'sales' });
    await post('bonus-rules', { kpi_id: kpi.id, name: 'Race bonus', tiers: [{ min_achievement: 100, bonus_type: 'salary_percentage', bonus_value: 10 }] });
    const period = { period_start_date: '2026-06-01', period_end_date: '2026-06-30' };
    await post('kpi-targets', { kpi_id: kpi.id, target_type: 'department', target_id: c.department.id, target_value: 100, ...period });
    await post('kpi-values', { kpi_id: kpi.id, entity_type: 'department', entity_id: c.department.id, actual_value: 110, ...period });

    const answers: Array<{ status: number; body: any }> = [];
    const statuses = await race(RACERS, async () => {
      const res = await t.http().post('/api/kpi/bonus-calculate').set(admin).send({ period_start: '2026-06-01', period_end: '2026-06-30' });
      answers.push(res);
      return res;
    });
    trials.push(`bonus calculation: ${statuses.filter((s) => s === 201).length}×201`);
    expect(onlySuccessOr409(statuses)).toEqual([]);
    // the fixture's employee and the 8 racers: 10 % of 60,000 / 12 each, the fixture's has no salary
    expect(answers.filter((a) => a.status === 201).every((a) => a.body.data.payments_created === 8 && a.body.data.total_amount === '4000.00')).toBe(true);
    const [payments] = await t.em().execute(
      `select count(*)::int as n, count(distinct employee_id)::int as people, sum(bonus_amount)::text as total
         from bonus_payments where company_id = ?`,
      [c.company.id],
    );
    expect(payments).toEqual({ n: 8, people: 8, total: '4000.00' });
    const [run] = await t.em().execute('select run_count from bonus_calculation_runs where company_id = ?', [c.company.id]);
    expect(run.run_count).toBe(statuses.filter((s) => s === 201).length);
  });
});
