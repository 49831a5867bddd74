import { Company } from '../src/modules/companies/company.entity';
import { listOperations, loadOpenApi } from './isolation/operations';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, type CompanyFixture } from './support/fixtures';

const DAY = 86_400_000;
const MESSAGES = {
  trial_ended: 'Your trial has ended. Choose a package to continue.',
  suspended: 'Your subscription is suspended. Please contact the platform administrator.',
  cancelled: 'Your subscription has been cancelled. Choose a package to continue.',
} as const;

/** The writes a company may make while it cannot write otherwise (marked @AllowedWhileBlocked). */
const ALLOWED_WHILE_BLOCKED = [
  'DELETE /api/packages/subscription/scheduled-change',
  'POST /api/auth/change-password',
  'POST /api/auth/verify-email/resend',
  'POST /api/billing/invoices/{id}/payments',
  // a blocked company tells the platform it has paid, which is how it gets unblocked
  'POST /api/billing/invoices/{id}/report-payment',
  'POST /api/billing/invoices/{id}/void',
  'POST /api/packages/subscription',
  'POST /api/packages/subscription/preview',
  // hiding the getting-started checklist is the admin's own view, not the company's data
  'PUT /api/dashboard/getting-started',
];

describe('plans: what a blocked company may write', () => {
  let t: TestApp;
  let superadmin: string;

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
  });
  afterAll(() => t.close());

  const setState = (c: CompanyFixture, state: Partial<Pick<Company, 'subscription_status' | 'trial_ends_at'>>) =>
    t.em().nativeUpdate(Company, { id: c.company.id }, state);
  const impersonate = async (c: CompanyFixture) =>
    (await t.http().post(`/api/auth/impersonate/${c.company.id}`).set(bearer(superadmin))).body.data.access_token as string;

  describe('a company that cannot write is refused every write (402)', () => {
    const spec = loadOpenApi();
    // a public route (sign-in, sign-out, register...) knows no caller, so no company to block
    const writes = listOperations(spec).filter((op) => op.method !== 'GET' && !spec.paths[op.path][op.method.toLowerCase()]['x-public']);
    const opOf = (key: string) => {
      const [method, path] = key.split(' ');
      return spec.paths[path][method.toLowerCase()];
    };
    const platformOnly = (key: string) => {
      const roles: string[] | undefined = opOf(key)['x-roles'];
      return !!roles?.length && roles.every((r) => r === 'superadmin');
    };

    it('marks exactly the listed routes as allowed while blocked', () => {
      expect(writes.filter((op) => opOf(op.key)['x-allowed-while-blocked']).map((op) => op.key).sort()).toEqual(ALLOWED_WHILE_BLOCKED);
    });

    const send = (method: string, path: string, token: string) => {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const req = (t.http() as any)[method.toLowerCase()](url).set(bearer(token));
      return req.send({});
    };

    it.each(['trial_ended', 'suspended', 'cancelled'] as const)(
      'walks every write of the document as the admin of a %s company, and as the superadmin impersonating it',
      async (state) => {
        const c = await createCompany(t, 'Blocked');
        // impersonating first: a suspension ends the company's sessions when made through the API
        superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
        const imp = await impersonate(c);
        await setState(c, state === 'trial_ended' ? { trial_ends_at: new Date(Date.now() - DAY) } : { subscription_status: state });
        const wrong: string[] = [];
        for (const op of writes) {
          const allowed = ALLOWED_WHILE_BLOCKED.includes(op.key);
          const admin = await send(op.method, op.path, c.tokens.company_admin);
          const roles: string[] | undefined = opOf(op.key)['x-roles'];
          const expected = allowed ? 'not 402' : roles && !roles.includes('company_admin') ? 403 : 402;
          if (expected === 'not 402' ? admin.status === 402 : admin.status !== expected || (expected === 402 && admin.body.message !== MESSAGES[state])) {
            wrong.push(`admin ${op.key}: ${admin.status} (expected ${expected})`);
          }
          // the platform's own routes are not the company's writes (and would act on the platform)
          if (platformOnly(op.key)) continue;
          const asSuperadmin = await send(op.method, op.path, imp);
          if (allowed ? asSuperadmin.status === 402 : asSuperadmin.status !== 402) {
            wrong.push(`impersonating ${op.key}: ${asSuperadmin.status} (expected ${allowed ? 'not 402' : 402})`);
          }
        }
        expect(wrong).toEqual([]);
        expect(writes.length).toBeGreaterThan(100);
      },
    );
  });
});
