import { Department } from '../src/modules/departments/department.entity';
import { Feature } from '../src/modules/packages/feature.entity';
import { IdempotencyKey } from '../src/common/http/idempotency.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const REUSED = 'This Idempotency-Key was already used for a different request';

describe('Idempotency-Key on POSTs that create', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    root = await login(t, (await createUser(t.em(), 'superadmin')).email);
  });
  afterAll(() => t.close());

  const department = (token: string, key: string | null, body: object) => {
    const req = t.http().post('/api/hr/departments').set(bearer(token));
    if (key !== null) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const departments = (company: CompanyFixture, code: string) =>
    t.em().count(Department, { company: company.company.id, department_code: code }, { filters: false });

  describe('in a company request (claim, work and answer commit together)', () => {
    it('a replay answers the stored status and body without a second row', async () => {
      const key = unique('key-');
      const body = { department_code: unique('D'), department_name: 'Finance' };
      const first = await department(a.tokens.company_admin, key, body);
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await department(a.tokens.company_admin, key, { department_name: 'Finance', department_code: body.department_code });
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await departments(a, body.department_code)).toBe(1);
    });

    it('the same key with another body is a 422 and writes nothing', async () => {
      const key = unique('key-');
      const code = unique('D');
      expect((await department(a.tokens.company_admin, key, { department_code: code, department_name: 'One' })).status).toBe(201);
      const other = unique('D');
      const res = await department(a.tokens.company_admin, key, { department_code: other, department_name: 'Two' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: REUSED, errors: [{ field: 'Idempotency-Key', message: REUSED }] });
      expect(await departments(a, other)).toBe(0);
    });

    it('concurrent duplicates run once; every answer is the one stored', async () => {
      const key = unique('key-');
      const body = { department_code: unique('D'), department_name: 'Race' };
      const answers = await Promise.all(Array.from({ length: 8 }, () => department(a.tokens.company_admin, key, body)));
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
      expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
      expect(await departments(a, body.department_code)).toBe(1);
    });

    it('a failed request keeps nothing: the key may be sent again with a corrected body', async () => {
      const key = unique('key-');
      const code = unique('D');
      const bad = await department(a.tokens.company_admin, key, { department_code: code });
      expect(bad.status).toBe(400);
      expect(await t.em().count(IdempotencyKey, { idem_key: key })).toBe(0);
      const good = await department(a.tokens.company_admin, key, { department_code: code, department_name: 'Fixed' });
      expect(good.status).toBe(201);
      expect(await departments(a, code)).toBe(1);
    });

    it('keys belong to their user: another user, or another company, with the same key runs on its own', async () => {
      const key = unique('key-');
      const code = unique('D');
      const body = { department_code: code, department_name: 'Shared key' };
      const mine = await department(a.tokens.company_admin, key, body);
      const theirs = await department(b.tokens.company_admin, key, body);
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
      expect(await departments(a, code)).toBe(1);
      expect(await departments(b, code)).toBe(1);
    });

    it('an expired key runs again, and the cleaner deletes expired keys', async () => {
      const key = unique('key-');
      const body = { department_code: unique('D'), department_name: 'Old' };
      expect((await department(a.tokens.company_admin, key, body)).status).toBe(201);
      await t.em().nativeUpdate(IdempotencyKey, { idem_key: key }, { expires_at: new Date(Date.now() - 1000) });
      const later = await department(a.tokens.company_admin, key, body);
      expect(later.status).toBe(409); // ran again: the code is taken now
      const stored = await t.em().findOneOrFail(IdempotencyKey, { idem_key: key });
      expect(stored.expires_at.getTime()).toBeLessThan(Date.now());

      const cleaned = await t.http().post('/api/system/clean-old-records').set(bearer(root));
      expect(cleaned.status).toBe(200);
      expect(cleaned.body.data.results).toContainEqual({ name: 'expired idempotency keys', affected: expect.any(Number) });
      expect(await t.em().count(IdempotencyKey, { idem_key: key })).toBe(0);
    });

    it('keeps a key 24 hours by default', async () => {
      const key = unique('key-');
      await department(a.tokens.company_admin, key, { department_code: unique('D'), department_name: 'TTL' });
      const stored = await t.em().findOneOrFail(IdempotencyKey, { idem_key: key });
      const hours = (stored.expires_at.getTime() - stored.created_at.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(24, 1);
      expect(stored).toMatchObject({ method: 'POST', path: '/api/hr/departments', status_code: 201 });
    });

    it('refuses a malformed key, naming the header', async () => {
      for (const key of ['x'.repeat(256), 'with space', 'é']) {
        const res = await department(a.tokens.company_admin, key, { department_code: unique('D'), department_name: 'Bad key' });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' }]);
      }
    });

    it('without the header, nothing changes', async () => {
      const code = unique('D');
      expect((await department(a.tokens.company_admin, null, { department_code: code, department_name: 'Plain' })).status).toBe(201);
      expect((await department(a.tokens.company_admin, null, { department_code: code, department_name: 'Plain' })).status).toBe(409);
    });
  });

  describe('in a platform request (claim committed first)', () => {
    const feature = (key: string, code: string) =>
      t
        .http()
        .post('/api/packages/features')
        .set(bearer(root))
        .set('Idempotency-Key', key)
        .send({ feature_code: code, feature_name: 'Idempotent feature', module: 'hr', feature_type: 'addon' });

    it('a replay answers the stored answer, a different body is a 422', async () => {
      const key = unique('key-');
      const code = unique('f_').toLowerCase();
      const first = await feature(key, code);
      expect(first.status).toBe(201);
      const again = await feature(key, code);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await feature(key, unique('f_').toLowerCase())).status).toBe(422);
      expect(await t.em().count(Feature, { feature_code: code })).toBe(1);
    });

    it('concurrent duplicates run once (the others replay, or hear that it is still running)', async () => {
      const key = unique('key-');
      const code = unique('f_').toLowerCase();
      const answers = await Promise.all(Array.from({ length: 6 }, () => feature(key, code)));
      for (const r of answers) {
        if (r.status === 409) expect(r.body.message).toBe('A request with this Idempotency-Key is still being processed. Please retry shortly.');
        else expect(r.status).toBe(201);
      }
      expect(answers.filter((r) => r.status === 201 && !r.headers['idempotent-replayed'])).toHaveLength(1);
      expect(await t.em().count(Feature, { feature_code: code })).toBe(1);
    });
  });

  it('is ignored on routes that hand out sessions (impersonation)', async () => {
    const sa = await createUser(t.em(), 'superadmin');
    const token = await login(t, sa.email);
    const key = unique('key-');
    const first = await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(token)).set('Idempotency-Key', key);
    const second = await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(token)).set('Idempotency-Key', key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.em().count(IdempotencyKey, { idem_key: key })).toBe(0);
  });
});
