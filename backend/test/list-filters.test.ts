/**
 * Every list's filters as the API document states them and as the server checks them: no filter
 * without a schema, and for the filters a list declares (filters in its *_LIST), every probe value
 * the filter's schema accepts is answered and every value it refuses is a 400 naming the filter in
 * words. Ajv reads the schemas as a client generated from the document would.
 */
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { fieldWords } from '../src/common/http/fields';
import { OPENAPI_FILE } from '../src/openapi/write-openapi';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login } from './support/fixtures';

type Schema = Record<string, any>;
const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as { paths: Record<string, Record<string, any>> };

/** The list operations: a JSON `filter` query parameter beside `sort` and `range`. */
const lists = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) => {
    const params: Schema[] = op.parameters ?? [];
    const filter = params.find((p) => p.in === 'query' && p.name === 'filter');
    const isList = ['sort', 'range'].every((name) => params.some((p) => p.in === 'query' && p.name === name));
    return filter && isList ? [{ path, method, filter: filter.content?.['application/json']?.schema as Schema | undefined }] : [];
  }),
);

/** A filter whose values its name says (route-metadata.ts filterSchema): id, *_id, days, flags, search. */
const byName = (name: string) =>
  name === 'id' ||
  name.endsWith('_id') ||
  ['from', 'to', 'start_date', 'end_date', 'active_on', 'due_from', 'due_to', 'q', 'search'].includes(name) ||
  /^(is_\w+|mine|overdue)$/.test(name);

/** A schema that takes any value: no type, enum, pattern, format, bounds or composition. */
const SAYS_NOTHING = ['type', 'enum', 'pattern', 'format', 'anyOf', 'oneOf', 'allOf', '$ref', 'not', 'minimum', 'maximum', 'maxLength'];
const empty = (schema: Schema | undefined) => !schema || !SAYS_NOTHING.some((key) => key in schema);

