/**
 * Bad input on every operation of openapi/openapi.json: wrong types, missing and extra fields,
 * huge strings, unicode, negative and huge numbers, malformed JSON, wrong content types, bad path
 * and query parameters. No answer may be a 5xx, and no rejected request may write a row (a
 * row-level trigger on every business table counts writes while this file runs).
 * FUZZ_REQUESTS sets the number of requests (default 10,000 on PostgreSQL, 500 on the embedded database).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { SchedulerRegistry } from '@nestjs/schedule';
import { createTestApp, type TestApp } from '../support/app';
import { bearer } from '../support/fixtures';
import { kindOf } from './kinds';
import { fillPath, listOperations, loadOpenApi, pathParams, sampleBody, sampleValue, type Operation } from './operations';
import { PLATFORM_FACTORIES, TENANT_FACTORIES, buildWorld, keepActiveLandingPage, keepBillingSettings, type World } from './world';

// the full run on PostgreSQL (CI runs both); a sample on the embedded database, whose answers come
// from the same code
const TARGET = Number(process.env.FUZZ_REQUESTS ?? (process.env.TEST_DATABASE_URL ? 10_000 : 500));

/**
 * Tables a rejected request may rightly write: the audit trail, the sign-in bookkeeping, and an
 * employee import's progress row (each attempt is recorded, a refused one as failed with its reason).
 */
const BOOKKEEPING = ['audit_logs', 'login_attempts', 'login_throttles', 'refresh_tokens', 'mikro_orm_migrations', 'fuzz_writes', 'employee_imports'];

interface Mutation {
  name: string;
  /** a JSON value to send, or a raw string with its content type */
  body?: unknown;
  raw?: { text: string; type: string };
  pathValue?: string;
  query?: Record<string, string>;
}

const HUGE = 'x'.repeat(200_000);
const UNICODE = ['😀👩‍💻', 'مرحبا', '\u0000nul', 'e\u0301\u0301\u0301', '\uFFFF\uD800', '<script>alert(1)</script>', "' or 1=1 --"];
const BAD_NUMBERS = [-1, 0, -1e308, 1e308, 2 ** 63, 1.5, Number.MIN_SAFE_INTEGER];
const BAD_PATH_VALUES = ['-1', '0', 'abc', '99999999999999999999', '1;drop table users', '%00', '1.5'];
const BAD_QUERIES: Array<Record<string, string>> = [
  { _start: '-5', _end: 'abc' },
  { _start: '0', _end: '100000000' },
  { _sort: 'password_hash', _order: 'sideways' },
  { filter: '{bad json' },
  { filter: '{"id":{"$ne":null}}' },
  { q: HUGE.slice(0, 5000) },
  { page: '-1', perPage: '1e9' },
  { start_date: '2026-13-45', end_date: 'yesterday', month: '13', year: '-20' },
];

/** The calendar's edges and the product's range (1900-01-01 to 2999-12-31) around them. */
const EDGE_DATES = ['0001-01-01', '1899-12-31', '1900-01-01', '2999-12-31', '3000-01-01', '9999-12-31'];

