import { TokenService } from '../src/modules/auth/token.service';
import { Company } from '../src/modules/companies/company.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { PlatformAccessSetting } from '../src/modules/platform-access/platform-access-setting.entity';
import { Position } from '../src/modules/positions/position.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, type CompanyFixture } from './support/fixtures';

const URL = '/api/hr/platform-access-settings';
const DEFAULT = { allowWebAccess: false, allowPWAAccess: true, forcePWA: false, description: '' };

describe('platform access settings', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let second: Position;
  let superadminToken: string;
  let impersonatingA: string;
  let client: string;

  const admin = () => bearer(a.tokens.company_admin);
  const save = (settings: unknown, auth = admin()) => t.http().post(URL).set(auth).send({ settings });
  const rows = (companyId: number) => t.em().count(PlatformAccessSetting, { company: companyId }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    const em = t.em();
    second = em.create(Position, { company: em.getReference(Company, a.company.id), position_code: 'MGR', position_title: 'Manager' });
    await em.flush();
    const superadmin = await createUser(t.em(), 'superadmin');
    superadminToken = await login(t, superadmin.email);
    impersonatingA = await t.app.get(TokenService).accessToken(superadmin, a.company.id);
    client = await login(t, (await createUser(t.em(), 'client')).email);
  });
  afterAll(() => t.close());

  it('lists every position of the company with the defaults when nothing is stored', async () => {
    const res = await t.http().get(URL).set(admin());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ settings: { [a.position.id]: DEFAULT, [second.id]: DEFAULT } });
  });

  it('saves the positions listed, keeps the others, and answers the whole map with the toast text', async () => {
    const res = await save({ [a.position.id]: { allowWebAccess: true, allowPWAAccess: true, forcePWA: false, description: 'Office staff' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Platform access settings saved successfully');
    expect(res.body.data.settings).toEqual({
      [a.position.id]: { allowWebAccess: true, allowPWAAccess: true, forcePWA: false, description: 'Office staff' },
      [second.id]: DEFAULT,
    });
    const read = await t.http().get(URL).set(admin());
    expect(read.body.data.settings[a.position.id].description).toBe('Office staff');
  });

  it('Force PWA turns web access off (and the app on)', async () => {
    const res = await save({ [second.id]: { allowWebAccess: true, allowPWAAccess: false, forcePWA: true, description: '' } });
    expect(res.status).toBe(200);
    expect(res.body.data.settings[second.id]).toEqual({ allowWebAccess: false, allowPWAAccess: true, forcePWA: true, description: '' });
  });

  it('a template applied to every position replaces each setting', async () => {
    const management = { allowWebAccess: true, allowPWAAccess: true, forcePWA: false, description: '' };
    const res = await save({ [a.position.id]: management, [second.id]: management });
    expect(res.body.data.settings).toEqual({ [a.position.id]: management, [second.id]: management });
    expect(await rows(a.company.id)).toBe(2);
  });

  describe('refusals write nothing', () => {
    let before: unknown;
    beforeEach(async () => {
      before = (await t.http().get(URL).set(admin())).body.data;
    });
    afterEach(async () => {
      expect((await t.http().get(URL).set(admin())).body.data).toEqual(before);
    });

    it("answers 404 for another company's position, even next to one of the caller's", async () => {
      const res = await save({ [a.position.id]: DEFAULT, [b.position.id]: DEFAULT });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Position ${b.position.id} not found`);
      expect(await rows(b.company.id)).toBe(0);
    });

    it('answers 404 for a position that does not exist', async () => {
      expect((await save({ 99999999: DEFAULT })).status).toBe(404);
    });

    const id = (): number => a.position.id;
    it.each<[string, () => object, () => string]>([
      ['a key that is not an id', () => ({ abc: DEFAULT }), () => 'settings.abc'],
      ['a value that is not an object', () => ({ [id()]: true }), () => `settings.${id()}`],
      ['a flag that is not a boolean', () => ({ [id()]: { ...DEFAULT, forcePWA: 'yes' } }), () => `settings.${id()}.forcePWA`],
      ['an unknown field', () => ({ [id()]: { ...DEFAULT, allowDesktop: true } }), () => `settings.${id()}.allowDesktop`],
      [
        'notes that are too long',
        () => ({ [id()]: { ...DEFAULT, description: 'x'.repeat(501) } }),
        () => `settings.${id()}.description`,
      ],
      [
        'neither web nor app',
        () => ({ [id()]: { allowWebAccess: false, allowPWAAccess: false, forcePWA: false, description: '' } }),
        () => `settings.${id()}.allowPWAAccess`,
      ],
    ])('refuses %s with 400 naming the field', async (_, settings, field) => {
      const res = await save(settings());
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field());
    });

    it('refuses a body without a settings object', async () => {
      const res = await t.http().post(URL).set(admin()).send({ settings: [] });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('settings');
    });
  });

  it("company B sees only its own positions and cannot read or change company A's", async () => {
    const res = await t.http().get(URL).set(bearer(b.tokens.company_admin));
    expect(Object.keys(res.body.data.settings)).toEqual([String(b.position.id)]);
    expect((await save({ [a.position.id]: DEFAULT }, bearer(b.tokens.company_admin))).status).toBe(404);
  });

  it('only company admins (and an impersonating superadmin) read and save', async () => {
    for (const token of [a.tokens.employee, client]) {
      expect((await t.http().get(URL).set(bearer(token))).status).toBe(403);
      expect((await save({}, bearer(token))).status).toBe(403);
    }
    expect((await t.http().get(URL).set(bearer(superadminToken))).status).toBe(403);
    const res = await t.http().get(URL).set(bearer(impersonatingA));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.settings).sort()).toEqual([String(a.position.id), String(second.id)].sort());
  });

  describe("GET /api/auth/platform-access: the signed-in user's rule", () => {
    const mine = (token: string) => t.http().get('/api/auth/platform-access').set(bearer(token));

    it('superadmin: web only, also while impersonating', async () => {
      for (const token of [superadminToken, impersonatingA]) {
        const res = await mine(token);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ allowWebAccess: true, allowPWAAccess: false, forcePWA: false, source: 'role', position_id: null });
      }
    });

    it('company_admin: either', async () => {
      expect((await mine(a.tokens.company_admin)).body.data).toMatchObject({ allowWebAccess: true, allowPWAAccess: true, source: 'role' });
    });

    it('a client without a position: the default, app only', async () => {
      expect((await mine(client)).body.data).toEqual({ allowWebAccess: false, allowPWAAccess: true, forcePWA: false, source: 'default', position_id: null });
    });

    it("an employee: the position's setting, from the next request on", async () => {
      expect((await mine(b.tokens.employee)).body.data).toEqual({ ...DEFAULT, description: undefined, source: 'default', position_id: b.position.id });
      await save({ [b.position.id]: { allowWebAccess: true, allowPWAAccess: true, forcePWA: false } }, bearer(b.tokens.company_admin));
      expect((await mine(b.tokens.employee)).body.data).toEqual({
        allowWebAccess: true,
        allowPWAAccess: true,
        forcePWA: false,
        source: 'position',
        position_id: b.position.id,
      });
      await save({ [b.position.id]: { forcePWA: true } }, bearer(b.tokens.company_admin));
      expect((await mine(b.tokens.employee)).body.data).toMatchObject({ allowWebAccess: false, forcePWA: true });
    });

    it('an employee who is moved to another position gets that position’s rule', async () => {
      await save({ [second.id]: { allowWebAccess: false, allowPWAAccess: true, forcePWA: true } });
      await t.em().nativeUpdate(Employee, { id: a.employee.id }, { position: second.id }, { filters: false });
      expect((await mine(a.tokens.employee)).body.data).toMatchObject({ forcePWA: true, position_id: second.id });
      await t.em().nativeUpdate(Employee, { id: a.employee.id }, { position: a.position.id }, { filters: false });
    });
  });

  it('settings go with their position when it is deleted', async () => {
    const em = t.em();
    const temp = em.create(Position, { company: em.getReference(Company, a.company.id), position_code: 'TMP', position_title: 'Temp' });
    await em.flush();
    await save({ [temp.id]: DEFAULT });
    await t.em().nativeDelete(Position, { id: temp.id }, { filters: false });
    expect(await t.em().count(PlatformAccessSetting, { position: temp.id }, { filters: false })).toBe(0);
  });
});
