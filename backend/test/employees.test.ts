import { Employee } from '../src/modules/employees/employee.entity';
import { RefreshToken } from '../src/modules/auth/refresh-token.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { usePackage } from './support/packages';

const API = '/api/hr/employees';

describe('employees API', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;

  const newEmployee = (extra: Record<string, unknown> = {}) => ({
    employee_code: unique('E').toUpperCase(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `${unique('ada')}@test.example.com`,
    hire_date: '2026-01-05',
    ...extra,
  });

  const create = (body: Record<string, unknown>, token = a.tokens.company_admin) =>
    t.http().post(API).set(bearer(token)).send(body);

  const countIn = (company: CompanyFixture) => t.em().count(Employee, { company: company.company.id }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates an employee with the defaults and exact decimal salary', async () => {
      const body = newEmployee({
        department_id: a.department.id,
        position_id: a.position.id,
        manager_id: a.employee.id,
        salary: 85000.5,
        gender: 'female',
        city: 'London',
      });
      const res = await create(body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Employee created successfully');
      expect(res.body.data).toEqual(
        expect.objectContaining({
          employee_code: body.employee_code,
          first_name: 'Ada',
          department_id: a.department.id,
          department_name: 'Operations',
          position_id: a.position.id,
          position_title: 'Analyst',
          manager_id: a.employee.id,
          manager_name: 'Erin Alpha',
          employment_type: 'full_time',
          employment_status: 'active',
          salary_currency: 'USD',
          payment_frequency: 'monthly',
          salary: '85000.50',
          hire_date: '2026-01-05',
          city: 'London',
          company_id: a.company.id,
          user_id: null,
          username: null,
        }),
      );
      const again = await t.http().get(`${API}/${res.body.data.id}`).set(admin);
      expect(again.body.data.salary).toBe('85000.50');
    });

    it.each([
      [{ first_name: '' }, 'first_name', 'Please fill in all required fields'],
      [{ last_name: undefined }, 'last_name', 'Please fill in all required fields'],
      [{ email: '  ' }, 'email', 'Please fill in all required fields'],
      [{ employee_code: undefined }, 'employee_code', 'Please fill in all required fields'],
      [{ hire_date: undefined }, 'hire_date', 'Please fill in all required fields'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ hire_date: '2026-02-30' }, 'hire_date', 'Hire date must be a date (YYYY-MM-DD)'],
      [{ salary: '12.345' }, 'salary', 'Salary must be an amount of at least 0 with at most 2 decimals'],
      [{ salary: -5 }, 'salary', 'Salary must be an amount of at least 0 with at most 2 decimals'],
      [{ employment_status: 'retired' }, 'employment_status', 'Employment status must be one of active, on leave, suspended or terminated'],
      [{ enable_login: true, password: 'secret1' }, 'username', 'Username and password are required when login is enabled'],
      [{ enable_login: true, username: 'someone' }, 'password', 'Username and password are required when login is enabled'],
      [{ enable_login: true, username: 'someone', password: '12345' }, 'password', 'Password must be at least 8 characters'],
      [{ enable_login: true, username: 'someone', password: 'iloveyou' }, 'password', 'This password is too common. Please choose one that is harder to guess.'],
      [{ nickname: 'x' }, 'nickname', 'Nickname is not an accepted field'],
    ])('refuses %j with a message naming %s', async (extra, field, message) => {
      const before = await countIn(a);
      const res = await create(newEmployee(extra));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual(expect.arrayContaining([{ field, message }]));
      expect(await countIn(a)).toBe(before);
    });

    it('answers 409 for an employee code already used in the company (any case), not in another company', async () => {
      const first = await create(newEmployee({ employee_code: 'DUP-1' }));
      expect(first.status).toBe(201);
      const dup = await create(newEmployee({ employee_code: 'dup-1' }));
      expect(dup.status).toBe(409);
      expect(dup.body).toEqual({
        success: false,
        message: 'Employee code already exists',
        errors: [{ field: 'employee_code', message: 'Employee code already exists' }],
      });
      expect((await create(newEmployee({ employee_code: 'DUP-1' }), b.tokens.company_admin)).status).toBe(201);
    });

    it('creates the login in the same transaction; the new employee signs in', async () => {
      const username = unique('ada.');
      const body = newEmployee({ enable_login: true, username, password: 'Secret#123' });
      const res = await create(body);
      expect(res.status).toBe(201);
      expect(res.body.data.username).toBe(username);
      const user = await t.em().findOneOrFail(User, { username }, { filters: false });
      expect(user).toEqual(expect.objectContaining({ role: 'employee', email: body.email, is_active: true }));
      expect(user.company!.id).toBe(a.company.id);
      expect(user.employee!.id).toBe(res.body.data.id);

      const token = await login(t, body.email as string, 'Secret#123');
      const me = await t.http().get('/api/auth/me').set(bearer(token));
      expect(me.body.data).toEqual(expect.objectContaining({ role: 'employee', employee_id: res.body.data.id, company_id: a.company.id }));
    });

    it('a username or email clash answers 409 and creates nothing', async () => {
      const before = await countIn(a);
      const byUsername = await create(newEmployee({ enable_login: true, username: a.admin.username, password: 'Secret#123' }));
      expect(byUsername.status).toBe(409);
      expect(byUsername.body.errors).toEqual([{ field: 'username', message: 'This username is already taken' }]);
      const byEmail = await create(newEmployee({ email: a.admin.email, enable_login: true, username: unique('u'), password: 'Secret#123' }));
      expect(byEmail.status).toBe(409);
      expect(byEmail.body.errors).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);
      expect(await countIn(a)).toBe(before);
    });

    it("refuses another company's department, position or manager with 404 and writes nothing", async () => {
      const before = await countIn(a);
      for (const [field, id, what] of [
        ['department_id', b.department.id, 'Department'],
        ['position_id', b.position.id, 'Position'],
        ['manager_id', b.employee.id, 'Manager'],
      ] as const) {
        const res = await create(newEmployee({ [field]: id }));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: `${what} not found`, errors: [{ field, message: `${what} not found` }] });
      }
      const company = await create(newEmployee({ company_id: b.company.id }));
      expect(company.status).toBe(404);
      expect(await countIn(a)).toBe(before);
      expect((await create(newEmployee({ company_id: a.company.id }))).status).toBe(201);
    });
  });

  describe('list', () => {
    let people: Array<{ id: number; employee_code: string }>;
    let dept2: number;

    beforeAll(async () => {
      const d = await t.http().post('/api/hr/departments').set(admin).send({ department_code: unique('D'), department_name: 'Search Dept' });
      dept2 = d.body.data.id;
      const made = await Promise.all([
        create(newEmployee({ first_name: 'Zelda', last_name: 'Quartz', email: 'zelda.quartz@search.example.com', department_id: dept2 })),
        create(newEmployee({ first_name: 'Quentin', last_name: 'Zebra', employee_code: 'SRCH-77', department_id: dept2, employment_status: 'on_leave' })),
      ]);
      people = made.map((r) => r.body.data);
    });

    it('answers a page with Content-Range', async () => {
      const res = await t.http().get(API).query({ range: '[0,1]', sort: '["id","ASC"]' }).set(admin);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(2);
      expect(res.headers['content-range']).toMatch(/^hr\/employees 0-1\/\d+$/);
      expect(res.body.data.every((e: any) => e.company_id === a.company.id)).toBe(true);
    });

    it.each([
      ['ZELDA', 0],
      ['quartz', 0],
      ['srch-77', 1],
      ['ZELDA.QUARTZ@search', 0],
      ['quentin zebra', 1],
    ])('searches %s case-insensitively over names, code and email', async (q, index) => {
      const res = await t.http().get(API).query({ filter: JSON.stringify({ q }) }).set(admin);
      expect(res.body.data.map((e: any) => e.id)).toEqual([people[index].id]);
    });

    it('treats % and _ in the search literally', async () => {
      const res = await t.http().get(API).query({ filter: JSON.stringify({ q: '%' }) }).set(admin);
      expect(res.body.data).toEqual([]);
    });

    it('filters by department, position, status and id list (react-admin getMany)', async () => {
      const byDept = await t.http().get(API).query({ filter: JSON.stringify({ department_id: dept2 }) }).set(admin);
      expect(byDept.body.data.map((e: any) => e.id).sort()).toEqual(people.map((p) => p.id).sort());
      const byStatus = await t.http().get(API).query({ filter: JSON.stringify({ department_id: dept2, employment_status: 'on_leave' }) }).set(admin);
      expect(byStatus.body.data.map((e: any) => e.id)).toEqual([people[1].id]);
      const byPosition = await t.http().get(API).query({ filter: JSON.stringify({ position_id: a.position.id }) }).set(admin);
      expect(byPosition.body.data.length).toBeGreaterThan(0);
      expect(byPosition.body.data.every((e: any) => e.position_id === a.position.id)).toBe(true);
      const many = await t.http().get(API).query({ filter: JSON.stringify({ id: [people[0].id, people[1].id, b.employee.id] }) }).set(admin);
      expect(many.body.data.map((e: any) => e.id).sort()).toEqual(people.map((p) => p.id).sort());
    });

    it('sorts by department name and refuses unknown filters and sorts', async () => {
      const res = await t.http().get(API).query({ sort: '["department_name","DESC"]', range: '[0,999]' }).set(admin);
      expect(res.status).toBe(200);
      const bad = await t.http().get(API).query({ filter: '{"salary":1}' }).set(admin);
      expect(bad.status).toBe(400);
      const badStatus = await t.http().get(API).query({ filter: '{"employment_status":"gone"}' }).set(admin);
      expect(badStatus.status).toBe(400);
    });

    it("never lists another company's employees", async () => {
      const res = await t.http().get(API).query({ filter: JSON.stringify({ q: 'Beta' }) }).set(admin);
      expect(res.body.data).toEqual([]);
    });
  });

  describe('update', () => {
    let id: number;
    let code: string;
    beforeAll(async () => {
      const res = await create(newEmployee({ department_id: a.department.id }));
      id = res.body.data.id;
      code = res.body.data.employee_code;
    });

    it('changes the fields sent; ids may be cleared with null or an empty value', async () => {
      const res = await t.http().put(`${API}/${id}`).set(admin).send({
        employee_code: code,
        first_name: 'Augusta',
        department_id: '',
        salary: '1000',
        employment_type: 'contract',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Employee updated successfully');
      expect(res.body.data).toEqual(
        expect.objectContaining({ first_name: 'Augusta', department_id: null, salary: '1000.00', employment_type: 'contract' }),
      );
    });

    it('refuses a new employee code, a cleared required field and self-management', async () => {
      const code2 = await t.http().put(`${API}/${id}`).set(admin).send({ employee_code: 'OTHER' });
      expect(code2.status).toBe(400);
      expect(code2.body.errors).toEqual([{ field: 'employee_code', message: 'Employee code cannot be changed' }]);
      const cleared = await t.http().put(`${API}/${id}`).set(admin).send({ last_name: null });
      expect(cleared.status).toBe(400);
      expect(cleared.body.message).toBe('Please fill in all required fields');
      const self = await t.http().put(`${API}/${id}`).set(admin).send({ manager_id: id });
      expect(self.status).toBe(400);
    });

    it('refuses a manager who reports to the employee, directly or through others, and keeps the manager', async () => {
      const make = async (first_name: string, last_name: string, manager_id?: number) =>
        (await create(newEmployee({ first_name, last_name, ...(manager_id ? { manager_id } : {}) }))).body.data.id as number;
      const head = await make('Hana', 'Head');
      const lead = await make('Lars', 'Lead', head);
      const member = await make('Mia', 'Member', lead);
      // Mia reports to Lars, who reports to Hana: neither may become Hana's manager
      for (const [manager, name] of [
        [member, 'Mia Member'],
        [lead, 'Lars Lead'],
      ] as const) {
        const res = await t.http().put(`${API}/${head}`).set(admin).send({ manager_id: manager });
        expect(res.status).toBe(400);
        const message = `${name} cannot be Hana Head's manager: ${name} reports to Hana Head, directly or through others`;
        expect(res.body.message).toBe(message);
        expect(res.body.errors).toEqual([{ field: 'manager_id', message }]);
      }
      const [stored] = await t.em().execute(`select manager_id from employees where id = ?`, [head]);
      expect(stored.manager_id).toBeNull();
      // someone outside her team may; and Mia may move up to report to Hana
      const other = await make('Otto', 'Outside');
      expect((await t.http().put(`${API}/${head}`).set(admin).send({ manager_id: other })).status).toBe(200);
      expect((await t.http().put(`${API}/${member}`).set(admin).send({ manager_id: head })).status).toBe(200);
    });

    it("answers 404 for another company's employee or ids", async () => {
      expect((await t.http().get(`${API}/${b.employee.id}`).set(admin)).status).toBe(404);
      const put = await t.http().put(`${API}/${b.employee.id}`).set(admin).send({ first_name: 'Hacked' });
      expect(put.status).toBe(404);
      expect(put.body.message).toBe('Employee not found');
      const ref = await t.http().put(`${API}/${id}`).set(admin).send({ position_id: b.position.id });
      expect(ref.status).toBe(404);
      expect((await t.em().findOneOrFail(Employee, { id: b.employee.id }, { filters: false })).first_name).toBe('Erin');
    });
  });

  describe('delete', () => {
    it('removes an unreferenced employee and its login', async () => {
      const username = unique('del.');
      const res = await create(newEmployee({ enable_login: true, username, password: 'Secret#123' }));
      const del = await t.http().delete(`${API}/${res.body.data.id}`).set(admin);
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ success: true, data: { id: res.body.data.id, mode: 'deleted' }, message: 'Employee deleted successfully' });
      expect(await t.em().count(Employee, { id: res.body.data.id }, { filters: false })).toBe(0);
      expect(await t.em().count(User, { username }, { filters: false })).toBe(0);
    });

    it('terminates a referenced employee: login disabled, sessions ended, history kept', async () => {
      const body = newEmployee({ enable_login: true, username: unique('mgr.'), password: 'Secret#123' });
      const manager = (await create(body)).body.data;
      await create(newEmployee({ manager_id: manager.id }));
      const token = await login(t, body.email as string, 'Secret#123');

      const del = await t.http().delete(`${API}/${manager.id}`).set(admin);
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ id: manager.id, mode: 'terminated' });
      expect(del.body.message).toMatch(/^Employee terminated: 1 record still references this employee/);
      const kept = await t.http().get(`${API}/${manager.id}`).set(admin);
      expect(kept.body.data.employment_status).toBe('terminated');
      const user = await t.em().findOneOrFail(User, { employee: manager.id }, { filters: false });
      expect(user.is_active).toBe(false);
      expect(await t.em().count(RefreshToken, { user: user.id, revoked_at: null })).toBe(0);
      expect((await t.http().get('/api/auth/me').set(bearer(token))).status).toBe(401);
      expect((await t.http().post('/api/auth/login').send({ email: body.email, password: 'Secret#123' })).status).toBe(403);

      const again = await t.http().delete(`${API}/${manager.id}`).set(admin);
      expect(again.status).toBe(409);
    });

    it("answers 404 for another company's employee", async () => {
      expect((await t.http().delete(`${API}/${b.employee.id}`).set(admin)).status).toBe(404);
      expect(await t.em().count(Employee, { id: b.employee.id }, { filters: false })).toBe(1);
    });
  });

  describe('permissions', () => {
    it('an employee without rights gets 403 on reads and writes', async () => {
      const token = b.tokens.employee;
      expect((await t.http().get(API).set(bearer(token))).status).toBe(403);
      expect((await create(newEmployee(), token)).status).toBe(403);
      expect((await t.http().put(`${API}/${b.employee.id}`).set(bearer(token)).send({ first_name: 'X' })).status).toBe(403);
      expect((await t.http().delete(`${API}/${b.employee.id}`).set(bearer(token))).status).toBe(403);
    });

    it('view alone allows reading, not writing', async () => {
      await grant(t, { position: b.position }, b.company, 'employees', { can_view: true });
      const token = b.tokens.employee;
      expect((await t.http().get(API).set(bearer(token))).status).toBe(200);
      const write = await create(newEmployee(), token);
      expect(write.status).toBe(403);
      expect(write.body.message).toBe('You do not have create access to the employees module');
      expect((await t.http().post(`${API}/import`).set(bearer(token)).send({ csv: 'a' })).status).toBe(403);
    });
  });

  describe('plan limit', () => {
    it("enforces the package's max_employees with 422; terminated employees do not count", async () => {
      const c = await createCompany(t, 'Gamma');
      await usePackage(t, c.company, { max_employees: 2 });
      const token = c.tokens.company_admin;
      expect((await create(newEmployee(), token)).status).toBe(201);
      const over = await create(newEmployee(), token);
      expect(over.status).toBe(422);
      expect(over.body.message).toBe('Your plan allows at most 2 employees');
      expect((await create(newEmployee({ employment_status: 'terminated' }), token)).status).toBe(201);

      const csv = 'employee_code,first_name,last_name,email,hire_date\nG1,A,B,a@g.example.com,2026-01-01\n';
      const imp = await t.http().post(`${API}/import`).set(bearer(token)).send({ csv });
      expect(imp.status).toBe(422);

      // re-hiring a terminated employee needs room too
      await t.http().delete(`${API}/${c.employee.id}`).set(bearer(token));
      expect((await create(newEmployee(), token)).status).toBe(201);
      const terminated = await t.http().get(API).query({ filter: '{"employment_status":"terminated"}' }).set(bearer(token));
      const rehire = await t.http().put(`${API}/${terminated.body.data[0].id}`).set(bearer(token)).send({ employment_status: 'active' });
      expect(rehire.status).toBe(422);
    });

    it('-1 is unlimited', async () => {
      const c = await createCompany(t, 'Delta');
      await usePackage(t, c.company, { max_employees: -1 });
      for (let i = 0; i < 3; i++) expect((await create(newEmployee(), c.tokens.company_admin)).status).toBe(201);
    });
  });

  describe('CSV', () => {
    it('exports the filtered list as CSV', async () => {
      const res = await t.http().get(`${API}/export`).query({ filter: JSON.stringify({ q: 'Erin' }) }).set(admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="employees-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = res.text.replace(/^\uFEFF/, '').trim().split('\n');
      expect(lines[0]).toMatch(/^employee_code,first_name,middle_name,last_name,email/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('E001,Erin,,Alpha');
      expect(lines[1]).toContain('OPS,Operations,ANL,Analyst');
    });

    it('imports all rows in one go, resolving codes and in-file managers', async () => {
      const c = await createCompany(t, 'Import');
      const csv = [
        'employee_code,first_name,last_name,email,hire_date,department_code,position_code,manager_code,salary,employment_type,department_name',
        'IMP1,Boss,One,boss@imp.example.com,2025-01-01,ops,ANL,,1000.5,contract,ignored',
        'IMP2,"Worker, Jr",Two,worker@imp.example.com,2025-02-01,OPS,,IMP1,,,',
        'IMP3,Third,Three,third@imp.example.com,2025-03-01,,,E001,,,',
      ].join('\n');
      const res = await t.http().post(`${API}/import`).set(bearer(c.tokens.company_admin)).send({ csv });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, data: { imported: 3 }, message: '3 employees imported successfully' });
      const list = await t.http().get(API).query({ filter: '{"q":"imp.example.com"}', sort: '["employee_code","ASC"]' }).set(bearer(c.tokens.company_admin));
      const [boss, worker, third] = list.body.data;
      expect(boss).toEqual(expect.objectContaining({ department_id: c.department.id, position_id: c.position.id, salary: '1000.50', employment_type: 'contract' }));
      expect(worker).toEqual(expect.objectContaining({ first_name: 'Worker, Jr', manager_id: boss.id, employment_status: 'active', salary_currency: 'USD' }));
      expect(third.manager_id).toBe(c.employee.id);
    });

    it('validates every row first and imports nothing when one is wrong', async () => {
      const c = await createCompany(t, 'Import2');
      const before = await countIn(c);
      const csv = [
        'employee_code,first_name,last_name,email,hire_date,department_code,manager_code',
        'OK1,Fine,Row,fine@imp2.example.com,2025-01-01,OPS,',
        'E001,Dup,Code,dup@imp2.example.com,2025-01-01,,',
        'OK2,,Missing,missing@imp2.example.com,2025-01-01,,',
        'OK3,Bad,Email,nope,2025-01-01,NODEPT,',
        'OK1,Again,Row,again@imp2.example.com,2025-01-01,,GHOST',
      ].join('\n');
      const res = await t.http().post(`${API}/import`).set(bearer(c.tokens.company_admin)).send({ csv });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^The file has 6 errors; nothing was imported/);
      expect(res.body.errors).toEqual([
        { row: 3, field: 'employee_code', message: 'Employee code already exists' },
        { row: 4, field: 'first_name', message: 'Please fill in all required fields' },
        { row: 5, field: 'email', message: 'Please enter a valid email address' },
        { row: 5, field: 'department_code', message: 'Department NODEPT not found' },
        { row: 6, field: 'employee_code', message: 'Employee code repeats row 2' },
        { row: 6, field: 'manager_code', message: 'Manager GHOST not found' },
      ]);
      expect(await countIn(c)).toBe(before);
    });

    it('refuses managers in the file that go round in a circle, naming each row, and imports nothing', async () => {
      const c = await createCompany(t, 'ImportCircle');
      const before = await countIn(c);
      const csv = [
        'employee_code,first_name,last_name,email,hire_date,manager_code',
        'CA1,Cara,One,cara@circle.example.com,2025-01-01,CB2',
        'CB2,Cole,Two,cole@circle.example.com,2025-01-01,CA1',
        'CC3,Cleo,Three,cleo@circle.example.com,2025-01-01,CA1',
      ].join('\n');
      const res = await t.http().post(`${API}/import`).set(bearer(c.tokens.company_admin)).send({ csv });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The file has 2 errors; nothing was imported. Row 2, manager_code: The managers go round in a circle: CA1 → CB2 → CA1');
      expect(res.body.errors).toEqual([
        { row: 2, field: 'manager_code', message: 'The managers go round in a circle: CA1 → CB2 → CA1' },
        { row: 3, field: 'manager_code', message: 'The managers go round in a circle: CB2 → CA1 → CB2' },
      ]);
      expect(await countIn(c)).toBe(before);
    });

    it('refuses unknown columns and a file without rows', async () => {
      const unknownColumn = await t.http().post(`${API}/import`).set(admin).send({ csv: 'employee_code,password\nX,y' });
      expect(unknownColumn.status).toBe(400);
      expect(unknownColumn.body.message).toMatch(/^Unknown column password/);
      const empty = await t.http().post(`${API}/import`).set(admin).send({ csv: 'employee_code,first_name,last_name,email,hire_date\n' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('The file has no rows to import');
    });

    it('round-trips an export into another company', async () => {
      const exported = await t.http().get(`${API}/export`).query({ filter: JSON.stringify({ department_id: a.department.id }) }).set(admin);
      const c = await createCompany(t, 'Copy');
      // the fixture's own E001 is already there: drop it from the file
      const csv = exported.text
        .split('\n')
        .filter((line) => !line.startsWith('E001,'))
        .join('\n');
      const res = await t.http().post(`${API}/import`).set(bearer(c.tokens.company_admin)).send({ csv });
      expect(res.status).toBe(201);

      // every exported employee is stored again in C, field by field (departments, positions and managers by their codes)
      const stored = (companyId: number, departmentId?: number) =>
        t.em().execute(
          `select e.employee_code, e.first_name, e.middle_name, e.last_name, e.email, e.phone, e.date_of_birth::text as date_of_birth,
                  e.gender, e.address, e.city, e.state, e.country, e.postal_code, d.department_code, p.position_code,
                  m.employee_code as manager_code, e.employment_type, e.employment_status, e.hire_date::text as hire_date,
                  e.salary::text as salary, e.salary_currency, e.payment_frequency, e.emergency_contact_name,
                  e.emergency_contact_phone, e.emergency_contact_relationship
             from employees e left join departments d on d.id = e.department_id left join positions p on p.id = e.position_id
                  left join employees m on m.id = e.manager_id
            where e.company_id = ? and e.employee_code <> 'E001' ${departmentId ? 'and e.department_id = ?' : ''}
            order by e.employee_code`,
          departmentId ? [companyId, departmentId] : [companyId],
        );
      const originals = await stored(a.company.id, a.department.id);
      expect(res.body.data).toEqual({ imported: originals.length });
      expect(originals.length).toBeGreaterThan(0);
      expect(await stored(c.company.id)).toEqual(originals);
    });
  });
});
