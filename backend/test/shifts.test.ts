import { Employee } from '../src/modules/employees/employee.entity';
import { Company } from '../src/modules/companies/company.entity';
import { ShiftAssignment } from '../src/modules/shifts/shift-assignment.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

describe('shift roster: shifts, work locations, assignments', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let second: Employee;

  const post = (path: string, body: object, headers = admin) => t.http().post(`/api/hr/${path}`).set(headers).send(body);
  const put = (path: string, body: object, headers = admin) => t.http().put(`/api/hr/${path}`).set(headers).send(body);
  const del = (path: string, headers = admin) => t.http().delete(`/api/hr/${path}`).set(headers);
  const get = (path: string, headers = admin, query: Record<string, string> = {}) => t.http().get(`/api/hr/${path}`).query(query).set(headers);
  const newShift = async (body: object = {}) => {
    const res = await post('shifts', { shift_name: 'Morning', shift_code: unique('M'), start_time: '08:00', end_time: '16:00', ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const newLocation = async (body: object = {}) => {
    const res = await post('work-locations', { location_name: 'Head Office', latitude: 40.7128, longitude: -74.006, ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    const em = t.em();
    second = em.create(Employee, {
      company: em.getReference(Company, a.company.id),
      employee_code: 'E002',
      first_name: 'Sam',
      last_name: 'Second',
      email: `${unique('sam')}@test.example.com`,
    });
    await em.flush();
  });
  afterAll(() => t.close());

  describe('shifts', () => {
    it('creates a shift with the default grace period of 15 minutes and answers HH:MM times', async () => {
      const res = await post('shifts', { shift_name: 'Day', shift_code: 'DAY', start_time: '09:00', end_time: '17:30', break_duration: 60 });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Shift created successfully');
      expect(res.body.data).toMatchObject({
        shift_name: 'Day',
        shift_code: 'DAY',
        start_time: '09:00',
        end_time: '17:30',
        break_duration: 60,
        grace_period: 15,
        is_active: true,
        description: null,
        assignments_count: 0,
      });
    });

    it.each([
      [{ shift_code: 'X1', start_time: '08:00', end_time: '16:00' }, 'Shift name, code, start time and end time are required', 'shift_name'],
      [{ shift_name: 'N', shift_code: 'X2', start_time: '25:00', end_time: '16:00' }, 'Start time must be a time HH:MM', 'start_time'],
      [{ shift_name: 'N', shift_code: 'X3', start_time: '08:00' }, 'Shift name, code, start time and end time are required', 'end_time'],
      [{ shift_name: 'N', shift_code: 'X4', start_time: '08:00', end_time: '16:00', grace_period: -1 }, 'Grace period must be a whole number of minutes, at least 0', 'grace_period'],
      [{ shift_name: 'N', shift_code: 'X5', start_time: '08:00', end_time: '16:00', break_duration: -5 }, 'Break duration must be a whole number of minutes, at least 0', 'break_duration'],
    ])('refuses %j with 400 naming the field', async (body, message, field) => {
      const res = await post('shifts', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].field).toBe(field);
    });

    it('refuses a second shift with the same code (409), whatever its case', async () => {
      await newShift({ shift_code: 'NIGHT' });
      const res = await post('shifts', { shift_name: 'Other', shift_code: 'night', start_time: '22:00', end_time: '06:00' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Shift code already exists');
    });

    it('updates and lists shifts with filters', async () => {
      const shift = await newShift({ shift_name: 'Evening' });
      const res = await put(`shifts/${shift.id}`, { grace_period: 5, is_active: false });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ grace_period: 5, is_active: false, shift_name: 'Evening' });
      const list = await get('shifts', admin, { filter: JSON.stringify({ is_active: false, q: 'even' }) });
      expect(list.status).toBe(200);
      expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([shift.id]);
      expect(list.headers['content-range']).toBe('hr/shifts 0-0/1');
    });

    it('deletes an unused shift, and refuses one that an assignment uses (409)', async () => {
      const unused = await newShift();
      expect((await del(`shifts/${unused.id}`)).status).toBe(200);
      expect((await get(`shifts/${unused.id}`)).status).toBe(404);

      const used = await newShift();
      const assignment = await post('shift-assignments', { employee_id: second.id, shift_id: used.id, start_date: '2030-01-01', end_date: '2030-01-31' });
      expect(assignment.status).toBe(201);
      const res = await del(`shifts/${used.id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/1 assignment uses it/);
      expect((await get(`shifts/${used.id}`)).body.data.assignments_count).toBe(1);
    });
  });

  describe('work locations', () => {
    it('creates a location with the default radius of 100 m', async () => {
      const res = await post('work-locations', { location_name: 'Depot', latitude: '51.5074', longitude: '-0.1278', address: '1 Dock Road' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ location_name: 'Depot', latitude: 51.5074, longitude: -0.1278, radius: 100, is_active: true, address: '1 Dock Road' });
    });

    it.each([
      [{ latitude: 1, longitude: 1 }, 'Location name, latitude and longitude are required', 'location_name'],
      [{ location_name: 'X', longitude: 1 }, 'Location name, latitude and longitude are required', 'latitude'],
      [{ location_name: 'X', latitude: 91, longitude: 1 }, 'Latitude must be a number from -90 to 90 with at most 6 decimals', 'latitude'],
      [{ location_name: 'X', latitude: 1, longitude: 1, radius: 9 }, 'Radius must be a whole number of metres from 10 to 1000', 'radius'],
      [{ location_name: 'X', latitude: 1, longitude: 1, radius: 1001 }, 'Radius must be a whole number of metres from 10 to 1000', 'radius'],
    ])('refuses %j with 400 naming the field', async (body, message, field) => {
      const res = await post('work-locations', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].field).toBe(field);
    });

    it('accepts the radius bounds 10 and 1000, updates and deletes', async () => {
      const small = await newLocation({ radius: 10 });
      const large = await newLocation({ radius: 1000 });
      expect([small.radius, large.radius]).toEqual([10, 1000]);
      const res = await put(`work-locations/${small.id}`, { radius: 250, is_active: false });
      expect(res.body.data).toMatchObject({ radius: 250, is_active: false });
      expect((await del(`work-locations/${large.id}`)).status).toBe(200);
      expect((await get(`work-locations/${large.id}`)).status).toBe(404);
    });
  });

  describe('assignments', () => {
    it('assigns a shift at a location and answers the names', async () => {
      const shift = await newShift({ shift_name: 'Early' });
      const location = await newLocation({ location_name: 'Warehouse' });
      const res = await post('shift-assignments', {
        employee_id: a.employee.id,
        shift_id: shift.id,
        location_id: location.id,
        start_date: '2031-01-01',
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        employee_id: a.employee.id,
        employee_name: 'Erin Alpha',
        shift_name: 'Early',
        location_name: 'Warehouse',
        start_date: '2031-01-01',
        end_date: null,
        is_active: true,
      });
    });

    it('refuses an overlapping active assignment with 409 and allows one after it ends', async () => {
      const shift = await newShift();
      const first = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2032-03-01', end_date: '2032-03-31' });
      expect(first.status).toBe(201);
      const overlap = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2032-03-31' });
      expect(overlap.status).toBe(409);
      expect(overlap.body.message).toMatch(/already has an active assignment .*2032-03-01 to 2032-03-31/);
      const open = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2032-02-01' });
      expect(open.status).toBe(409);
      const after = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2032-04-01' });
      expect(after.status).toBe(201);
      // an inactive assignment does not count; moving it onto an active one's dates while activating it does
      const inactive = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2032-03-10', is_active: false });
      expect(inactive.status).toBe(201);
      expect((await put(`shift-assignments/${inactive.body.data.id}`, { is_active: true })).status).toBe(409);
      const rows = await t.em().count(ShiftAssignment, { employee: second.id, start_date: { $gte: '2032-01-01' } }, { filters: false });
      expect(rows).toBe(3);
    });

    it('refuses end_date before start_date (400)', async () => {
      const shift = await newShift();
      const res = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2033-05-02', end_date: '2033-05-01' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('end_date');
    });

    it('filters by employee and the date an assignment is active on', async () => {
      const res = await get('shift-assignments', admin, { filter: JSON.stringify({ employee_id: second.id, active_on: '2032-03-15' }) });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ start_date: '2032-03-01', end_date: '2032-03-31' });
    });
  });

  describe('access', () => {
    it('is for company admins only: an employee gets 403 even with attendance rights', async () => {
      await grant(t, { position: a.position }, a.company, 'attendance', { can_view: true, can_create: true, can_edit: true, can_delete: true });
      const employee = bearer(a.tokens.employee);
      expect((await get('shifts', employee)).status).toBe(403);
      expect((await post('work-locations', { location_name: 'X', latitude: 1, longitude: 1 }, employee)).status).toBe(403);
      expect((await get('shift-assignments', employee)).status).toBe(403);
    });

    it('lets an impersonating superadmin manage the roster', async () => {
      const superadmin = await createUser(t.em(), 'superadmin');
      const token = await login(t, superadmin.email);
      const res = await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(token));
      expect(res.status).toBe(200);
      const as = bearer(res.body.data.access_token);
      const created = await post('shifts', { shift_name: 'Imp', shift_code: unique('I'), start_time: '07:00', end_time: '15:00', company_id: a.company.id }, as);
      expect(created.status).toBe(201);
      expect(created.body.data.company_id).toBe(a.company.id);
    });

    it('company B cannot read or change company A', async () => {
      const shift = await newShift();
      const location = await newLocation();
      const assignment = await post('shift-assignments', { employee_id: second.id, shift_id: shift.id, start_date: '2029-01-01', end_date: '2029-01-02' });
      expect(assignment.status).toBe(201);
      const other = bearer(b.tokens.company_admin);
      expect((await get(`shifts/${shift.id}`, other)).status).toBe(404);
      expect((await put(`shifts/${shift.id}`, { shift_name: 'Stolen' }, other)).status).toBe(404);
      expect((await del(`work-locations/${location.id}`, other)).status).toBe(404);
      expect((await del(`shift-assignments/${assignment.body.data.id}`, other)).status).toBe(404);
      const list = await get('shifts', other);
      expect(list.body.data.map((s: { id: number }) => s.id)).not.toContain(shift.id);
      // ids of A in B's body: 404 naming the field, nothing written
      const bShift = (await post('shifts', { shift_name: 'B', shift_code: 'B1', start_time: '08:00', end_time: '16:00' }, other)).body.data;
      const cross = await post('shift-assignments', { employee_id: a.employee.id, shift_id: bShift.id, start_date: '2035-01-01' }, other);
      expect(cross.status).toBe(404);
      expect(cross.body.errors[0].field).toBe('employee_id');
      const cross2 = await post('shift-assignments', { employee_id: b.employee.id, shift_id: shift.id, start_date: '2035-01-01' }, other);
      expect(cross2.status).toBe(404);
      expect(cross2.body.errors[0].field).toBe('shift_id');
      expect(await t.em().count(ShiftAssignment, { company: b.company.id }, { filters: false })).toBe(0);
      expect((await get(`shifts/${shift.id}`)).body.data.shift_name).toBe(shift.shift_name);
    });
  });
});
