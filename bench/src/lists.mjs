// List pages through the API against the same SQL straight through the driver: the statements
// one request ran (captured from a server started with MikroORM's query log) replayed on one pg
// connection. Samples alternate API and SQL, so noise from the machine hits both alike.
import { expectStatus, request } from './http.mjs';
import { connect, messages, parseStatements, replay, steadyStatements, withPreparations } from './sql-replay.mjs';
import { percentile } from './stats.mjs';
import { SEARCH_TERM } from './seed.mjs';

const q = (params) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

/** The list requests of the suite, as react-admin sends them. */
export function listCases(profile, month) {
  const deepFirst = profile.deepPage * 25;
  return [
    {
      key: 'employees_first_page',
      name: 'employees: first page',
      path: `/api/hr/employees?${q({ sort: ['employee_code', 'ASC'], range: [0, 24], filter: {} })}`,
    },
    {
      // the line-manager policy's scope: the team, read by a recursive query in the same statement
      key: 'employees_team_first_page',
      as: 'manager',
      name: 'employees: first page as a manager of ~200 (3 levels)',
      path: `/api/hr/employees?${q({ sort: ['employee_code', 'ASC'], range: [0, 24], filter: {} })}`,
    },
    {
      key: 'employees_search',
      name: `employees: search "${SEARCH_TERM}"`,
      path: `/api/hr/employees?${q({ sort: ['employee_code', 'ASC'], range: [0, 24], filter: { q: SEARCH_TERM } })}`,
    },
    {
      key: 'employees_deep_page',
      name: `employees: page ${profile.deepPage} (rows ${deepFirst + 1}–${deepFirst + 25})`,
      path: `/api/hr/employees?${q({ sort: ['employee_code', 'ASC'], range: [deepFirst, deepFirst + 24], filter: {} })}`,
    },
    {
      key: 'attendance_month',
      name: `attendance: all employees, ${month.start.slice(0, 7)}`,
      path: `/api/hr/attendance?${q({
        sort: ['attendance_date', 'DESC'],
        range: [0, 24],
        filter: { start_date: month.start, end_date: month.end },
      })}`,
    },
  ];
}

/**
 * Runs each case on a server that logs its SQL; returns the statements of one request per case.
 * The log also carries what the server's scheduled jobs run, so a request's statements count only
 * when two identical requests in a row logged the same ones.
 */
export async function captureStatements(server, tokenFor, cases) {
  const captured = {};
  const once = async (c) => {
    const headers = { authorization: `Bearer ${tokenFor(c)}` };
    const mark = server.mark();
    const res = await expectStatus(request(`${server.base}${c.path}`, { headers }), 200, c.name);
    await new Promise((r) => setTimeout(r, 300));
    return { res, statements: withPreparations(parseStatements(server.since(mark)), parseStatements(server.since(0))) };
  };
  for (const c of cases) {
    const headers = { authorization: `Bearer ${tokenFor(c)}` };
    // the first request may read metadata once and prepare statements; the next ones are the steady state
    await expectStatus(request(`${server.base}${c.path}`, { headers }), 200, c.name);
    await new Promise((r) => setTimeout(r, 100));
    let one = await once(c);
    for (let attempt = 1; ; attempt++) {
      const again = await once(c);
      if (JSON.stringify(again.statements) === JSON.stringify(one.statements)) break;
      if (attempt === 5) throw new Error(`${c.name}: the statements logged differ between identical requests`);
      one = again;
    }
    const { res, statements } = one;
    if (!statements.some((s) => /^select/i.test(s))) throw new Error(`${c.name}: no SQL captured from the server's log`);
    captured[c.key] = { statements, messages: messages(statements), contentRange: res.headers['content-range'], rows: res.json().data.length };
  }
  return captured;
}

/**
 * `n` alternating samples of the API request and of its SQL replayed, after a warm-up of both: the
 * server's code reaches its optimized form over its first few hundred requests, as on a server that
 * has been answering for a while (up to `warmup` pairs, at least 30, for at most 5 s); times in ms.
 */
export async function measureList(server, token, c, captured, databaseUrl, { n, warmup = 200 }) {
  const headers = { authorization: `Bearer ${token}` };
  const url = `${server.base}${c.path}`;
  const db = await connect(databaseUrl);
  const pair = async () => {
    const res = await request(url, { headers });
    if (res.status !== 200) throw new Error(`${c.name}: answered ${res.status} ${res.text.slice(0, 300)}`);
    return { api: res.ms, sql: await replay(db, captured.messages) };
  };
  try {
    const warmUntil = Date.now() + 5000;
    for (let i = 0; i < warmup && (i < 30 || Date.now() < warmUntil); i++) await pair();
    const api = [];
    const sql = [];
    for (let i = 0; i < n; i++) {
      const sample = await pair();
      api.push(sample.api);
      sql.push(sample.sql);
    }
    return { api: summary(api), sql: summary(sql), statements: steadyStatements(captured.statements), messages: captured.messages.length };
  } finally {
    await db.end();
  }
}

function summary(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}
