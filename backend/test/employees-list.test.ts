import { Employee } from '../src/modules/employees/employee.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, type CompanyFixture } from './support/fixtures';

const API = '/api/hr/employees';
const SIZE = 60;

/** The employee list as react-admin pages through it: every row once, in order, with the right total. */
describe('employee list paging at company scale', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  const list = (query: Record<string, unknown>) =>
    t
      .http()
      .get(API)
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set(admin);
  const totalOf = (res: { headers: Record<string, string> }) => Number(res.headers['content-range'].split('/').pop());

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = await Promise.all([createCompany(t, 'Paging A'), createCompany(t, 'Paging B')]);
    admin = bearer(a.tokens.company_admin);
    const em = t.em();
    for (let i = 1; i <= SIZE; i++) {
      em.create(Employee, {
        company: a.company.id,
        employee_code: `PG${String(i).padStart(3, '0')}`,
        first_name: i % 3 === 0 ? 'Marta' : 'Luis',
        last_name: i % 4 === 0 ? 'Pagerank' : `Row${i}`,
        email: `pg${i}@paging.example.com`,
        hire_date: `2020-01-${String(1 + (i % 28)).padStart(2, '0')}`,
        department: i % 2 ? a.department.id : null,
      } as never);
    }
    // the other company has a matching name: it must never count
    em.create(Employee, {
      company: b.company.id,
      employee_code: 'PG999',
      first_name: 'Marta',
      last_name: 'Pagerank',
      email: 'pg999@paging.example.com',
      hire_date: '2020-01-01',
    } as never);
    await em.flush();
  });
  afterAll(() => t.close());

  it('pages through every employee once, in code order, with the same total on every page', async () => {
    const seen: string[] = [];
    let total = -1;
    for (let first = 0; first < SIZE + 10; first += 25) {
      const res = await list({ sort: ['employee_code', 'ASC'], range: [first, first + 24] });
      expect(res.status).toBe(200);
      const rows = res.body.data.filter((e: { employee_code: string }) => e.employee_code.startsWith('PG'));
      seen.push(...rows.map((e: { employee_code: string }) => e.employee_code));
      if (total < 0) total = totalOf(res);
      expect(totalOf(res)).toBe(total);
    }
    // the company's own employee from the fixture is listed too
    expect(total).toBe(SIZE + 1);
    expect(seen).toEqual(Array.from({ length: SIZE }, (_, i) => `PG${String(i + 1).padStart(3, '0')}`));
  });

  it("answers each row with exactly the fields and values of the employee's own answer", async () => {
    const c = await createCompany(t, 'Paging JSON');
    const cAdmin = bearer(c.tokens.company_admin);
    const post = (body: object) => t.http().post(API).set(cAdmin).send(body);
    const manager = await post({ employee_code: 'JS001', first_name: 'Mia', last_name: 'Manager', email: 'js001@paging.example.com', hire_date: '2020-05-01' });
    expect([manager.status, manager.body.message]).toEqual([201, expect.anything()]);
    const full = await post({
      employee_code: 'JS002',
      first_name: 'Zoë "Q"',
      middle_name: 'Ann\\Marie',
      last_name: "O'Brien\u2028",
      email: 'js002@paging.example.com',
      phone: '+1 555 0100',
      date_of_birth: '1990-02-28',
      gender: 'female',
      address: 'Line 1\nLine 2',
      city: 'Zürich',
      state: 'ZH',
      country: 'Switzerland',
      postal_code: '8001',
      department_id: c.department.id,
      position_id: c.position.id,
      manager_id: manager.body.data.id,
      employment_type: 'contract',
      employment_status: 'on_leave',
      hire_date: '2021-03-01',
      salary: 91234.5,
      salary_currency: 'CHF',
      payment_frequency: 'biweekly',
      emergency_contact_name: 'Eli',
      emergency_contact_phone: '+41 44 000 00 00',
      emergency_contact_relationship: 'Sibling',
      enable_login: true,
      username: 'js002.login',
      password: 'Quartz#Lamp2026',
    });
    expect([full.status, full.body.message]).toEqual([201, expect.anything()]);
    const res = await t
      .http()
      .get(API)
      .query({ filter: JSON.stringify({ q: 'JS00' }), sort: JSON.stringify(['employee_code', 'ASC']) })
      .set(cAdmin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body.data.map((e: { employee_code: string }) => e.employee_code)).toEqual(['JS001', 'JS002']);
    for (const row of res.body.data) {
      // the answer of one employee adds the salary's range warning (null here: no position), the
      // manager and the direct reports
      const { salary_warning, manager, direct_reports, ...own } = (await t.http().get(`${API}/${row.id}`).set(cAdmin)).body.data;
      expect(salary_warning).toBeNull();
      expect(manager).toEqual(row.manager_id === null ? null : { id: row.manager_id, name: row.manager_name });
      expect(direct_reports.map((r: { id: number }) => r.id)).toEqual(
        res.body.data.filter((r: { manager_id: number | null }) => r.manager_id === row.id).map((r: { id: number }) => r.id),
      );
      expect(row).toStrictEqual(own);
    }
    expect(res.body.data[1]).toMatchObject({ first_name: 'Zoë "Q"', manager_name: 'Mia Manager', username: 'js002.login', salary: '91234.50' });
    expect(res.body.data[0]).toMatchObject({ manager_id: null, phone: null, user_id: null, date_of_birth: null });
  });

  it('answers a page past the end with no rows and the total', async () => {
    const res = await list({ range: [500, 524] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(totalOf(res)).toBe(SIZE + 1);
  });

  it('sorts descending by hire date across pages, ties broken by id', async () => {
    const one = await list({ sort: ['hire_date', 'DESC'], range: [0, 29] });
    const two = await list({ sort: ['hire_date', 'DESC'], range: [30, 60] });
    const rows = [...one.body.data, ...two.body.data] as Array<{ id: number; hire_date: string | null }>;
    expect(rows).toHaveLength(SIZE + 1);
    const dated = rows.filter((r) => r.hire_date !== null);
    for (let i = 1; i < dated.length; i++) {
      const [p, c] = [dated[i - 1], dated[i]];
      expect(p.hire_date! > c.hire_date! || (p.hire_date === c.hire_date && p.id > c.id)).toBe(true);
    }
  });

  it('shows the department name, and sorts by it', async () => {
    const res = await list({ sort: ['department_name', 'ASC'], range: [0, 99], filter: { q: 'paging.example.com' } });
    expect(totalOf(res)).toBe(SIZE);
    const names = res.body.data.map((e: { department_name: string | null }) => e.department_name);
    expect(names.filter((n: string | null) => n === a.department.department_name)).toHaveLength(SIZE / 2);
    // ascending puts the employees without a department last
    expect(names.slice(0, SIZE / 2).every((n: string | null) => n === a.department.department_name)).toBe(true);
    expect(names.slice(SIZE / 2).every((n: string | null) => n === null)).toBe(true);
  });

  it('finds by every word of the search, counts the matches only, and pages through them', async () => {
    // Marta: every third; Pagerank: every fourth; both: every twelfth (5 of 60)
    const res = await list({ sort: ['employee_code', 'ASC'], range: [0, 2], filter: { q: 'marta PAGERANK' } });
    expect(res.status).toBe(200);
    expect(totalOf(res)).toBe(5);
    expect(res.headers['content-range']).toBe('hr/employees 0-2/5');
    expect(res.body.data.map((e: { employee_code: string }) => e.employee_code)).toEqual(['PG012', 'PG024', 'PG036']);
    const rest = await list({ sort: ['employee_code', 'ASC'], range: [3, 5], filter: { q: 'marta PAGERANK' } });
    expect(rest.headers['content-range']).toBe('hr/employees 3-4/5');
    expect(rest.body.data.map((e: { employee_code: string }) => e.employee_code)).toEqual(['PG048', 'PG060']);
  });

  it('combines the search with other filters', async () => {
    const res = await list({ range: [0, 99], filter: { q: 'marta', department_id: a.department.id } });
    // Marta (every third) with a department (odd rows): 3, 9, 15, ..., 57
    expect(totalOf(res)).toBe(10);
    expect(res.body.data.every((e: { department_id: number }) => e.department_id === a.department.id)).toBe(true);
  });

  it('pages through a search in every order as one page of it reads, and follows a change of order', async () => {
    type Row = { id: number; employee_code: string; last_name: string; hire_date: string | null; department_name: string | null };
    const page = async (sort: [string, string], range: [number, number]) => {
      const res = await list({ sort, range, filter: { q: 'luis' } });
      expect(res.status).toBe(200);
      return { rows: res.body.data as Row[], total: totalOf(res) };
    };
    const sorts: Array<[keyof Row, 'ASC' | 'DESC']> = [
      ['employee_code', 'DESC'],
      ['last_name', 'ASC'],
      ['hire_date', 'DESC'],
      ['department_name', 'ASC'],
    ];
    for (const [field, order] of sorts) {
      const pages = [];
      for (let first = 0; first < 45; first += 7) pages.push(await page([field, order], [first, first + 6]));
      const whole = await page([field, order], [0, 99]);
      // Luis: every row not divisible by three
      expect(whole.total).toBe(40);
      expect(pages.every((p) => p.total === 40)).toBe(true);
      expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(whole.rows.map((r) => r.id));
      const key = (r: Row) => [r[field] === null ? '\uffff' : String(r[field]), String(r.id).padStart(9, '0')].join(' ');
      const keys = whole.rows.map(key);
      expect(keys).toEqual([...keys].sort((x, y) => (order === 'ASC' ? (x < y ? -1 : 1) : x < y ? 1 : -1)));
    }

    const first = (await page(['last_name', 'ASC'], [0, 0])).rows[0];
    await t.em().getConnection().execute(`update employees set last_name = 'Zyzzyva' where id = ?`, [first.id]);
    const after = await page(['last_name', 'ASC'], [0, 99]);
    expect(after.rows[0].id).not.toBe(first.id);
    expect(after.rows[39]).toMatchObject({ id: first.id, last_name: 'Zyzzyva' });
    expect((await page(['last_name', 'ASC'], [39, 45])).rows.map((r) => r.id)).toEqual([first.id]);
    expect(await page(['last_name', 'ASC'], [40, 45])).toEqual({ rows: [], total: 40 });
    await t.em().getConnection().execute(`update employees set last_name = ? where id = ?`, [first.last_name, first.id]);
  });

  it('keeps every total exact when employees change, however they are written', async () => {
    const byDepartment = { filter: { department_id: a.department.id }, range: [0, 0] };
    const before = totalOf(await list({ range: [0, 0] }));
    const inDepartment = totalOf(await list(byDepartment));
    // the same lists again are answered from the remembered totals
    expect(totalOf(await list({ range: [0, 0] }))).toBe(before);

    // through the API
    const created = await t
      .http()
      .post(API)
      .set(admin)
      .send({ employee_code: 'PGNEW', first_name: 'New', last_name: 'Hire', email: 'pgnew@paging.example.com', hire_date: '2026-01-05', department_id: a.department.id });
    expect(created.status).toBe(201);
    expect(totalOf(await list({ range: [0, 0] }))).toBe(before + 1);
    expect(totalOf(await list(byDepartment))).toBe(inDepartment + 1);

    // straight in the database (an import, a script): an update that moves rows out of the filter
    const moved = await t.em().getConnection().execute<Array<{ employee_code: string }>>(
      `update employees set department_id = null where company_id = ? and employee_code in ('PG001', 'PG003') returning employee_code`,
      [a.company.id],
    );
    expect(moved.map((r) => r.employee_code).sort()).toEqual(['PG001', 'PG003']);
    expect(totalOf(await list(byDepartment))).toBe(inDepartment - 1);

    // another company's change leaves this company's totals as they are
    const otherBefore = totalOf(await t.http().get(API).query({ range: '[0,0]' }).set(bearer(b.tokens.company_admin)));
    await t.em().getConnection().execute(`delete from employees where company_id = ? and employee_code = 'PG999'`, [b.company.id]);
    expect(totalOf(await t.http().get(API).query({ range: '[0,0]' }).set(bearer(b.tokens.company_admin)))).toBe(otherBefore - 1);
    expect(totalOf(await list({ range: [0, 0] }))).toBe(before + 1);

    const removed = await t.http().delete(`${API}/${created.body.data.id}`).set(admin);
    expect(removed.status).toBe(200);
    expect(totalOf(await list({ range: [0, 0] }))).toBe(before);
  });

  it('keeps search results exact when employees change, however they are written', async () => {
    const search = async (q: string, who = admin) => {
      const res = await t.http().get(API).query({ filter: JSON.stringify({ q }), range: '[0,24]' }).set(who);
      expect(res.status).toBe(200);
      return { total: totalOf(res), codes: res.body.data.map((e: { employee_code: string }) => e.employee_code) };
    };
    const rename = (code: string, lastName: string) =>
      t.em().getConnection().execute(`update employees set last_name = ? where company_id = ? and employee_code = ?`, [lastName, a.company.id, code]);

    expect(await search('quillon')).toEqual({ total: 0, codes: [] });
    await rename('PG005', 'Quillon');
    // asked again and again, as the console does while paging: the same answer every time
    for (let i = 0; i < 3; i++) expect(await search('quillon')).toEqual({ total: 1, codes: ['PG005'] });
    expect(await search('luis quillon')).toEqual({ total: 1, codes: ['PG005'] });
    // the other company never sees it
    expect(await search('quillon', bearer(b.tokens.company_admin))).toEqual({ total: 0, codes: [] });

    await rename('PG007', 'Quillon');
    expect(await search('quillon')).toEqual({ total: 2, codes: ['PG005', 'PG007'] });
    await rename('PG005', 'Row5');
    for (let i = 0; i < 2; i++) expect(await search('quillon')).toEqual({ total: 1, codes: ['PG007'] });

    // through the API
    const created = await t
      .http()
      .post(API)
      .set(admin)
      .send({ employee_code: 'PGQ01', first_name: 'Ada', last_name: 'Quillon', email: 'pgq01@paging.example.com', hire_date: '2026-01-05' });
    expect(created.status).toBe(201);
    expect(await search('quillon')).toEqual({ total: 2, codes: ['PG007', 'PGQ01'] });
    expect((await t.http().delete(`${API}/${created.body.data.id}`).set(admin)).status).toBe(200);
    expect(await search('quillon')).toEqual({ total: 1, codes: ['PG007'] });
  });
});