describe('list filters in the API document', () => {
  it('finds the lists', () => {
    expect(lists.length).toBeGreaterThan(25);
  });

  it('gives every filter of every list a schema (and closes the filter object to unknown filters)', () => {
    const missing: string[] = [];
    for (const { path, method, filter } of lists) {
      if (!filter?.properties) {
        missing.push(`${method.toUpperCase()} ${path}: the filter object has no properties`);
        continue;
      }
      if (filter.additionalProperties !== false) missing.push(`${method.toUpperCase()} ${path}: unknown filters are not refused`);
      for (const [name, schema] of Object.entries<Schema>(filter.properties)) {
        if (empty(schema)) missing.push(`${method.toUpperCase()} ${path}: filter ${name} has an empty schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('states the sort as a [field, direction] pair of the sortable fields and the range as two whole numbers', () => {
    const wrong: string[] = [];
    for (const { path, method } of lists) {
      const params: Schema[] = doc.paths[path][method].parameters;
      const sort = params.find((p) => p.name === 'sort')?.schema;
      const range = params.find((p) => p.name === 'range')?.content?.['application/json']?.schema;
      if (!sort?.pattern) wrong.push(`${path} sort`);
      if (range?.minItems !== 2 || range?.maxItems !== 2 || range?.items?.type !== 'integer' || range?.items?.minimum !== 0) wrong.push(`${path} range`);
    }
    expect(wrong).toEqual([]);
  });
});

/** Values tried on every declared filter: the schema decides which are accepted. */
const PROBES: unknown[] = [
  'x',
  'nonsense_value',
  0,
  -1,
  1,
  12,
  13,
  1899,
  1900,
  1999,
  2000,
  2026,
  2100,
  2101,
  2999,
  3000,
  9999,
  '2026',
  '12',
  '01',
  '2026.5',
  2026.5,
  '2026-02',
  '2026-13',
  '2026-02-28',
  '2026-02-30',
  '0001-01-03',
  '9999-12-31',
  true,
  'true',
  'yes',
  [],
  ['x'],
  { a: 1 },
  'A'.repeat(20),
  'A'.repeat(21),
  'CC-1',
];

/** The values a filter's schema names (its enum's), tried as one, as a list, and joined by commas. */
function enumProbes(schema: Schema): unknown[] {
  const values = new Set<string>();
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Schema;
    if (Array.isArray(o.enum)) o.enum.forEach((v: unknown) => typeof v === 'string' && values.add(v));
    for (const key of ['anyOf', 'oneOf', 'allOf']) (o[key] as unknown[] | undefined)?.forEach(walk);
    walk(o.items);
  };
  walk(schema);
  const list = [...values];
  if (!list.length) return [];
  return [list[0], list[list.length - 1], [list[0]], list.slice(0, 2), list.slice(0, 2).join(','), `${list[0]},nonsense`, list[0].toUpperCase()];
}

describe('list filters as the server checks them', () => {
  let t: TestApp;
  const users: Record<string, string>[] = [];
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createCompany(t, 'Filters');
    users.push(bearer(a.tokens.company_admin), bearer(await login(t, (await createUser(t.em(), 'superadmin')).email)));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The caller the list answers: the company's admin, or for the platform's lists the superadmin. */
  async function callerOf(path: string): Promise<Record<string, string>> {
    for (const user of users) {
      const res = await t.http().get(path).set(user);
      if (res.status === 200) return user;
    }
    throw new Error(`${path} answers neither the company admin nor the superadmin`);
  }

  const declared = lists
    .filter(({ path }) => !path.includes('{'))
    .flatMap(({ path, filter }) =>
      Object.entries<Schema>(filter?.properties ?? {})
        // a filter named like an id that the list declares as one of its values (a report's key)
        .filter(([name, schema]) => !byName(name) || (name.endsWith('_id') && JSON.stringify(schema).includes('"enum"')))
        .map(([name, schema]) => ({ path, name, schema })),
    );

  it('has the declared filters of the lists (status, year, month, level, category...)', () => {
    expect(declared.map((d) => `${d.path} ${d.name}`)).toEqual(
      expect.arrayContaining(['/api/hr/payroll year', '/api/hr/payroll month', '/api/hr/attendance status', '/api/hr/positions level', '/api/audit/logs action', '/api/reports/subscriptions report_id']),
    );
    expect(declared.length).toBeGreaterThanOrEqual(30);
  });

  it.each(declared.map((d) => [`${d.path} ${d.name}`, d] as const))(
    '%s: a value the schema takes is answered, any other is a 400 naming the filter',
    async (_label, { path, name, schema }) => {
      const caller = await callerOf(path);
      const validate = ajv.compile(schema);
      const wrong: string[] = [];
      let refused = 0;
      for (const value of [...PROBES, ...enumProbes(schema)]) {
        // a month is read within a year
        const filter = name === 'month' ? { year: 2026, [name]: value } : { [name]: value };
        const res = await t.http().get(path).set(caller).query({ filter: JSON.stringify(filter) });
        const valid = validate(value);
        if (valid && res.status !== 200) wrong.push(`${JSON.stringify(value)} is in the schema, answered ${res.status} ${res.body.message}`);
        if (!valid) {
          refused++;
          if (res.status !== 400) wrong.push(`${JSON.stringify(value)} is outside the schema, answered ${res.status}`);
          else if (!String(res.body.message).startsWith(`The ${fieldWords(name)} filter `)) wrong.push(`${JSON.stringify(value)}: "${res.body.message}" does not name the filter`);
        }
      }
      expect(wrong).toEqual([]);
      expect(refused).toBeGreaterThan(0);
    },
  );

  const idFilters = lists
    .filter(({ path }) => !path.includes('{'))
    .flatMap(({ path, filter }) =>
      Object.keys(filter?.properties ?? {})
        .filter((name) => (name === 'id' || name.endsWith('_id')) && !JSON.stringify(filter?.properties[name]).includes('"enum"'))
        .map((name) => ({ path, name })),
    );

  it.each(idFilters.map((d) => [`${d.path} ${d.name}`, d] as const))(
    '%s: an id, a list of ids or none is answered; past 2^31-1, not a whole number or not an id, a 400 naming the filter',
    async (_label, { path, name }) => {
      const caller = await callerOf(path);
      const wrong: string[] = [];
      for (const value of [1, '1', [1, 2], [], 2147483647]) {
        const res = await t.http().get(path).set(caller).query({ filter: JSON.stringify({ [name]: value }) });
        if (res.status !== 200) wrong.push(`${JSON.stringify(value)} answered ${res.status} ${res.body.message}`);
      }
      for (const value of [2147483648, '2147483648', 0, -1, 1.5, 'abc', [1, 'x'], { a: 1 }, true]) {
        const res = await t.http().get(path).set(caller).query({ filter: JSON.stringify({ [name]: value }) });
        if (res.status !== 400 || !String(res.body.message).startsWith(`The ${fieldWords(name)} filter `)) {
          wrong.push(`${JSON.stringify(value)} answered ${res.status} ${res.body.message}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
