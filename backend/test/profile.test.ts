import { TokenService } from '../src/modules/auth/token.service';
import { Employee } from '../src/modules/employees/employee.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, type CompanyFixture } from './support/fixtures';

const PROFILE = '/api/auth/me/profile';

describe('own profile (GET/PUT /api/auth/me/profile)', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let colleague: Employee;
  let client: string;
  let impersonatingA: string;

  const fresh = async (id: number) => {
    const em = t.em();
    return em.findOneOrFail(Employee, { id }, { filters: false, populate: ['position', 'department'] });
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    const em = t.em();
    colleague = em.create(Employee, {
      company: a.company,
      employee_code: 'E002',
      first_name: 'Cole',
      last_name: 'League',
      email: `cole-${a.company.company_code.toLowerCase()}@test.example.com`,
      phone: '+1 555 0100',
      department: a.department,
      position: a.position,
    });
    await em.flush();
    client = await login(t, (await createUser(t.em(), 'client', { company: a.company })).email);
    const superadmin = await createUser(t.em(), 'superadmin');
    impersonatingA = await t.app.get(TokenService).accessToken(superadmin, a.company.id);
  });
  afterAll(() => t.close());

  it('answers the caller’s own record, with position and department read-only beside the contact details', async () => {
    const res = await t.http().get(PROFILE).set(bearer(a.tokens.employee));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      employee_id: a.employee.id,
      first_name: 'Erin',
      position_title: 'Analyst',
      department_name: 'Operations',
      phone: null,
      emergency_contact_name: null,
    });
  });

  it('saves phone, address and the emergency contact, keeps the fields left out, and touches nobody else', async () => {
    const res = await t
      .http()
      .put(PROFILE)
      .set(bearer(a.tokens.employee))
      .send({
        phone: ' +1 555 0199 ',
        address: '1 Main Street',
        city: 'Springfield',
        country: 'USA',
        postal_code: '12345',
        emergency_contact_name: 'Pat Doe',
        emergency_contact_phone: '+1 555 0111',
        emergency_contact_relationship: 'Partner',
      });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.data).toMatchObject({ phone: '+1 555 0199', city: 'Springfield', state: null, emergency_contact_name: 'Pat Doe' });

    const second = await t.http().put(PROFILE).set(bearer(a.tokens.employee)).send({ state: 'IL' });
    expect(second.status).toBe(200);
    const own = await fresh(a.employee.id);
    expect(own).toMatchObject({ phone: '+1 555 0199', address: '1 Main Street', state: 'IL', emergency_contact_relationship: 'Partner' });

    const other = await fresh(colleague.id);
    expect(other).toMatchObject({ phone: '+1 555 0100', address: null, city: null, emergency_contact_name: null });
    const otherCompany = await fresh(b.employee.id);
    expect(otherCompany).toMatchObject({ phone: null, address: null, emergency_contact_name: null });
  });

  it.each([
    ['position_id', { position_id: 1 }],
    ['department_id', { department_id: 1 }],
    ['salary', { salary: '999999.00' }],
    ['employment_status', { employment_status: 'terminated' }],
    ['role', { role: 'company_admin' }],
    ['employee_id', { employee_id: 1 }],
    ['id', { id: 1 }],
    ['company_id', { company_id: 1 }],
    ['email', { email: 'other@example.com' }],
    ['first_name', { first_name: 'Mallory' }],
  ])('refuses a field that bears rights or identity (%s) with a 400 naming it, and changes nothing', async (field, body) => {
    const before = await fresh(a.employee.id);
    const res = await t
      .http()
      .put(PROFILE)
      .set(bearer(a.tokens.employee))
      .send({ phone: '+1 000', ...body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body.errors ?? res.body.message)).toContain(field);
    const after = await fresh(a.employee.id);
    expect(after.phone).toBe(before.phone);
    expect(after.position?.id).toBe(a.position.id);
    expect(after.department?.id).toBe(a.department.id);
    expect(after.salary ?? null).toBe(before.salary ?? null);
    expect(after.employment_status).toBe(before.employment_status);
    const user = await t.em().findOneOrFail(User, { id: a.employeeUser.id }, { filters: false });
    expect(user.role).toBe('employee');
  });

  it('checks lengths like the employee form does', async () => {
    const res = await t.http().put(PROFILE).set(bearer(a.tokens.employee)).send({ postal_code: 'x'.repeat(21) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'postal_code', message: 'Postal code must be at most 20 characters long' }]);
  });

  it('answers 404 to a user without an employee record (company admin, client, impersonating superadmin), and 401 without a token', async () => {
    for (const token of [a.tokens.company_admin, client, impersonatingA]) {
      expect((await t.http().get(PROFILE).set(bearer(token))).status).toBe(404);
      expect((await t.http().put(PROFILE).set(bearer(token)).send({ phone: '1' })).status).toBe(404);
    }
    expect((await t.http().get(PROFILE)).status).toBe(401);
    expect((await t.http().put(PROFILE).send({ phone: '1' })).status).toBe(401);
  });

  it('gives company B’s employee their own record only', async () => {
    const res = await t.http().get(PROFILE).set(bearer(b.tokens.employee));
    expect(res.status).toBe(200);
    expect(res.body.data.employee_id).toBe(b.employee.id);
    await t.http().put(PROFILE).set(bearer(b.tokens.employee)).send({ city: 'Beta City' }).expect(200);
    expect((await fresh(a.employee.id)).city).toBe('Springfield');
  });
});
