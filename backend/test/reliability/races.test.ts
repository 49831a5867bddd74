/**
 * Double submits and races: 50 identical requests at once must end with exactly one effect, and
 * every answer must be a success or a 409 (never a 5xx, never a second effect).
 */
import { createTestApp, type TestApp } from '../support/app';
import { bearer, createUser, login } from '../support/fixtures';

export const RACERS = 50;

/** Fires `n` copies of the request at once and returns their statuses. */
export async function race(n: number, send: (i: number) => PromiseLike<{ status: number }>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  return answers.map((a) => a.status);
}

export const onlySuccessOr409 = (statuses: number[]) => statuses.filter((s) => !(s >= 200 && s < 300) && s !== 409);

describe('races: 50 identical requests, one effect', () => {
  let t: TestApp;
  let superadmin: string;
  const trials: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
  });
  afterAll(async () => {
    console.log(`races: ${trials.length} trials of ${RACERS} concurrent requests (${trials.join('; ')})`);
    await t.close();
  });

  it('landing-page activations racing between two pages leave exactly one page active', async () => {
    const create = (name: string) =>
      t.http().post('/api/cms/admin/landing-pages').set(bearer(superadmin)).send({ hero_title: name });
    const first = (await create('Race one')).body.data.id;
    const second = (await create('Race two')).body.data.id;

    const statuses = await race(RACERS, (i) =>
      t.http().post(`/api/cms/admin/landing-pages/${i % 2 ? first : second}/activate`).set(bearer(superadmin)),
    );
    trials.push(`landing-page activation: ${statuses.filter((s) => s === 200).length}×200`);
    expect(onlySuccessOr409(statuses)).toEqual([]);
    const active = await t.em().execute('select id from landing_pages where is_active');
    expect(active).toHaveLength(1);
    expect([first, second]).toContain(Number(active[0].id));
  });
});
