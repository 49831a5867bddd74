import { SchedulerRegistry } from '@nestjs/schedule';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { TokenService } from '../src/modules/auth/token.service';
import { Company } from '../src/modules/companies/company.entity';
import { Feature } from '../src/modules/packages/feature.entity';
import { Package } from '../src/modules/packages/package.entity';
import { PackageFeature } from '../src/modules/packages/package-feature.entity';
import { Position } from '../src/modules/positions/position.entity';
import { Task } from '../src/modules/monitoring/task.entity';
import { TaskComment } from '../src/modules/monitoring/task-comment.entity';
import { OVERDUE_JOB, TaskOverdueJob } from '../src/modules/monitoring/task-overdue.job';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/monitoring/tasks';
const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('operational monitoring: tasks, templates, comments, metrics', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  // company A: OPS has Erin (fixture), Omar (active) and Tess (terminated); SUP has Sam
  let omar: Employee;
  let tess: Employee;
  let sam: Employee;
  let lea: Employee;
  let support: Department;
  let lead: Position;

  const post = (path: string, body: object, headers = admin) => t.http().post(`${API}${path}`).set(headers).send(body);
  const put = (id: number, body: object, headers = admin) => t.http().put(`${API}/${id}`).set(headers).send(body);
  const get = (path: string, headers = admin) => t.http().get(`${API}${path}`).set(headers);
  const list = (filter: object, extra: Record<string, string> = {}) =>
    t
      .http()
      .get(API)
      .query({ filter: JSON.stringify(filter), range: '[0,99]', ...extra })
      .set(admin);
  const newTask = async (body: object = {}) => {
    const res = await post('', { title: unique('Task '), department_id: a.department.id, ...body });
    expect(res.status).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // the scheduled run would race the assertions on stored statuses; the tests call run() themselves
    t.app.get(SchedulerRegistry).getCronJob(OVERDUE_JOB).stop();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);

    const em = t.em();
    const company = em.getReference(Company, a.company.id);
    const ops = em.getReference(Department, a.department.id);
    const analyst = em.getReference(Position, a.position.id);
    support = em.create(Department, { company, department_code: 'SUP', department_name: 'Support' });
    lead = em.create(Position, { company, position_code: 'LEAD', position_title: 'Team Lead', department: ops });
    const person = (code: string, first: string, extra: Partial<Employee>) =>
      em.create(Employee, {
        company,
        employee_code: code,
        first_name: first,
        last_name: 'Alpha',
        email: `${unique(first.toLowerCase())}@test.example.com`,
        ...extra,
      });
    omar = person('E002', 'Omar', { department: ops, position: analyst });
    tess = person('E003', 'Tess', { department: ops, position: analyst, employment_status: 'terminated' });
    sam = person('E004', 'Sam', { department: support });
    lea = person('E005', 'Lea', { department: ops, position: lead });
    await em.flush();
  });
  afterAll(() => t.close());

  describe('creating a task', () => {
    it('creates a task with the spec fields and answers them', async () => {
      const res = await post('', {
        title: '  Prepare onboarding pack  ',
        description: 'Laptop, badge and accounts',
        category: 'onboarding',
        priority: 'high',
        assigned_to: omar.id,
        employee_id: sam.id,
        department_id: a.department.id,
        position_id: a.position.id,
        due_date: iso(48 * HOUR),
        estimated_hours: 3.5,
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Task created successfully');
      expect(res.body.data).toMatchObject({
        title: 'Prepare onboarding pack',
        description: 'Laptop, badge and accounts',
        category: 'onboarding',
        priority: 'high',
        status: 'pending',
        assigned_to: omar.id,
        assigned_to_name: 'Omar Alpha',
        employee_id: sam.id,
        employee_name: 'Sam Alpha',
        department_id: a.department.id,
        department_name: 'Operations',
        position_id: a.position.id,
        position_title: 'Analyst',
        estimated_hours: 3.5,
        progress_percentage: 0,
        completed_at: null,
        is_overdue: false,
        created_by: a.admin.id,
      });
      const stored = await t.em().findOneOrFail(Task, { id: res.body.data.id }, { filters: false });
      expect(stored.company.id).toBe(a.company.id);
    });

    it("asks for a title: 'Please enter a task title'", async () => {
      for (const title of [undefined, '', '   ']) {
        const res = await post('', { title, department_id: a.department.id });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please enter a task title');
        expect(res.body.errors[0].field).toBe('title');
      }
    });

    it('needs a department or a position, taken from the assignee when not given', async () => {
      const none = await post('', { title: 'Orphan' });
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Please select at least one department or a position');
      expect(none.body.errors[0].field).toBe('department_id');

      const derived = await post('', { title: 'From assignee', assigned_to: omar.id });
      expect(derived.status).toBe(201);
      expect(derived.body.data).toMatchObject({ department_id: a.department.id, position_id: a.position.id });

      const positionOnly = await post('', { title: 'Position only', position_id: a.position.id });
      expect(positionOnly.status).toBe(201);
      expect(positionOnly.body.data.department_id).toBeNull();
    });

    it('validates enumerations, progress and unknown fields, naming the field', async () => {
      const cases: Array<[object, string]> = [
        [{ category: 'misc' }, 'category'],
        [{ priority: 'extreme' }, 'priority'],
        [{ status: 'completed' }, 'status'],
        [{ progress_percentage: 101 }, 'progress_percentage'],
        [{ progress_percentage: -1 }, 'progress_percentage'],
        [{ estimated_hours: -2 }, 'estimated_hours'],
        [{ due_date: 'next tuesday' }, 'due_date'],
        [{ assigned_to: 'abc' }, 'assigned_to'],
        [{ colour: 'red' }, 'colour'],
      ];
      for (const [body, field] of cases) {
        const res = await post('', { title: 'Invalid', department_id: a.department.id, ...body });
        expect(res.status).toBe(400);
        expect(res.body.errors[0].field).toBe(field);
      }
    });

    it("refuses another company's department, position or employee with 404", async () => {
      const cases: Array<[object, string, string]> = [
        [{ department_id: b.department.id }, 'department_id', 'Department not found'],
        [{ position_id: b.position.id }, 'position_id', 'Position not found'],
        [{ assigned_to: b.employee.id }, 'assigned_to', 'Employee not found'],
        [{ employee_id: b.employee.id }, 'employee_id', 'Employee not found'],
      ];
      for (const [body, field, message] of cases) {
        const res = await post('', { title: 'Cross company', department_id: a.department.id, ...body });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message, errors: [{ field, message }] });
      }
      const other = await post('', { title: 'Other company', department_id: a.department.id, company_id: b.company.id });
      expect(other.status).toBe(404);
    });

    it('reads a date alone as the end of that day in the company time zone', async () => {
      await t.em().nativeUpdate(Company, { id: a.company.id }, { time_zone: 'America/New_York' });
      try {
        const task = await newTask({ due_date: '2099-01-10' });
        expect(task.due_date).toBe('2099-01-11T04:59:59.999Z');
      } finally {
        await t.em().nativeUpdate(Company, { id: a.company.id }, { time_zone: 'UTC' });
      }
    });
  });

  describe('listing', () => {
    let tag: string;
    let ids: Record<string, number>;

    beforeAll(async () => {
      tag = unique('flt');
      const mk = async (name: string, body: object) => (await newTask({ title: `${tag} ${name}`, ...body })).id as number;
      ids = {
        low: await mk('low general', { priority: 'low', due_date: iso(10 * 24 * HOUR) }),
        urgent: await mk('urgent onboarding', { priority: 'urgent', category: 'onboarding', assigned_to: omar.id }),
        critical: await mk('critical payroll', {
          priority: 'critical',
          category: 'payroll_processing',
          department_id: support.id,
          description: 'needle in the description',
          due_date: iso(3 * 24 * HOUR),
        }),
        // no department given: the assignee's (Support)
        progress: await mk('in progress', { status: 'in_progress', priority: 'high', assigned_to: sam.id, department_id: undefined }),
      };
    });

    const titles = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((x) => x.id).sort();

    it('pages with Content-Range', async () => {
      const res = await t
        .http()
        .get(API)
        .query({ filter: JSON.stringify({ q: tag }), range: '[0,1]', sort: '["id","ASC"]' })
        .set(admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('monitoring/tasks 0-1/4');
      expect(res.body.data.map((x: { id: number }) => x.id)).toEqual([ids.low, ids.urgent]);
    });

    it('filters by status, priority, category, assignee, department and search text', async () => {
      const sorted = (...xs: number[]) => xs.sort();
      expect(titles(await list({ q: tag, status: 'in_progress' }))).toEqual([ids.progress]);
      expect(titles(await list({ q: tag, status: ['pending'] }))).toEqual(sorted(ids.low, ids.urgent, ids.critical));
      expect(titles(await list({ q: tag, priority: 'critical' }))).toEqual([ids.critical]);
      expect(titles(await list({ q: tag, priority: ['low', 'urgent'] }))).toEqual(sorted(ids.low, ids.urgent));
      expect(titles(await list({ q: tag, category: 'onboarding' }))).toEqual([ids.urgent]);
      expect(titles(await list({ q: tag, assigned_to: sam.id }))).toEqual([ids.progress]);
      expect(titles(await list({ q: tag, department_id: support.id }))).toEqual(sorted(ids.critical, ids.progress));
      expect(titles(await list({ q: 'NEEDLE in the' }))).toEqual([ids.critical]);
      // the spec's client sends plain query parameters
      expect(titles(await list({}, { search: tag, priority: 'urgent' }))).toEqual([ids.urgent]);
    });

    it('filters by due date range (dates are whole days)', async () => {
      const day = (offset: number) => iso(offset * 24 * HOUR).slice(0, 10);
      expect(titles(await list({ q: tag, due_from: day(2), due_to: day(5) }))).toEqual([ids.critical]);
      expect(titles(await list({ q: tag, due_from: day(4) }))).toEqual([ids.low]);
    });

    it('sorts by priority by severity', async () => {
      const res = await t
        .http()
        .get(API)
        .query({ filter: JSON.stringify({ q: tag }), sort: '["priority","DESC"]' })
        .set(admin);
      expect(res.body.data.map((x: { priority: string }) => x.priority)).toEqual(['critical', 'urgent', 'high', 'low']);
    });

    it('refuses unknown filters and values', async () => {
      expect((await list({ colour: 'red' })).status).toBe(400);
      const bad = await list({ status: 'done' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^The status filter must be one of /);
    });
  });

  describe('status transitions', () => {
    it('records completion, keeps completed final, and reopens only on request', async () => {
      const task = await newTask();
      const started = await put(task.id, { status: 'in_progress', progress_percentage: 40 });
      expect(started.status).toBe(200);
      expect(started.body.data).toMatchObject({ status: 'in_progress', progress_percentage: 40, completed_at: null });

      expect((await put(task.id, { status: 'on_hold' })).body.data.status).toBe('on_hold');
      const done = await put(task.id, { status: 'completed' });
      expect(done.body.message).toBe('Task updated successfully');
      expect(done.body.data).toMatchObject({ status: 'completed', progress_percentage: 100 });
      expect(Date.now() - new Date(done.body.data.completed_at).getTime()).toBeLessThan(60_000);

      const back = await put(task.id, { status: 'in_progress' });
      expect(back.status).toBe(422);
      expect(back.body.message).toBe('This task is completed: reopen it to change its status');
      const lower = await put(task.id, { progress_percentage: 50 });
      expect(lower.status).toBe(422);
      // other fields of a done task stay editable
      expect((await put(task.id, { title: 'Renamed after completion' })).status).toBe(200);

      const reopened = await put(task.id, { reopen: true, status: 'in_progress' });
      expect(reopened.status).toBe(200);
      expect(reopened.body.data).toMatchObject({ status: 'in_progress', completed_at: null });
      const notDone = await put(task.id, { reopen: true });
      expect(notDone.status).toBe(422);
      expect(notDone.body.message).toBe('Only a completed or cancelled task can be reopened');
    });

    it('keeps cancelled final and never lets a user set overdue', async () => {
      const task = await newTask();
      expect((await put(task.id, { status: 'overdue' })).status).toBe(422);
      expect((await put(task.id, { status: 'cancelled' })).body.data).toMatchObject({ status: 'cancelled', completed_at: null });
      const again = await put(task.id, { status: 'completed' });
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('This task is cancelled: reopen it to change its status');
      expect((await put(task.id, { reopen: true })).body.data.status).toBe('pending');
    });

    it('keeps a department or position on update', async () => {
      const task = await newTask();
      const res = await put(task.id, { department_id: null });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please select at least one department or a position');
    });
  });

  describe('overdue', () => {
    it('reads an open task past due as overdue before the job runs, then the job marks it', async () => {
      const task = await newTask({ title: unique('late '), due_date: iso(24 * HOUR) });
      await t.em().nativeUpdate(Task, { id: task.id }, { due_date: new Date(Date.now() - HOUR) }, { filters: false });

      const read = await get(`/${task.id}`);
      expect(read.body.data).toMatchObject({ status: 'overdue', is_overdue: true });
      expect((await t.em().findOneOrFail(Task, { id: task.id }, { filters: false })).status).toBe('pending');
      expect(titlesOf(await list({ q: task.title, status: 'overdue' }))).toEqual([task.id]);
      expect(titlesOf(await list({ q: task.title, status: 'pending' }))).toEqual([]);
      expect(titlesOf(await list({ q: task.title, is_overdue: true }))).toEqual([task.id]);

      const job = t.app.get(TaskOverdueJob);
      expect(await job.run()).toBeGreaterThanOrEqual(1);
      expect((await t.em().findOneOrFail(Task, { id: task.id }, { filters: false })).status).toBe('overdue');
      // idempotent: nothing left to mark
      expect(await job.run()).toBe(0);

      // done tasks and tasks without a due date are never overdue
      const done = await newTask({ due_date: iso(HOUR) });
      await put(done.id, { status: 'completed' });
      await t.em().nativeUpdate(Task, { id: done.id }, { due_date: new Date(Date.now() - HOUR) }, { filters: false });
      await job.run();
      expect((await get(`/${done.id}`)).body.data).toMatchObject({ status: 'completed', is_overdue: false });

      // a later due date brings the task back
      const moved = await put(task.id, { due_date: iso(24 * HOUR) });
      expect(moved.body.data).toMatchObject({ status: 'pending', is_overdue: false });
    });

    it('an overdue task can be completed, but not moved to another open status while past due', async () => {
      const task = await newTask({ due_date: iso(-HOUR) });
      expect(task).toMatchObject({ status: 'overdue', is_overdue: true });
      const res = await put(task.id, { status: 'in_progress' });
      expect(res.status).toBe(422);
      expect((await put(task.id, { status: 'completed' })).body.data).toMatchObject({ status: 'completed', is_overdue: false });
    });
  });

  describe('metrics', () => {
    let c: CompanyFixture;

    beforeAll(async () => {
      c = await createCompany(t, 'Gamma');
      const h = bearer(c.tokens.company_admin);
      const mk = async (body: object) => {
        const res = await t
          .http()
          .post(API)
          .set(h)
          .send({ title: 'Metric task', department_id: c.department.id, ...body });
        expect(res.status).toBe(201);
        return res.body.data.id as number;
      };
      const em = t.em();
      const created = new Date('2026-03-02T08:00:00Z');
      const at = (hours: number) => new Date(created.getTime() + hours * HOUR);
      const done1 = await mk({ priority: 'low' });
      const done2 = await mk({ priority: 'high' });
      const late = await mk({ priority: 'high', due_date: iso(24 * HOUR) });
      const working = await mk({ priority: 'urgent', status: 'in_progress' });
      const cancelled = await mk({ priority: 'critical' });
      const old = await mk({ priority: 'medium' });
      await em.nativeUpdate(Task, { id: { $in: [done1, done2, late, working, cancelled] } }, { created_at: created }, { filters: false });
      await em.nativeUpdate(Task, { id: done1 }, { status: 'completed', completed_at: at(10), progress_percentage: 100 }, { filters: false });
      await em.nativeUpdate(Task, { id: done2 }, { status: 'completed', completed_at: at(20), progress_percentage: 100 }, { filters: false });
      await em.nativeUpdate(Task, { id: late }, { due_date: at(1) }, { filters: false });
      await em.nativeUpdate(Task, { id: cancelled }, { status: 'cancelled' }, { filters: false });
      await em.nativeUpdate(Task, { id: old }, { created_at: new Date('2025-06-01T12:00:00Z') }, { filters: false });
    });

    const metrics = (query: Record<string, string> = {}) =>
      t.http().get(`${API}/metrics`).query(query).set(bearer(c.tokens.company_admin));

    it('computes the spec fields for a date range', async () => {
      const res = await metrics({ start_date: '2026-03-01', end_date: '2026-03-31' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        total_created: 5,
        total_completed: 2,
        status_breakdown: { pending: 0, in_progress: 1, completed: 2, cancelled: 1, on_hold: 0, overdue: 1 },
        priority_breakdown: { low: 1, medium: 0, high: 2, urgent: 1, critical: 1 },
        overdue_tasks: 1,
        avg_completion_time_hours: 15,
        completion_rate: 40,
      });
    });

    it('counts every task without a range, and none outside it', async () => {
      const all = await metrics();
      expect(all.body.data).toMatchObject({ total_created: 6, total_completed: 2, completion_rate: 33 });
      expect(all.body.data.status_breakdown.pending).toBe(1);
      const empty = await metrics({ start_date: '2024-01-01', end_date: '2024-12-31' });
      expect(empty.body.data).toMatchObject({ total_created: 0, completion_rate: 0, avg_completion_time_hours: null });
    });

    it('validates the range', async () => {
      const res = await metrics({ start_date: '2026-03-31', end_date: '2026-03-01' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('end_date');
      expect((await metrics({ start_date: 'yesterday' })).status).toBe(400);
    });
  });

  describe('bulk assignment', () => {
    it('creates one task per active employee of the departments', async () => {
      const title = unique('Bulk ');
      const res = await post('/bulk', {
        title,
        priority: 'high',
        department_ids: [a.department.id, support.id],
        due_date: iso(72 * HOUR),
      });
      expect(res.status).toBe(201);
      // Erin, Omar, Lea (OPS) and Sam (SUP); Tess is terminated
      expect(res.body.data).toMatchObject({ created: 4, failed: [], total: 4 });
      expect(res.body.message).toBe('4 tasks created successfully');
      const tasks = await t.em().find(Task, { title }, { filters: false, populate: ['assigned_to'] });
      expect(tasks.map((x) => x.assigned_to!.id).sort()).toEqual([a.employee.id, omar.id, sam.id, lea.id].sort());
      expect(tasks.every((x) => x.priority === 'high' && x.company.id === a.company.id)).toBe(true);
      expect(tasks.find((x) => x.assigned_to!.id === sam.id)!.department!.id).toBe(support.id);
    });

    it('narrows by position', async () => {
      const res = await post('/bulk', { title: unique('By position '), department_ids: [a.department.id], position_id: a.position.id });
      expect(res.body.data).toMatchObject({ created: 2, total: 2 });
      const onlyPosition = await post('/bulk', { title: unique('Position '), position_id: lead.id });
      expect(onlyPosition.body.data).toMatchObject({ created: 1, total: 1 });
    });

    it('reports the employees it could not assign and creates the rest', async () => {
      const title = unique('Partial ');
      const res = await post('/bulk', {
        title,
        department_ids: [a.department.id],
        employee_ids: [omar.id, tess.id, sam.id, b.employee.id],
      });
      expect(res.status).toBe(201);
      expect(res.body.data.created).toBe(1);
      expect(res.body.data.total).toBe(4);
      expect(res.body.data.failed).toEqual([
        { employee_id: tess.id, employee_name: 'Tess Alpha', message: 'This employee is not active' },
        { employee_id: sam.id, employee_name: 'Sam Alpha', message: 'This employee is not in the selected departments/position' },
        { employee_id: b.employee.id, employee_name: null, message: 'Employee not found' },
      ]);
      expect(res.body.message).toBe('3 out of 4 tasks failed to create. Please try again.');
      expect(await t.em().count(Task, { title }, { filters: false })).toBe(1);
    });

    it("uses the spec's messages", async () => {
      const noTitle = await post('/bulk', { title: ' ', department_ids: [a.department.id] });
      expect(noTitle.status).toBe(400);
      expect(noTitle.body.message).toBe('Please enter a task title');

      const noSelection = await post('/bulk', { title: 'Nobody', department_ids: [] });
      expect(noSelection.status).toBe(400);
      expect(noSelection.body.message).toBe('Please select at least one department or a position');

      const emptyDept = await t.em().insert(Department, { company: a.company.id, department_code: unique('E'), department_name: 'Empty' });
      const nobody = await post('/bulk', { title: 'Nobody', department_ids: [emptyDept] });
      expect(nobody.status).toBe(422);
      expect(nobody.body.message).toBe('No employees found for the selected departments/position');

      const foreign = await post('/bulk', { title: 'Foreign', department_ids: [b.department.id] });
      expect(foreign.status).toBe(404);
      expect(await t.em().count(Task, { title: 'Foreign' }, { filters: false })).toBe(0);
    });
  });

  describe('templates', () => {
    it('creates, lists and instantiates a template', async () => {
      const name = unique('Onboarding ');
      const created = await post('/templates', {
        name,
        title: 'Welcome a new hire',
        description: 'Desk, laptop, accounts',
        category: 'onboarding',
        priority: 'urgent',
        estimated_hours: 2,
        due_in_days: 7,
        department_id: a.department.id,
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ name, title: 'Welcome a new hire', due_in_days: 7, is_active: true, department_name: 'Operations' });
      const templateId = created.body.data.id;

      const dup = await post('/templates', { name: name.toUpperCase(), title: 'Again' });
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0].field).toBe('name');
      expect((await post('/templates', { name: unique('x'), title: '' })).body.message).toBe('Please enter a task title');
      expect((await post('/templates', { title: 'No name' })).body.message).toBe('Please enter a template name');

      const listed = await t
        .http()
        .get(`${API}/templates`)
        .query({ filter: JSON.stringify({ q: name }) })
        .set(admin);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((x: { id: number }) => x.id)).toEqual([templateId]);
      expect(listed.headers['content-range']).toBe('monitoring/tasks/templates 0-0/1');

      const task = await post(`/templates/${templateId}/create-task`, { assigned_to: omar.id });
      expect(task.status).toBe(201);
      expect(task.body.data).toMatchObject({
        title: 'Welcome a new hire',
        description: 'Desk, laptop, accounts',
        category: 'onboarding',
        priority: 'urgent',
        estimated_hours: 2,
        assigned_to: omar.id,
        department_id: a.department.id,
        template_id: templateId,
        status: 'pending',
      });
      const dueIn = new Date(task.body.data.due_date).getTime() - Date.now();
      expect(dueIn).toBeGreaterThan(7 * 24 * HOUR - 60_000);
      expect(dueIn).toBeLessThan(8 * 24 * HOUR);

      const overridden = await post(`/templates/${templateId}/create-task`, { title: 'Custom', due_date: null });
      expect(overridden.body.data).toMatchObject({ title: 'Custom', due_date: null });
    });

    it('refuses an inactive template and a template of another company', async () => {
      const inactive = await post('/templates', { name: unique('Old '), title: 'Old', department_id: a.department.id, is_active: false });
      const res = await post(`/templates/${inactive.body.data.id}/create-task`, {});
      expect(res.status).toBe(422);
      const theirs = await post('/templates', { name: unique('Theirs '), title: 'B', department_id: b.department.id }, bearer(b.tokens.company_admin));
      expect(theirs.status).toBe(201);
      const cross = await post(`/templates/${theirs.body.data.id}/create-task`, {});
      expect(cross.status).toBe(404);
      expect(cross.body.message).toBe('Task template not found');
    });
  });

  describe('comments', () => {
    it('adds and lists comments, oldest first, with their author', async () => {
      const task = await newTask();
      const first = await post(`/${task.id}/comments`, { comment: 'Started on it' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ message: 'Comment added successfully', data: { task_id: task.id, comment: 'Started on it', user_id: a.admin.id } });
      await post(`/${task.id}/comments`, { comment: 'Halfway there' });
      const res = await get(`/${task.id}/comments`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((x: { comment: string }) => x.comment)).toEqual(['Started on it', 'Halfway there']);
      expect(res.body.data.map((x: { author_name: string }) => x.author_name)).toEqual(['Test company_admin', 'Test company_admin']);

      const empty = await post(`/${task.id}/comments`, { comment: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Please enter a comment');

      expect((await t.http().delete(`${API}/${task.id}`).set(admin)).body.message).toBe('Task deleted successfully');
      expect((await get(`/${task.id}`)).status).toBe(404);
      expect(await t.em().count(TaskComment, { task: task.id }, { filters: false })).toBe(0);
    });
  });

  describe('tenant isolation and access', () => {
    let task: { id: number; title: string };

    beforeAll(async () => {
      task = await newTask({ title: unique('Private ') });
    });

    it("answers 404 for another company's task on every route", async () => {
      const h = bearer(b.tokens.company_admin);
      expect((await get(`/${task.id}`, h)).status).toBe(404);
      expect((await get(`/${task.id}`, h)).body).toEqual({ success: false, message: 'Task not found' });
      expect((await put(task.id, { title: 'Hijacked' }, h)).status).toBe(404);
      expect((await t.http().delete(`${API}/${task.id}`).set(h)).status).toBe(404);
      expect((await get(`/${task.id}/comments`, h)).status).toBe(404);
      expect((await post(`/${task.id}/comments`, { comment: 'Hi' }, h)).status).toBe(404);
      const theirList = await t.http().get(API).query({ filter: JSON.stringify({ q: task.title }) }).set(h);
      expect(theirList.body.data).toEqual([]);
      expect((await t.em().findOneOrFail(Task, { id: task.id }, { filters: false })).title).toBe(task.title);
      expect((await get('/999999999')).status).toBe(404);
      expect((await get('/99999999999')).status).toBe(404);
    });

    it('is for company admins with module monitoring: employees get 403 even when granted monitoring', async () => {
      const employee = bearer(a.tokens.employee);
      const denied = await t.http().get(API).set(employee);
      expect(denied.status).toBe(403);
      expect((await post('', { title: 'x', department_id: a.department.id }, employee)).status).toBe(403);
      await grant(t, { position: a.position }, a.company, 'monitoring', { can_view: true, can_create: true });
      expect((await t.http().get(`${API}/metrics`).set(employee)).status).toBe(403);
      expect((await t.http().get(API)).status).toBe(401);
    });

    it('lets a superadmin work only while impersonating the company', async () => {
      const superadmin = await createUser(t.em(), 'superadmin');
      const plain = await login(t, superadmin.email);
      const res = await t.http().get(API).set(bearer(plain));
      expect(res.status).toBe(403);
      const impersonating = await t.app.get(TokenService).accessToken(superadmin, a.company.id);
      const own = await get(`/${task.id}`, bearer(impersonating));
      expect(own.status).toBe(200);
      expect((await get(`/${(await newTask()).id}`, bearer(await t.app.get(TokenService).accessToken(superadmin, b.company.id)))).status).toBe(404);
    });

    it('needs the monitoring feature in the package, not only module hr', async () => {
      const em = t.em();
      const kpi = await em.findOneOrFail(Feature, { feature_code: 'kpi' });
      const pkg = em.create(Package, {
        package_code: unique('kpionly'),
        package_name: 'KPI only',
        monthly_price: '1.00',
        annual_price: '10.00',
      });
      em.create(PackageFeature, { package: pkg, feature: kpi });
      await em.flush();
      const c = await createCompany(t, 'Delta');
      await t.em().nativeUpdate(Company, { id: c.company.id }, { package: pkg.id } as never);
      const res = await t.http().get(API).set(bearer(c.tokens.company_admin));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your package does not include Operational Monitoring');
    });
  });
});

function titlesOf(res: { body: { data: Array<{ id: number }> } }) {
  return res.body.data.map((x) => x.id);
}
