import { Position } from '../src/modules/positions/position.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, grant, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/hr/positions';

describe('positions API', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;

  const create = (body: Record<string, unknown>, token = a.tokens.company_admin) =>
    t.http().post(API).set(bearer(token)).send(body);
  const countIn = (c: CompanyFixture) => t.em().count(Position, { company: c.company.id }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
  });
  afterAll(() => t.close());

  it('creates a position with level mid by default and exact decimal salaries', async () => {
    const code = unique('ACC');
    const res = await create({
      position_code: code,
      position_title: 'Accountant',
      department_id: a.department.id,
      min_salary: 50000,
      max_salary: '90000.5',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Position created successfully');
    expect(res.body.data).toEqual(
      expect.objectContaining({
        position_code: code,
        position_title: 'Accountant',
        department_id: a.department.id,
        department_name: 'Operations',
        level: 'mid',
        min_salary: '50000.00',
        max_salary: '90000.50',
        employees_count: 0,
      }),
    );
  });

  it.each([
    [{ position_title: 'No code' }, 'position_code', 'Position code and title are required'],
    [{ position_code: 'P1' }, 'position_title', 'Position code and title are required'],
    [{ position_code: 'P1', position_title: 'T', level: 'intern' }, 'level', 'Level must be one of junior, mid, senior or executive'],
    [{ position_code: 'P1', position_title: 'T', min_salary: -1 }, 'min_salary', 'Minimum salary must be an amount of at least 0 with at most 2 decimals'],
    [
      { position_code: 'P1', position_title: 'T', min_salary: '90000', max_salary: '80000' },
      'max_salary',
      'Maximum salary must be greater than or equal to minimum salary',
    ],
  ])('refuses %j naming %s', async (body, field, message) => {
    const before = await countIn(a);
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(await countIn(a)).toBe(before);
  });

  it('answers 409 for a code already used in the company', async () => {
    const code = unique('DUP');
    expect((await create({ position_code: code, position_title: 'One' })).status).toBe(201);
    const dup = await create({ position_code: code, position_title: 'Two' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'position_code', message: 'Position code already exists' }]);
  });

  it("refuses another company's department with 404 and writes nothing", async () => {
    const before = await countIn(a);
    const res = await create({ position_code: unique('X'), position_title: 'X', department_id: b.department.id });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([{ field: 'department_id', message: 'Department not found' }]);
    expect(await countIn(a)).toBe(before);
  });

  it('lists with search, department and level filters, sorting by department name', async () => {
    const senior = await create({ position_code: unique('SNR'), position_title: 'Senior Wizard', level: 'senior', department_id: a.department.id });
    const res = await t.http().get(API).query({ filter: '{"q":"wizard"}' }).set(admin);
    expect(res.body.data.map((p: any) => p.id)).toEqual([senior.body.data.id]);
    expect(res.headers['content-range']).toBe('hr/positions 0-0/1');
    const byLevel = await t.http().get(API).query({ filter: JSON.stringify({ level: 'senior', department_id: a.department.id }) }).set(admin);
    expect(byLevel.body.data.map((p: any) => p.id)).toEqual([senior.body.data.id]);
    const sorted = await t.http().get(API).query({ sort: '["department_name","ASC"]' }).set(admin);
    expect(sorted.status).toBe(200);
    const analyst = sorted.body.data.find((p: any) => p.position_code === 'ANL');
    expect(analyst.employees_count).toBe(1);
    expect(sorted.body.data.every((p: any) => p.company_id === a.company.id)).toBe(true);
  });

  it('updates; the code cannot change; min ≤ max is checked against the stored values', async () => {
    const made = await create({ position_code: unique('UPD'), position_title: 'Before', min_salary: 1000, max_salary: 2000 });
    const id = made.body.data.id;
    const ok = await t.http().put(`${API}/${id}`).set(admin).send({ position_code: made.body.data.position_code, position_title: 'After', level: 'executive' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Position updated successfully');
    expect(ok.body.data).toEqual(expect.objectContaining({ position_title: 'After', level: 'executive' }));
    const below = await t.http().put(`${API}/${id}`).set(admin).send({ max_salary: 999.99 });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual([{ field: 'max_salary', message: 'Maximum salary must be greater than or equal to minimum salary' }]);
    const code = await t.http().put(`${API}/${id}`).set(admin).send({ position_code: 'NEW' });
    expect(code.body.errors).toEqual([{ field: 'position_code', message: 'Position code cannot be changed' }]);
  });

  it('refuses to delete a position employees hold (409 naming how many), deletes a free one', async () => {
    const res = await t.http().delete(`${API}/${a.position.id}`).set(admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot delete this position: 1 employee still holds it');
    const free = await create({ position_code: unique('DEL'), position_title: 'Free' });
    const del = await t.http().delete(`${API}/${free.body.data.id}`).set(admin);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Position deleted successfully');
  });

  it("company B cannot read or change company A's position (404)", async () => {
    const other = bearer(b.tokens.company_admin);
    expect((await t.http().get(`${API}/${a.position.id}`).set(other)).status).toBe(404);
    expect((await t.http().put(`${API}/${a.position.id}`).set(other).send({ position_title: 'Hacked' })).status).toBe(404);
    expect((await t.http().delete(`${API}/${a.position.id}`).set(other)).status).toBe(404);
    const list = await t.http().get(API).query({ filter: JSON.stringify({ id: [a.position.id] }) }).set(other);
    expect(list.body.data).toEqual([]);
  });

  it('an employee role gets 403 on writes', async () => {
    const token = bearer(a.tokens.employee);
    expect((await t.http().get(API).set(token)).status).toBe(403);
    await grant(t, { department: a.department }, a.company, 'positions', { can_view: true });
    expect((await t.http().get(API).set(token)).status).toBe(200);
    expect((await t.http().post(API).set(token).send({ position_code: 'E1', position_title: 'E' })).status).toBe(403);
    expect((await t.http().delete(`${API}/${a.position.id}`).set(token)).status).toBe(403);
  });
});