const isDateSchema = (schema: any) => schema?.type === 'string' && (schema.format === 'date' || /^\^\(19/.test(schema.pattern ?? ''));

/** Every edge date in every date parameter of the operation: a query parameter or a body field. */
function edgeDatesOf(spec: any, op: Operation, companyId: number): Mutation[] {
  const list: Mutation[] = [];
  const base = op.requestSchema ? sampleBody(spec, op.requestSchema, op.method) : null;
  if (base && 'company_id' in base) base.company_id = companyId;
  const required = Object.fromEntries(op.queryParams.map((p) => [p.name, String(sampleValue(spec, p.schema))]));
  const parameters: any[] = spec.paths[op.path][op.method.toLowerCase()].parameters ?? [];
  for (const p of parameters) {
    if (p.in !== 'query' || !isDateSchema(p.schema)) continue;
    for (const day of EDGE_DATES) list.push({ name: `query ${p.name}=${day}`, query: { ...required, [p.name]: day }, body: base ?? undefined });
  }
  // a list's filters (their schemas in the document): the edge days in every day filter, and the
  // bounds of every whole-number filter (a year, a month) and one past each
  const filter = parameters.find((p) => p.in === 'query' && p.name === 'filter')?.content?.['application/json']?.schema;
  for (const [name, schema] of Object.entries<any>(filter?.properties ?? {})) {
    const whole = [schema, ...(schema.anyOf ?? [])].find((s: any) => s.type === 'integer' && s.minimum !== undefined && s.maximum !== undefined);
    const values: unknown[] = isDateSchema(schema) ? EDGE_DATES : whole ? [whole.minimum - 1, whole.minimum, whole.maximum, whole.maximum + 1] : [];
    for (const value of values) list.push({ name: `filter ${name}=${value}`, query: { ...required, filter: JSON.stringify({ [name]: value }) }, body: base ?? undefined });
  }
  const properties = op.requestSchema?.properties ?? {};
  for (const [field, schema] of Object.entries<any>(properties)) {
    if (!base || !isDateSchema(schema.$ref ? undefined : schema)) continue;
    for (const day of EDGE_DATES) list.push({ name: `${field}=${day}`, body: { ...base, [field]: day } });
  }
  return list;
}

const wrongTypeOf = (value: unknown): unknown[] => {
  if (typeof value === 'string') return [123, true, null, [], {}];
  if (typeof value === 'number') return ['12abc', '', null, true, [1]];
  if (typeof value === 'boolean') return ['yes', 2, null];
  if (Array.isArray(value)) return ['list', { 0: 1 }, [null, { a: 1 }], Array.from({ length: 5000 }, (_, i) => i)];
  return ['text', 42, []];
};

/** The bad inputs of one operation, built from a plausible body. */
function mutationsOf(spec: any, op: Operation, companyId: number): Mutation[] {
  const list: Mutation[] = [];
  const base = op.requestSchema ? sampleBody(spec, op.requestSchema, op.method) : null;
  // the caller's own company, so the bad input reaches the checks past the company one
  if (base && 'company_id' in base) base.company_id = companyId;
  if (base) {
    for (const field of Object.keys(base)) {
      const { [field]: _omitted, ...without } = base;
      list.push({ name: `missing ${field}`, body: without });
      for (const wrong of wrongTypeOf(base[field])) list.push({ name: `${field} as ${JSON.stringify(wrong)?.slice(0, 20)}`, body: { ...base, [field]: wrong } });
      if (typeof base[field] === 'string') {
        list.push({ name: `${field} huge`, body: { ...base, [field]: HUGE } });
        for (const text of UNICODE) list.push({ name: `${field} unicode`, body: { ...base, [field]: text } });
      }
      if (typeof base[field] === 'number') for (const n of BAD_NUMBERS) list.push({ name: `${field}=${n}`, body: { ...base, [field]: n } });
    }
    list.push({ name: 'extra fields', body: { ...base, company_id: 1, id: 1, role: 'superadmin', is_admin: true, __proto__x: 1 } });
    list.push({ name: 'prototype pollution', raw: { text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}', type: 'application/json' } });
  }
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    list.push({ name: 'malformed JSON', raw: { text: '{"a":', type: 'application/json' } });
    list.push({ name: 'JSON array', raw: { text: '[1,2,3]', type: 'application/json' } });
    list.push({ name: 'JSON null', raw: { text: 'null', type: 'application/json' } });
    list.push({ name: 'JSON string', raw: { text: '"text"', type: 'application/json' } });
    list.push({ name: 'deep JSON', raw: { text: '['.repeat(5000) + ']'.repeat(5000), type: 'application/json' } });
    list.push({ name: 'text/plain', raw: { text: 'name=x', type: 'text/plain' } });
    list.push({ name: 'form', raw: { text: 'a=1&b=2', type: 'application/x-www-form-urlencoded' } });
    list.push({ name: 'multipart garbage', raw: { text: '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n', type: 'multipart/form-data; boundary=y' } });
    list.push({ name: 'over the body limit', raw: { text: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }), type: 'application/json' } });
    list.push({ name: 'empty body', raw: { text: '', type: 'application/json' } });
  }
  if (pathParams(op.path).length) for (const value of BAD_PATH_VALUES) list.push({ name: `path ${value}`, pathValue: value, body: base ?? undefined });
  for (const query of BAD_QUERIES) list.push({ name: `query ${Object.keys(query).join(',')}`, query, body: base ?? undefined });
  return list;
}

