/**
 * The tenant isolation matrix: every operation of openapi/openapi.json × every role × a row of
 * the caller's company and a row of another company. Each answer must match expectations.json;
 * independently of that table, no answer may be a 5xx, reveal the other company's rows, succeed on
 * the other company's ids, or change any of its rows.
 *
 * After a reviewed change of behaviour: ISOLATION_RECORD=1 npx jest test/isolation rewrites
 * expectations.json from what the API answers (review the diff before committing it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, createUser, login, unique, type CompanyFixture } from '../support/fixtures';
import { BODY_ID_KINDS, BODY_ID_LISTS, kindOf } from './kinds';
import { fillPath, listOperations, loadOpenApi, pathParams, sampleBody, sampleValue, type Operation } from './operations';
import { MARKER, PLATFORM_FACTORIES, ROLE_KEYS, TENANT_FACTORIES, buildWorld, companyDigest, keepActiveLandingPage, keepBillingSettings, type RoleKey, type World } from './world';

type Statuses = Partial<Record<RoleKey, number>>;
interface Expectation {
  own: Statuses;
  other?: Statuses;
}

const EXPECTATIONS_FILE = join(__dirname, 'expectations.json');
const RECORD = process.env.ISOLATION_RECORD === '1';

/** Operations an anonymous caller may complete. */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/cms/landing-page',
  'GET /api/packages/packages/public',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'GET /api/auth/invitations/{token}',
  'POST /api/auth/invitations/accept',
]);

/** Operations that end the impersonation they are sent under: sent with an impersonation of their own. */
const ENDS_IMPERSONATION = new Set(['POST /api/auth/stop-impersonate', 'POST /api/auth/impersonate/{id}']);

/**
 * Operations that turn the calling client account into something else (a trial makes it a company's
 * admin and ends its sessions): a client sends them with an account of its own, so the world's
 * client stays a client for the operations after them.
 */
const CHANGES_CLIENT = new Set(['POST /api/auth/start-trial']);

/** Platform reads where a superadmin (impersonating or not) rightly sees every company. */
const PLATFORM_WIDE_READS = new Set(['GET /api/auth/companies', 'GET /api/dashboard/platform', 'GET /api/audit/logs', 'GET /api/analytics']);

/**
 * The platform's billing: the superadmin (not impersonating) reads, settles and voids every
 * company's invoices. The company-bound roles, impersonation included, must still fail on the
 * other company's ids (checked below), so any change of the other company's rows here is the
 * superadmin's.
 */
const PLATFORM_BILLING = new Set([
  'GET /api/billing/invoices',
  'GET /api/billing/invoices/{id}',
  'GET /api/billing/invoices/{id}/pdf',
  'POST /api/billing/invoices/{id}/payments',
  'POST /api/billing/invoices/{id}/void',
]);

/** Roles that belong to a company or to none: they must never reach the other company's rows. */
const COMPANY_BOUND: RoleKey[] = ['impersonating', 'company_admin', 'employee', 'self_service', 'manager', 'client'];

const is2xx = (status: number) => status >= 200 && status < 300;

/** Kinds whose rows belong to one employee: the factories make them for another employee than the caller. */
const OWN_RECORD_KINDS = new Set(['attendance_record', 'leave_request', 'leave_attachment', 'payroll_record']);

