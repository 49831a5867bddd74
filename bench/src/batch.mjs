// Batch work as a user or the scheduler runs it: the payroll run and the bonus calculation through
// the API, the CSV import through the API, the absent job through its service.
import { join } from 'node:path';
import { runNode } from './database.mjs';
import { ROOT } from './env.mjs';
import { expectStatus, request } from './http.mjs';

/** The last full calendar month (UTC): the pay month of the data set. */
export function lastFullMonth(today = new Date()) {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth(); // 0-based: the previous month's 1-based number
  const year = m === 0 ? y - 1 : y;
  const month = m === 0 ? 12 : m;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n) => String(n).padStart(2, '0');
  return { year, month, start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(last)}` };
}

const auth = (token) => ({ authorization: `Bearer ${token}` });

export async function payrollRun(base, token, month) {
  const res = await expectStatus(
    request(`${base}/api/hr/payroll`, { method: 'POST', headers: auth(token), body: { year: month.year, month: month.month } }),
    201,
    'payroll run',
  );
  return { ms: res.ms, employees: res.json().data.employee_count, totalNet: res.json().data.total_net };
}

/** Any answer but 200/201 (a 404: the route is not there) fails the figure: it was not measured. */
export async function bonusCalculation(base, token, month) {
  const res = await expectStatus(
    request(`${base}/api/kpi/bonus-calculate`, {
      method: 'POST',
      headers: auth(token),
      body: { period_start: month.start, period_end: month.end },
    }),
    [200, 201],
    'bonus calculation',
  );
  const data = res.json().data;
  return { ms: res.ms, payments: data.payments_created, total: data.total_amount };
}

/**
 * A CSV file of `n` new employees in the import company, in the export's column names (the
 * columns a spreadsheet of new hires would fill in), referring to its departments and positions.
 */
export function importCsv(n) {
  const lines = ['employee_code,first_name,last_name,email,department_code,position_code,employment_type,hire_date,salary'];
  const first = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo', 'Ivy', 'Jon'];
  const last = ['Stone', 'Reed', 'Hale', 'Frost', 'Lane', 'Moss', 'Park', 'Quinn', 'Rowe', 'Vance'];
  for (let i = 1; i <= n; i++) {
    const code = `N${String(i).padStart(5, '0')}`;
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      [
        code,
        first[i % 10],
        last[(i * 7) % 10],
        `${code.toLowerCase()}@imp.example.com`,
        `D${String(1 + (i % 20)).padStart(2, '0')}`,
        `P${String(1 + (i % 40)).padStart(2, '0')}`,
        i % 20 === 0 ? 'part_time' : 'full_time',
        `2024-${String(1 + (i % 12)).padStart(2, '0')}-${day}`,
        String(40000 + ((i * 977) % 60000)),
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function csvImport(base, token, n) {
  const csv = importCsv(n);
  const res = await expectStatus(
    request(`${base}/api/hr/employees/import`, { method: 'POST', headers: auth(token), body: { csv } }),
    201,
    'CSV import',
  );
  return { ms: res.ms, imported: res.json().data.imported, rows: n, kb: Buffer.byteLength(csv) / 1024 };
}

/** The absent job in its own process, on a database no server is using at the time. */
export async function absentJob(databaseUrl) {
  const out = await runNode([join(ROOT, 'bench/src/absent-job.mjs')], { DATABASE_URL: databaseUrl, MIGRATE_ON_START: 'false' });
  return JSON.parse(out);
}

/** The subscription renewal in its own process, on a database no server is using at the time. */
export async function renewalJob(databaseUrl) {
  const out = await runNode([join(ROOT, 'bench/src/renewal-job.mjs')], { DATABASE_URL: databaseUrl, MIGRATE_ON_START: 'false' });
  return JSON.parse(out);
}
