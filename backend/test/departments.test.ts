import { Department } from '../src/modules/departments/department.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, grant, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/hr/departments';

describe('departments API', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;

  const create = (body: Record<string, unknown>, token = a.tokens.company_admin) =>
    t.http().post(API).set(bearer(token)).send(body);
  const countIn = (c: CompanyFixture) => t.em().count(Department, { company: c.company.id }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
  });
  afterAll(() => t.close());

  it('creates a department with a manager of the company, active by default', async () => {
    const code = unique('FIN');
    const res = await create({ department_code: code, department_name: 'Finance', description: 'Money', manager_id: a.employee.id });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Department created successfully');
    expect(res.body.data).toEqual(
      expect.objectContaining({
        department_code: code,
        department_name: 'Finance',
        description: 'Money',
        manager_id: a.employee.id,
        manager_name: 'Erin Alpha',
        is_active: true,
        employees_count: 0,
        company_id: a.company.id,
      }),
    );
  });

  it.each([
    [{ department_name: 'No code' }, 'department_code'],
    [{ department_code: 'X1' }, 'department_name'],
    [{ department_code: '  ', department_name: 'Blank' }, 'department_code'],
  ])('refuses %j: Department code and name are required', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Department code and name are required');
    expect(res.body.errors).toEqual([{ field, message: 'Department code and name are required' }]);
  });

  it('answers 409 for a code already used in the company', async () => {
    const code = unique('DUP');
    expect((await create({ department_code: code, department_name: 'One' })).status).toBe(201);
    const dup = await create({ department_code: code.toLowerCase(), department_name: 'Two' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'department_code', message: 'Department code already exists' }]);
    expect((await create({ department_code: code, department_name: 'Other company' }, b.tokens.company_admin)).status).toBe(201);
  });

  it("refuses another company's employee as manager with 404 and writes nothing", async () => {
    const before = await countIn(a);
    const res = await create({ department_code: unique('M'), department_name: 'Managed', manager_id: b.employee.id });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([{ field: 'manager_id', message: 'Manager not found' }]);
    expect(await countIn(a)).toBe(before);
  });

  it('lists with search, is_active filter, getMany ids and Content-Range', async () => {
    const inactive = await create({ department_code: unique('INA'), department_name: 'Dormant Unit', is_active: false });
    const all = await t.http().get(API).set(admin);
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toMatch(/^hr\/departments 0-\d+\/\d+$/);
    expect(all.body.data.every((d: any) => d.company_id === a.company.id)).toBe(true);
    const ops = all.body.data.find((d: any) => d.department_code === 'OPS');
    expect(ops.employees_count).toBe(1);

    const search = await t.http().get(API).query({ filter: '{"q":"dormant"}' }).set(admin);
    expect(search.body.data.map((d: any) => d.id)).toEqual([inactive.body.data.id]);
    const off = await t.http().get(API).query({ filter: '{"is_active":false}' }).set(admin);
    expect(off.body.data.map((d: any) => d.id)).toEqual([inactive.body.data.id]);
    const many = await t.http().get(API).query({ filter: JSON.stringify({ id: [a.department.id, b.department.id] }) }).set(admin);
    expect(many.body.data.map((d: any) => d.id)).toEqual([a.department.id]);
    const sorted = await t.http().get(API).query({ sort: '["department_code","DESC"]' }).set(admin);
    const codes = sorted.body.data.map((d: any) => d.department_code);
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it('keeps a cost center: stored as sent, null for none (empty text refused), filterable and sortable', async () => {
    const center = unique('CC-').toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 20);
    const res = await create({ department_code: unique('CST'), department_name: 'Costed', cost_center: center });
    expect(res.status).toBe(201);
    expect(res.body.data.cost_center).toBe(center);
    const empty = await create({ department_code: unique('ECC'), department_name: 'Empty', cost_center: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^Cost center must not be empty text/);
    const none = await create({ department_code: unique('NCC'), department_name: 'Uncosted', cost_center: null });
    expect(none.status).toBe(201);
    expect(none.body.data.cost_center).toBeNull();

    const byCenter = await t.http().get(API).query({ filter: JSON.stringify({ cost_center: center }) }).set(admin);
    expect(byCenter.status).toBe(200);
    expect(byCenter.body.data.map((d: any) => d.id)).toEqual([res.body.data.id]);
    const byList = await t.http().get(API).query({ filter: JSON.stringify({ cost_center: [center, 'NO-SUCH'] }) }).set(admin);
    expect(byList.body.data.map((d: any) => d.id)).toEqual([res.body.data.id]);
    const badFilter = await t.http().get(API).query({ filter: '{"cost_center":12}' }).set(admin);
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toBe('The cost center filter must be text or a list of texts');
    const sorted = await t.http().get(API).query({ sort: '["cost_center","ASC"]' }).set(admin);
    expect(sorted.status).toBe(200);

    const cleared = await t.http().put(`${API}/${res.body.data.id}`).set(admin).send({ cost_center: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.cost_center).toBeNull();
  });

  it.each([
    ['cc-12', 'Cost center may contain only capital letters, digits and hyphens'],
    ['CC 12', 'Cost center may contain only capital letters, digits and hyphens'],
    ['C'.repeat(21), 'Cost center must be at most 20 characters long'],
    [12, 'Cost center must be text'],
  ])('refuses the cost center %j with 400 naming cost_center', async (value, message) => {
    const res = await create({ department_code: unique('BCC'), department_name: 'Bad center', cost_center: value });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field: 'cost_center', message }]);
  });

  it('updates; the code cannot change', async () => {
    const made = await create({ department_code: unique('UPD'), department_name: 'Before' });
    const id = made.body.data.id;
    const res = await t.http().put(`${API}/${id}`).set(admin).send({
      department_code: made.body.data.department_code,
      department_name: 'After',
      is_active: false,
      manager_id: a.employee.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Department updated successfully');
    expect(res.body.data).toEqual(expect.objectContaining({ department_name: 'After', is_active: false, manager_id: a.employee.id }));
    const code = await t.http().put(`${API}/${id}`).set(admin).send({ department_code: 'NEW' });
    expect(code.status).toBe(400);
    expect(code.body.errors).toEqual([{ field: 'department_code', message: 'Department code cannot be changed' }]);
    const blank = await t.http().put(`${API}/${id}`).set(admin).send({ department_name: '' });
    expect(blank.body.message).toBe('Department code and name are required');
    const cleared = await t.http().put(`${API}/${id}`).set(admin).send({ manager_id: null });
    expect(cleared.body.data.manager_id).toBeNull();
  });

  it('refuses to delete a department with employees or positions (409 naming how many), deletes an empty one', async () => {
    const res = await t.http().delete(`${API}/${a.department.id}`).set(admin);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Cannot delete this department: 1 employee and 1 position still belong to it');
    const empty = await create({ department_code: unique('DEL'), department_name: 'Empty' });
    const del = await t.http().delete(`${API}/${empty.body.data.id}`).set(admin);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, data: { id: empty.body.data.id }, message: 'Department deleted successfully' });
    expect((await t.http().get(`${API}/${empty.body.data.id}`).set(admin)).status).toBe(404);
  });

  it("company B cannot read or change company A's department (404)", async () => {
    const other = bearer(b.tokens.company_admin);
    expect((await t.http().get(`${API}/${a.department.id}`).set(other)).status).toBe(404);
    expect((await t.http().put(`${API}/${a.department.id}`).set(other).send({ department_name: 'Hacked' })).status).toBe(404);
    expect((await t.http().delete(`${API}/${a.department.id}`).set(other)).status).toBe(404);
    const kept = await t.em().findOneOrFail(Department, { id: a.department.id }, { filters: false });
    expect(kept.department_name).toBe('Operations');
  });

  it('an employee role gets 403 on writes, even with view', async () => {
    await grant(t, { position: a.position }, a.company, 'departments', { can_view: true });
    const token = bearer(a.tokens.employee);
    expect((await t.http().get(API).set(token)).status).toBe(200);
    expect((await t.http().post(API).set(token).send({ department_code: 'E1', department_name: 'E' })).status).toBe(403);
    expect((await t.http().put(`${API}/${a.department.id}`).set(token).send({ department_name: 'E' })).status).toBe(403);
    expect((await t.http().delete(`${API}/${a.department.id}`).set(token)).status).toBe(403);
  });
});
