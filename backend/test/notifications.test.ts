/**
 * E-mail notifications follow the users' notification preferences (Settings → Notifications):
 * a leave request tells the company's admins, a decision tells the employee, a paid payroll tells
 * each paid employee. Notices are queued in the transaction of the change and delivered by
 * NotificationSender into the development mailbox here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NotificationSender } from '../src/modules/notifications/notification-sender.job';
import { MailService } from '../src/modules/auth/mail.service';
import { createTestApp, type TestApp } from './support/app';
import { tempDir } from './support/temp';
import { bearer, createCompany, createUser, grant, login, type CompanyFixture } from './support/fixtures';

interface StoredMail {
  to: string;
  subject: string;
  text: string;
}

describe('notifications by preference', () => {
  const { dir: mailDir, remove: removeMailDir } = tempDir('hr-notify-');
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let erin: Record<string, string>;
  let secondAdmin: { email: string; headers: Record<string, string> };
  let leaveTypeId: number;

  const mails = (): StoredMail[] =>
    readdirSync(mailDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as StoredMail);
  const mailsTo = (email: string) => mails().filter((m) => m.to === email);
  const send = () => t.app.get(NotificationSender).run();
  const queued = (userId: number) =>
    t.em().execute<Array<{ topic: string; subject: string; status: string; company_id: number }>>(
      'select topic, subject, status, company_id from notifications where user_id = ? order by id',
      [userId],
    );
  const prefs = (headers: Record<string, string>, body: object) => t.http().put('/api/settings/notifications').set(headers).send(body);
  let day = 0;
  /** a request on its own weekday of 2031, so requests never overlap */
  const request = (headers = erin) => {
    const date = new Date(Date.UTC(2031, 0, 6 + 7 * day++)).toISOString().slice(0, 10); // Mondays
    return t.http().post('/api/hr/leave-requests').set(headers).send({ leave_type_id: leaveTypeId, start_date: date, end_date: date, reason: 'Family visit' });
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailDir, APP_URL: 'https://hr.example.com' } });
    // notices queued by other test files on this database are not this file's to count
    await t.em().execute(`delete from notifications`);
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    erin = bearer(a.tokens.employee);
    await grant(t, { position: a.position }, a.company, 'leave', { can_view: true, can_create: true });
    await grant(t, { position: a.position }, a.company, 'settings', { can_view: true });
    const user = await createUser(t.em(), 'company_admin', { company: a.company });
    secondAdmin = { email: user.email, headers: bearer(await login(t, user.email)) };
    const type = await t.http().post('/api/hr/leave-types').set(admin).send({ type_name: 'Annual', type_code: 'ANN', max_days_per_year: 25 });
    expect(type.status).toBe(201);
    leaveTypeId = type.body.data.id;
  });
  afterAll(async () => {
    await t.close();
    removeMailDir();
  });

  it("tells every admin of the company of a new leave request, and nobody in another company", async () => {
    const res = await request();
    expect(res.status).toBe(201);
    expect(await queued(a.admin.id)).toEqual([
      { topic: 'leave_requests', subject: `Leave request from Erin Alpha`, status: 'pending', company_id: a.company.id },
    ]);
    expect(await queued(b.admin.id)).toEqual([]);
    expect(await queued(a.employeeUser.id)).toEqual([]);

    expect(await send()).toEqual({ sent: 2, failed: 0 });
    const [mail] = mailsTo(a.admin.email);
    expect(mail.subject).toBe('Leave request from Erin Alpha');
    expect(mail.text).toContain('Erin Alpha requested Annual from 2031-01-06 to 2031-01-06 (1 day).');
    expect(mail.text).toContain('Reason: Family visit');
    expect(mail.text).toContain('https://hr.example.com/hr/leave');
    expect(mailsTo(secondAdmin.email)).toHaveLength(1);
    expect((await queued(a.admin.id))[0].status).toBe('sent');
    // a second run sends nothing again
    expect(await send()).toEqual({ sent: 0, failed: 0 });
  });

  it('sends nothing to an admin who turned leave request notices (or e-mail) off', async () => {
    expect((await prefs(secondAdmin.headers, { leave_requests: false })).status).toBe(200);
    expect((await prefs(admin, { email: false })).status).toBe(200);
    const before = mails().length;
    expect((await request()).status).toBe(201);
    await send();
    expect(mails()).toHaveLength(before);
    expect((await queued(a.admin.id)).filter((n) => n.status === 'pending')).toEqual([]);
    await prefs(admin, { email: true });
    await prefs(secondAdmin.headers, { leave_requests: true });
  });

  it('tells the employee when the request is approved or rejected, with the reason', async () => {
    const first = (await request()).body.data;
    const second = (await request()).body.data;
    await send();
    expect((await t.http().put(`/api/hr/leave-requests/${first.id}/approve`).set(admin)).status).toBe(200);
    expect((await t.http().put(`/api/hr/leave-requests/${second.id}/reject`).set(admin).send({ reason: 'Team offsite that week' })).status).toBe(200);
    await send();
    const subjects = mailsTo(a.employeeUser.email).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Your leave request was approved', 'Your leave request was rejected']);
    const rejected = mailsTo(a.employeeUser.email).find((m) => m.subject.endsWith('rejected'))!;
    expect(rejected.text).toContain('Reason: Team offsite that week');
  });

  it("tells each paid employee when the payroll is paid, unless they turned payroll notices off", async () => {
    await t.em().execute(`update employees set salary = 60000, hire_date = '2020-01-01' where id = ?`, [a.employee.id]);
    const run = await t.http().post('/api/hr/payroll').set(admin).send({ year: 2026, month: 10 });
    expect(run.body.data.employee_count).toBe(1);
    const paid = await t.http().put('/api/hr/payroll/status').set(admin).send({ year: 2026, month: 10, payment_status: 'paid', payment_date: '2026-10-30' });
    expect(paid.status).toBe(200);
    await send();
    const [mail] = mailsTo(a.employeeUser.email).filter((m) => m.subject.includes('pay'));
    expect(mail.subject).toBe('Your pay for October 2026 has been paid');
    expect(mail.text).toMatch(/^Net pay of \d+\.\d{2} USD for October 2026 was paid on 2026-10-30\./);
    expect(mail.text).toContain('https://hr.example.com/hr/payroll');

    expect((await prefs(erin, { payroll_updates: false })).status).toBe(200);
    expect((await t.http().post('/api/hr/payroll').set(admin).send({ year: 2026, month: 11 })).status).toBe(201);
    await t.http().put('/api/hr/payroll/status').set(admin).send({ year: 2026, month: 11, payment_status: 'paid' });
    expect((await queued(a.employeeUser.id)).filter((n) => n.subject.includes('November'))).toEqual([]);
  });

  it('retries a failed delivery later and gives up after five attempts', async () => {
    const mail = t.app.get(MailService);
    const original = mail.send.bind(mail);
    mail.send = () => Promise.reject(new Error('SMTP unavailable'));
    try {
      expect((await request()).status).toBe(201);
      expect(await send()).toEqual({ sent: 0, failed: 2 });
      const [row] = await t.em().execute<Array<{ status: string; attempts: number; last_error: string; due_later: boolean }>>(
        `select status, attempts, last_error, next_attempt_at > now() as due_later from notifications where user_id = ? order by id desc limit 1`,
        [a.admin.id],
      );
      expect(row).toEqual({ status: 'pending', attempts: 1, last_error: 'SMTP unavailable', due_later: true });
      // not due yet: nothing is tried again at once
      expect(await send()).toEqual({ sent: 0, failed: 0 });
      await t.em().execute(`update notifications set next_attempt_at = now(), attempts = 4 where status = 'pending'`);
      expect(await send()).toEqual({ sent: 0, failed: 2 });
      expect((await queued(a.admin.id)).at(-1)!.status).toBe('failed');
    } finally {
      mail.send = original;
    }
  });
});