describe('tenant isolation matrix', () => {
  let t: TestApp;
  let world: World;
  let em: EntityManager;
  let restoreLandingPage: (() => Promise<void>) | undefined;
  let restoreBillingSettings: (() => Promise<void>) | undefined;
  const spec = loadOpenApi();
  const operations = listOperations(spec);
  const expected: Record<string, Expectation> = RECORD ? {} : JSON.parse(readFileSync(EXPECTATIONS_FILE, 'utf8'));

  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
    em = t.em();
    restoreLandingPage = await keepActiveLandingPage(em);
    restoreBillingSettings = await keepBillingSettings(em);
  });
  afterAll(async () => {
    await restoreLandingPage?.();
    await restoreBillingSettings?.();
    await t?.close();
  });

  it('has an expectation for every operation of the OpenAPI document, and none for operations that are gone', () => {
    if (RECORD) return;
    const keys = operations.map((op) => op.key);
    expect(keys.filter((key) => !expected[key])).toEqual([]);
    expect(Object.keys(expected).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('answers every operation × role × company as expected, leaks nothing and writes nothing across companies', async () => {
    const observed: Record<string, Expectation> = {};
    const failures: string[] = [];
    let requests = 0;

    /** A fresh row per kind the operation names (path and body), in `owner`'s company for tenant kinds. */
    const rowsFor = async (op: Operation, owner: CompanyFixture | null) => {
      const text = `${owner === world.b ? MARKER : 'Alpha'} probe ${unique('')}`;
      const pathIds: Record<string, number | string> = {};
      for (const param of pathParams(op.path)) {
        const kind = kindOf(op.path, param)!;
        if (TENANT_FACTORIES[kind]) pathIds[param] = await TENANT_FACTORIES[kind](em, owner ?? world.a, text, t);
        else pathIds[param] = await PLATFORM_FACTORIES[kind](em, `Isolation probe ${unique('')}`);
      }
      const body = op.requestSchema ? sampleBody(spec, op.requestSchema, op.method) : undefined;
      for (const [property, kind] of Object.entries(BODY_ID_KINDS)) {
        if (body && property in body) body[property] = await TENANT_FACTORIES[kind](em, owner ?? world.a, text, t);
      }
      for (const [property, kind] of Object.entries(BODY_ID_LISTS[op.key] ?? {})) {
        if (body && property in body) body[property] = [await TENANT_FACTORIES[kind](em, owner ?? world.a, text, t)];
      }
      // company_id (sent under impersonation) names the company the rows belong to, not a fixed id
      if (body && 'company_id' in body) body.company_id = (owner ?? world.a).company.id;
      em.clear(); // rows are written; a growing identity map would make every later flush rescan them
      return { pathIds, body };
    };

    const call = async (op: Operation, role: RoleKey, rows: { pathIds: Record<string, number | string>; body?: unknown }) => {
      requests++;
      const query = Object.fromEntries(op.queryParams.map((p) => [p.name, String(sampleValue(spec, p.schema))]));
      const token =
        role === 'impersonating' && ENDS_IMPERSONATION.has(op.key)
          ? (await t.http().post(`/api/auth/impersonate/${world.a.company.id}`).set(bearer(world.tokens.superadmin!))).body.data.access_token
          : role === 'client' && CHANGES_CLIENT.has(op.key)
            ? await login(t, (await createUser(t.em(), 'client')).email)
            : world.tokens[role];
      let req = (t.http() as any)[op.method.toLowerCase()](fillPath(op.path, rows.pathIds)).query(query);
      if (token) req = req.set(bearer(token));
      if (rows.body !== undefined) req = req.send(rows.body);
      const res = await req;
      return { status: res.status as number, text: (res.text ?? '') as string };
    };

    for (const op of operations) {
      const unknown = pathParams(op.path).filter((param) => !kindOf(op.path, param));
      if (unknown.length) {
        failures.push(`${op.key}: path parameter ${unknown.join(', ')} has no kind in test/isolation/kinds.ts`);
        continue;
      }
      const tenantPath = pathParams(op.path).some((param) => TENANT_FACTORIES[kindOf(op.path, param)!]);
      const tenantBody =
        Object.keys(BODY_ID_KINDS).some((p) => op.requestSchema && p in sampleBody(spec, op.requestSchema)) || !!BODY_ID_LISTS[op.key];
      const crossCompany = tenantPath || tenantBody;
      const seen: Expectation = { own: {}, ...(crossCompany ? { other: {} } : {}) };
      observed[op.key] = seen;

      // rows are made before the digest: only what the calls do may change the other company
      const rows = new Map<RoleKey, { own: Awaited<ReturnType<typeof rowsFor>>; other?: Awaited<ReturnType<typeof rowsFor>> }>();
      for (const role of ROLE_KEYS) {
        rows.set(role, { own: await rowsFor(op, null), other: crossCompany ? await rowsFor(op, world.b) : undefined });
      }
      const before = await companyDigest(em, world.b.company.id);
      for (const role of ROLE_KEYS) {
        const own = await call(op, role, rows.get(role)!.own);
        seen.own[role] = own.status;
        const answers = [{ dimension: 'own', ...own }];
        if (crossCompany) {
          const other = await call(op, role, rows.get(role)!.other!);
          seen.other![role] = other.status;
          answers.push({ dimension: 'other', ...other });
          if (COMPANY_BOUND.includes(role) && is2xx(other.status)) {
            failures.push(`${op.key} as ${role}: ${other.status} on the other company's ids`);
          }
        }
        for (const answer of answers) {
          if (answer.status >= 500) failures.push(`${op.key} as ${role} (${answer.dimension}): ${answer.status}`);
          const platformRead =
            (PLATFORM_WIDE_READS.has(op.key) && (role === 'superadmin' || role === 'impersonating')) ||
            (PLATFORM_BILLING.has(op.key) && role === 'superadmin');
          if (!platformRead && answer.text.includes(MARKER)) {
            failures.push(`${op.key} as ${role} (${answer.dimension}): the answer shows the other company's data`);
          }
        }
        // an employee without matrix rights gets in only where the self-service policy lets them,
        // and never reaches another employee's record there
        if (role === 'self_service' && is2xx(own.status)) {
          if (op.permission && !op.selfService) failures.push(`${op.key}: answered ${own.status} to an employee without the matrix right`);
          if (pathParams(op.path).some((param) => OWN_RECORD_KINDS.has(kindOf(op.path, param)!))) {
            failures.push(`${op.key}: answered ${own.status} to an employee on a colleague's record`);
          }
        }
        // a manager without matrix rights gets in where self-service or the line-manager policy
        // lets them, and the policy only on routes that work within the caller's scope
        if (role === 'manager' && is2xx(own.status) && op.permission && !op.selfService && !op.scopedRecords) {
          failures.push(`${op.key}: answered ${own.status} to a line manager without the matrix right`);
        }
        if (role === 'anonymous' && is2xx(own.status) && !PUBLIC_OPERATIONS.has(op.key)) {
          failures.push(`${op.key}: answered ${own.status} to an anonymous caller`);
        }
      }
      const after = await companyDigest(em, world.b.company.id);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length && !PLATFORM_BILLING.has(op.key)) failures.push(`${op.key}: changed the other company's ${changed.join(', ')}`);

      const want = expected[op.key];
      if (!RECORD && want && JSON.stringify(want) !== JSON.stringify(seen)) {
        failures.push(`${op.key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(seen)}`);
      }
    }

    if (RECORD) writeFileSync(EXPECTATIONS_FILE, JSON.stringify(observed, null, 2) + '\n');
    console.log(
      `isolation matrix: ${operations.length} operations × ${ROLE_KEYS.length} roles` +
        ` (${Object.values(observed).filter((e) => e.other).length} of them also with another company's ids): ${requests} requests`,
    );
    expect(failures).toEqual([]);
  }, 1_200_000);
});