async function installWriteCounter(em: EntityManager): Promise<void> {
  await em.execute(`create table if not exists fuzz_writes (id bigserial primary key, table_name text not null)`);
  await em.execute(`grant insert on fuzz_writes to public`);
  await em.execute(`grant usage on sequence fuzz_writes_id_seq to public`);
  await em.execute(
    `create or replace function fuzz_count_write() returns trigger language plpgsql security definer as $$
     begin insert into fuzz_writes (table_name) values (tg_table_name); return null; end $$`,
  );
  const tables: Array<{ table_name: string }> = await em.execute(
    // a partition gets the trigger of its partitioned table
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in (select relname from pg_class where relispartition)`,
  );
  for (const { table_name } of tables) {
    if (BOOKKEEPING.includes(table_name)) continue;
    await em.execute(`drop trigger if exists fuzz_count_write on "${table_name}"`);
    await em.execute(
      `create trigger fuzz_count_write after insert or update or delete on "${table_name}" for each row execute function fuzz_count_write()`,
    );
  }
}

async function removeWriteCounter(em: EntityManager): Promise<void> {
  const tables: Array<{ table_name: string }> = await em.execute(
    `select event_object_table as table_name from information_schema.triggers where trigger_name = 'fuzz_count_write'
        and event_object_table not in (select relname from pg_class where relispartition)`,
  );
  for (const { table_name } of new Map(tables.map((t) => [t.table_name, t])).values()) {
    await em.execute(`drop trigger if exists fuzz_count_write on "${table_name}"`);
  }
  await em.execute('drop function if exists fuzz_count_write() cascade');
  await em.execute('drop table if exists fuzz_writes');
}

describe('fuzzing every operation with bad input', () => {
  let t: TestApp;
  let world: World;
  let em: EntityManager;
  let restoreLandingPage: (() => Promise<void>) | undefined;
  let restoreBillingSettings: (() => Promise<void>) | undefined;
  const spec = loadOpenApi();
  const operations = listOperations(spec).filter((op) => op.key !== 'POST /api/auth/logout');

  beforeAll(async () => {
    t = await createTestApp();
    // the scheduled jobs write on their own clock (tasks marked overdue every 5 minutes, notifications
    // sent every 20 s): a tick while a rejected request runs would be counted as that request's write
    for (const job of t.app.get(SchedulerRegistry).getCronJobs().values()) job.stop();
    world = await buildWorld(t);
    em = t.em();
    restoreLandingPage = await keepActiveLandingPage(em);
    restoreBillingSettings = await keepBillingSettings(em);
    await installWriteCounter(em);
  });
  afterAll(async () => {
    if (em) await removeWriteCounter(em);
    await restoreLandingPage?.();
    await restoreBillingSettings?.();
    await t?.close();
  });

  it(`sends at least ${TARGET} bad requests: no 5xx, and nothing written by a rejected one`, async () => {
    // the newest write's number: read from the key's index, where a count would scan a table that
    // grows with every factory row
    const writes = async () => Number((await em.execute('select coalesce(max(id), 0) as n from fuzz_writes'))[0].n);
    const plans = operations.map((op) => ({ op, mutations: mutationsOf(spec, op, world.a.company.id) }));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;

    for (let round = 0; sent < TARGET; round++) {
      const before = sent;
      for (const { op, mutations } of plans) {
        const mutation = mutations[round % mutations.length];
        if (!mutation || (round >= mutations.length && round % 2 === 1)) continue;
        const kinds = pathParams(op.path).map((param) => kindOf(op.path, param)!);
        const ids: Record<string, number | string> = {};
        for (const [i, param] of pathParams(op.path).entries()) {
          const kind = kinds[i];
          ids[param] = TENANT_FACTORIES[kind]
            ? await TENANT_FACTORIES[kind](em, world.a, `Fuzz ${round} ${sent}`, t)
            : await PLATFORM_FACTORIES[kind](em, `Fuzz ${round} ${sent}`);
        }
        // the factories' rows are written: keep the identity map small, or every flush rescans them all
        em.clear();
        let path = fillPath(op.path, ids);
        if (mutation.pathValue) path = op.path.replace(/\{\w+\}/g, encodeURIComponent(mutation.pathValue));
        const platform = op.path.startsWith('/api/packages') || op.path.startsWith('/api/cms/admin') || op.path.startsWith('/api/system') || op.path.startsWith('/api/auth/companies') || op.path.startsWith('/api/dashboard/platform') || op.path.startsWith('/api/audit') || op.path.startsWith('/api/analytics');
        // an operation an employee may use under the self-service policy gets every other round
        // from an employee without matrix rights, whose requests take the own-records paths
        const token = platform
          ? world.tokens.superadmin
          : op.selfService && round % 2 === 1
            ? world.tokens.self_service
            : world.tokens.company_admin;
        const query = mutation.query ?? Object.fromEntries(op.queryParams.map((p) => [p.name, String(sampleValue(spec, p.schema))]));
        let req = (t.http() as any)[op.method.toLowerCase()](path).query(query).set(bearer(token!));
        if (mutation.raw) req = req.set('Content-Type', mutation.raw.type).send(mutation.raw.text);
        else if (mutation.body !== undefined && op.method !== 'GET') req = req.send(mutation.body);

        const counted = await writes();
        const res = await req;
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) failures.push(`${op.key} [${mutation.name}]: ${res.status} ${String(res.text).slice(0, 200)}`);
        if (res.status >= 400 && (await writes()) !== counted) {
          const tables = await em.execute('select distinct table_name from fuzz_writes where id > ? order by 1', [counted]);
          failures.push(`${op.key} [${mutation.name}]: answered ${res.status} but wrote to ${tables.map((r: any) => r.table_name).join(', ')}`);
        }
        if (sent >= TARGET) break;
      }
      if (sent === before) break;
    }
    console.log(
      `fuzz: ${sent} requests over ${plans.length} operations; answers ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(', ')}`,
    );
    expect(sent).toBeGreaterThanOrEqual(TARGET);
    expect(failures.slice(0, 50)).toEqual([]);
  }, 1_500_000);

  it(`sends the calendar's edge dates (${EDGE_DATES.join(', ')}) to every date parameter: no 5xx`, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      for (const mutation of edgeDatesOf(spec, op, world.a.company.id)) {
        const ids: Record<string, number | string> = {};
        for (const param of pathParams(op.path)) {
          const kind = kindOf(op.path, param)!;
          ids[param] = TENANT_FACTORIES[kind]
            ? await TENANT_FACTORIES[kind](em, world.a, `Edge ${sent}`, t)
            : await PLATFORM_FACTORIES[kind](em, `Edge ${sent}`);
        }
        em.clear();
        const platform = /^\/api\/(packages|cms\/admin|system|auth\/companies|dashboard\/platform|audit|analytics)/.test(op.path);
        const token = platform ? world.tokens.superadmin : world.tokens.company_admin;
        let req = (t.http() as any)[op.method.toLowerCase()](fillPath(op.path, ids)).query(mutation.query ?? {}).set(bearer(token!));
        if (mutation.body !== undefined && op.method !== 'GET') req = req.send(mutation.body);
        const res = await req;
        sent++;
        if (res.status >= 500) failures.push(`${op.key} [${mutation.name}]: ${res.status} ${String(res.text).slice(0, 200)}`);
      }
    }
    console.log(`fuzz: ${sent} requests with edge dates`);
    expect(sent).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 900_000);
});
