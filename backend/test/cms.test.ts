import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM as CoreORM } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { checkedRequest } from './support/openapi-check';
import { createApp } from '../src/bootstrap/create-app';
import { serveStaticSite } from '../src/bootstrap/static-site';
import { loadConfig } from '../src/config/config';
import { LandingFeature } from '../src/modules/cms/landing-feature.entity';
import { LandingPage } from '../src/modules/cms/landing-page.entity';
import { Testimonial } from '../src/modules/cms/testimonial.entity';
import type { TestApp } from './support/app';
import { testDatabaseUrl } from './support/database';
import { bearer, createCompany, createUser, login, type CompanyFixture } from './support/fixtures';

const LANDING_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--seo:start-->
    <title>Built-in title</title>
    <meta name="description" content="Built-in description" />
    <!--seo:end-->
    <script type="module" src="/landing-assets/index-test.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/**
 * The API with SERVE_STATIC's site routes on a small fake build (npm test runs before any
 * front-end build), so `/` is served and rendered by the same instance whose cache the CMS
 * writes invalidate.
 */
async function createSiteTestApp(dist: { admin: string; landing: string }, dataDir: string): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-123',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    DB_POOL_MAX: '4',
  });
  const app = await createApp(config, testDatabaseUrl(), { logger: false });
  await serveStaticSite(app, dist);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const orm = app.get(CoreORM) as unknown as MikroORM;
  return {
    app,
    http: () => checkedRequest(app.getHttpServer()),
    orm,
    em: () => orm.em.fork({ disableContextResolution: true }) as EntityManager,
    config,
    close: () => app.close(),
  };
}

const PAGES = '/api/cms/admin/landing-pages';

describe('cms: landing pages', () => {
  let t: TestApp;
  let dir: string;
  let superadmin: string;
  let acme: CompanyFixture;

  const activeCount = () => t.em().count(LandingPage, { is_active: true });
  const createPage = async (body: Record<string, unknown> = {}) => {
    const res = await t.http().post(PAGES).set(bearer(superadmin)).send(body);
    expect(res.status).toBe(201);
    return res.body.data as { id: number } & Record<string, any>;
  };
  const activate = (id: number) => t.http().post(`${PAGES}/${id}/activate`).set(bearer(superadmin));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hr-site-'));
    mkdirSync(join(dir, 'admin'));
    mkdirSync(join(dir, 'landing', 'landing-assets'), { recursive: true });
    writeFileSync(join(dir, 'admin', 'index.html'), '<!doctype html><html><body>console</body></html>');
    writeFileSync(join(dir, 'landing', 'index.html'), LANDING_TEMPLATE);
    writeFileSync(join(dir, 'landing', 'landing-assets', 'index-test.js'), 'console.log(1)');
    t = await createSiteTestApp({ admin: join(dir, 'admin'), landing: join(dir, 'landing') }, join(dir, 'data'));
    const admin = await createUser(t.em(), 'superadmin');
    superadmin = await login(t, admin.email);
    acme = await createCompany(t, 'Cms');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('the seeded default page', () => {
    it('is active and complete, so a fresh install shows a whole page', async () => {
      const res = await t.http().get('/api/cms/landing-page');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const page = res.body.data;
      expect(page).toMatchObject({
        is_active: true,
        hero_title: 'Manage your workforce in one place',
        stats_clients_count: 500,
        stats_projects_count: 1200,
        stats_years_count: 10,
        stats_countries_count: 25,
        cta_button_url: '/free-trial',
        footer_company_name: 'HR Platform',
        footer_social_links: {},
      });
      expect(page.features.map((f: any) => f.title)).toEqual([
        'Employees',
        'Attendance',
        'Leave Management',
        'Payroll',
        'Operational Monitoring',
        'KPI & Bonus',
      ]);
      expect(page.testimonials).toHaveLength(3);
      expect(page.testimonials[0]).toMatchObject({ rating: 5, client_name: expect.any(String), testimonial_text: expect.any(String) });
    });

    it('is rendered into the HTML of / (title, meta, Open Graph, JSON-LD with the 29 USD offer)', async () => {
      const res = await t.http().get('/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<title>HR Platform - Manage your workforce in one place</title>');
      expect(res.text).not.toContain('Built-in title');
      expect(res.text).toContain('<meta property="og:title" content="HR Platform - Manage your workforce in one place" />');
      expect(res.text).toMatch(/<meta name="keywords" content="HR software, [^"]+" \/>/);
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text);
      expect(JSON.parse(ld![1])).toMatchObject({
        '@type': 'SoftwareApplication',
        name: 'HR Platform',
        offers: { '@type': 'Offer', price: '29', priceCurrency: 'USD' },
      });
      // the rest of the built page is untouched
      expect(res.text).toContain('<script type="module" src="/landing-assets/index-test.js"></script>');
    });
  });

  describe('access', () => {
    it('the public read needs no sign-in; the admin calls need a token (401)', async () => {
      expect((await t.http().get('/api/cms/landing-page')).status).toBe(200);
      const res = await t.http().get(PAGES);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
      expect((await t.http().post(PAGES).send({})).status).toBe(401);
      expect((await t.http().put('/api/cms/admin/features/1').send({ title: 'x' })).status).toBe(401);
    });

    it.each([
      ['GET', PAGES],
      ['POST', PAGES],
      ['GET', `${PAGES}/1`],
      ['PUT', `${PAGES}/1`],
      ['DELETE', `${PAGES}/1`],
      ['POST', `${PAGES}/1/activate`],
      ['POST', `${PAGES}/1/features`],
      ['PUT', '/api/cms/admin/features/1'],
      ['DELETE', '/api/cms/admin/features/1'],
      ['POST', `${PAGES}/1/testimonials`],
      ['PUT', '/api/cms/admin/testimonials/1'],
      ['DELETE', '/api/cms/admin/testimonials/1'],
    ])('%s %s is superadmin only (company admin and employee get 403)', async (method, path) => {
      for (const token of [acme.tokens.company_admin, acme.tokens.employee]) {
        const res = await (t.http() as any)[method.toLowerCase()](path).set(bearer(token)).send({ hero_title: 'x' });
        expect(res.status).toBe(403);
        expect(res.body.success).toBe(false);
      }
    });
  });

  describe('pages', () => {
    it('create fills the default texts and is inactive', async () => {
      const res = await t.http().post(PAGES).set(bearer(superadmin)).send({});
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Landing page created successfully');
      expect(res.body.data).toMatchObject({
        is_active: false,
        hero_title: 'Manage your workforce in one place',
        hero_cta_text: 'Start Free Trial',
        features_title: 'Everything HR needs',
        testimonials_title: 'What our clients say',
        pricing_title: 'Simple, transparent pricing',
        cta_button_url: '/free-trial',
        footer_company_name: 'HR Platform',
        footer_contact_email: 'contact@example.com',
        seo_title: 'HR Platform - Manage your workforce in one place',
        stats_clients_count: 500,
        stats_projects_count: 1200,
        stats_years_count: 10,
        stats_countries_count: 25,
        features: [],
        testimonials: [],
      });
      expect(res.body.data.created_at).toEqual(expect.any(String));
    });

    it('create takes the fields it is sent over the defaults, but never an active page', async () => {
      const page = await createPage({ hero_title: 'Spring campaign', stats_clients_count: 42 });
      expect(page).toMatchObject({ hero_title: 'Spring campaign', stats_clients_count: 42, hero_subtitle: 'The HR platform for growing companies' });
      const res = await t.http().post(PAGES).set(bearer(superadmin)).send({ is_active: true });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'is_active', message: 'Is active is not an accepted field' }]);
    });

    it('lists pages with created date and active flag, newest first, with Content-Range', async () => {
      const page = await createPage();
      const res = await t.http().get(PAGES).set(bearer(superadmin));
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toMatch(/^cms\/admin\/landing-pages 0-\d+\/\d+$/);
      expect(res.body.data[0]).toMatchObject({ id: page.id, is_active: false, created_at: expect.any(String) });
      // at most one active page (the seeded one may be past the first page when other tests made many)
      expect(res.body.data.filter((p: any) => p.is_active).length).toBeLessThanOrEqual(1);
      const active = await t.http().get(PAGES).query({ filter: '{"is_active":true}' }).set(bearer(superadmin));
      expect(active.body.data).toHaveLength(1);
    });

    it('gets one page; an unknown id is 404, a malformed one 400', async () => {
      const page = await createPage();
      const res = await t.http().get(`${PAGES}/${page.id}`).set(bearer(superadmin));
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(page.id);
      const missing = await t.http().get(`${PAGES}/99999999`).set(bearer(superadmin));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'Landing page not found' });
      // an id beyond a database id names no record, as on every other route
      const beyond = await t.http().get(`${PAGES}/99999999999`).set(bearer(superadmin));
      expect(beyond.status).toBe(404);
      expect(beyond.body).toEqual({ success: false, message: 'Landing page not found' });
      for (const bad of ['abc', '0']) {
        const res = await t.http().get(`${PAGES}/${bad}`).set(bearer(superadmin));
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ field: 'id', message: 'id must be a positive whole number' }]);
      }
    });

    it('PUT changes a single field and leaves every other one', async () => {
      const page = await createPage({ hero_subtitle: 'Keep me' });
      const res = await t.http().put(`${PAGES}/${page.id}`).set(bearer(superadmin)).send({ hero_title: '  New title  ' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Page updated successfully');
      expect(res.body.data).toMatchObject({ hero_title: 'New title', hero_subtitle: 'Keep me', is_active: false });
      const stats = await t.http().put(`${PAGES}/${page.id}`).set(bearer(superadmin)).send({ stats_years_count: 12 });
      expect(stats.body.data).toMatchObject({ hero_title: 'New title', stats_years_count: 12, stats_clients_count: 500 });
    });

    it('PUT takes several fields, clears optional ones with null or an empty text, and replaces the social links', async () => {
      const page = await createPage();
      const res = await t
        .http()
        .put(`${PAGES}/${page.id}`)
        .set(bearer(superadmin))
        .send({
          hero_secondary_cta_text: 'Book a demo',
          hero_secondary_cta_url: 'https://example.com/demo',
          footer_contact_phone: '+1 555 0100',
          footer_social_links: { linkedin: 'https://www.linkedin.com/company/example', twitter: '' },
          hero_subtitle: '',
          seo_keywords: null,
        });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        hero_secondary_cta_text: 'Book a demo',
        hero_secondary_cta_url: 'https://example.com/demo',
        footer_contact_phone: '+1 555 0100',
        footer_social_links: { linkedin: 'https://www.linkedin.com/company/example' },
        hero_subtitle: null,
        seo_keywords: null,
      });
    });

    it.each([
      [{}, undefined, 'Nothing to update: send at least one field'],
      [{ stats_clients_count: -1 }, 'stats_clients_count', 'Stats clients count must be at least 0'],
      [{ stats_clients_count: null }, 'stats_clients_count', 'Stats clients count must be a whole number'],
      [{ stats_years_count: 2.5 }, 'stats_years_count', 'Stats years count must be a whole number'],
      [{ hero_title: 'x'.repeat(256) }, 'hero_title', 'Hero title must be at most 255 characters long'],
      [{ hero_title: 42 }, 'hero_title', 'Hero title must be text'],
      [
        { hero_secondary_cta_url: 'javascript:alert(1)' },
        'hero_secondary_cta_url',
        'Hero secondary CTA URL must be an http(s) URL, a path on this site starting with a single / or an anchor starting with #',
      ],
      [{ footer_contact_email: 'nope' }, 'footer_contact_email', 'Footer contact email must be an email address'],
      [
        { footer_social_links: { myspace: 'https://myspace.com/x' } },
        'footer_social_links',
        'Footer social links may only map facebook, twitter, linkedin or instagram to http(s) URLs',
      ],
      [
        { footer_social_links: { facebook: 'javascript:alert(1)' } },
        'footer_social_links',
        'Footer social links may only map facebook, twitter, linkedin or instagram to http(s) URLs',
      ],
      [{ footer_social_links: 'x' }, 'footer_social_links', 'Footer social links must be an object'],
      [{ is_active: 'yes' }, 'is_active', 'Is active must be true or false'],
      [{ created_at: '2020-01-01' }, 'created_at', 'Created at is not an accepted field'],
    ])('PUT %j is a 400 naming the field', async (body, field, message) => {
      const page = await createPage();
      const res = await t.http().put(`${PAGES}/${page.id}`).set(bearer(superadmin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
      if (field) expect(res.body.errors).toContainEqual({ field, message });
    });

    it('PUT of an unknown page is 404', async () => {
      const res = await t.http().put(`${PAGES}/99999999`).set(bearer(superadmin)).send({ hero_title: 'x' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Landing page not found');
      expect((await activate(99999999)).status).toBe(404);
      expect((await t.http().put(`${PAGES}/99999999`).set(bearer(superadmin)).send({ is_active: true })).status).toBe(404);
    });

    it('delete removes the page with its features and testimonials', async () => {
      const page = await createPage();
      await t.http().post(`${PAGES}/${page.id}/features`).set(bearer(superadmin)).send({ title: 'Gone soon' });
      await t
        .http()
        .post(`${PAGES}/${page.id}/testimonials`)
        .set(bearer(superadmin))
        .send({ testimonial_text: 'Great', client_name: 'Pat' });
      const res = await t.http().delete(`${PAGES}/${page.id}`).set(bearer(superadmin));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: null, message: 'Landing page deleted successfully' });
      expect(await t.em().count(LandingPage, { id: page.id })).toBe(0);
      expect(await t.em().count(LandingFeature, { landing_page: page.id })).toBe(0);
      expect(await t.em().count(Testimonial, { landing_page: page.id })).toBe(0);
      expect((await t.http().delete(`${PAGES}/${page.id}`).set(bearer(superadmin))).status).toBe(404);
    });
  });

  describe('features', () => {
    it('are added (after the last one by default), edited one field at a time, ordered by order_index, and deleted', async () => {
      const page = await createPage();
      const add = (body: object) => t.http().post(`${PAGES}/${page.id}/features`).set(bearer(superadmin)).send(body);
      const first = await add({ title: 'Payroll', description: 'Pay people', icon_name: 'wallet' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        message: 'Feature created successfully',
        data: { landing_page_id: page.id, title: 'Payroll', description: 'Pay people', icon_name: 'wallet', image_url: null, order_index: 1 },
      });
      const second = await add({ title: 'Attendance' });
      expect(second.body.data.order_index).toBe(2);
      const zeroth = await add({ title: 'Employees', order_index: 0 });
      expect(zeroth.body.data.order_index).toBe(0);

      const put = await t.http().put(`/api/cms/admin/features/${second.body.data.id}`).set(bearer(superadmin)).send({ description: 'Who is in' });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        message: 'Feature updated successfully',
        data: { title: 'Attendance', description: 'Who is in', order_index: 2 },
      });

      const got = await t.http().get(`${PAGES}/${page.id}`).set(bearer(superadmin));
      expect(got.body.data.features.map((f: any) => f.title)).toEqual(['Employees', 'Payroll', 'Attendance']);

      const del = await t.http().delete(`/api/cms/admin/features/${first.body.data.id}`).set(bearer(superadmin));
      expect(del.body).toEqual({ success: true, data: null, message: 'Feature deleted successfully' });
      const after = await t.http().get(`${PAGES}/${page.id}`).set(bearer(superadmin));
      expect(after.body.data.features.map((f: any) => f.title)).toEqual(['Employees', 'Attendance']);
    });

    it('refuses a missing or empty title and unknown ids', async () => {
      const page = await createPage();
      const none = await t.http().post(`${PAGES}/${page.id}/features`).set(bearer(superadmin)).send({ description: 'x' });
      expect(none.status).toBe(400);
      expect(none.body.errors).toContainEqual({ field: 'title', message: 'Feature title is required' });
      const feature = await t.http().post(`${PAGES}/${page.id}/features`).set(bearer(superadmin)).send({ title: 'Ok' });
      const empty = await t.http().put(`/api/cms/admin/features/${feature.body.data.id}`).set(bearer(superadmin)).send({ title: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toContainEqual({ field: 'title', message: 'Feature title is required' });
      const nothing = await t.http().put(`/api/cms/admin/features/${feature.body.data.id}`).set(bearer(superadmin)).send({});
      expect(nothing.status).toBe(400);
      expect((await t.http().post(`${PAGES}/99999999/features`).set(bearer(superadmin)).send({ title: 'x' })).status).toBe(404);
      const missing = await t.http().put('/api/cms/admin/features/99999999').set(bearer(superadmin)).send({ title: 'x' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Feature not found');
      expect((await t.http().delete('/api/cms/admin/features/99999999').set(bearer(superadmin))).status).toBe(404);
    });
  });

  describe('testimonials', () => {
    it('are added with a rating out of 5 (default 5), edited one field at a time and deleted', async () => {
      const page = await createPage();
      const add = await t
        .http()
        .post(`${PAGES}/${page.id}/testimonials`)
        .set(bearer(superadmin))
        .send({ testimonial_text: 'It works', client_name: 'Ana', client_company: 'Acme' });
      expect(add.status).toBe(201);
      expect(add.body).toMatchObject({
        message: 'Testimonial created successfully',
        data: { rating: 5, testimonial_text: 'It works', client_name: 'Ana', client_company: 'Acme', client_position: null, client_avatar_url: null },
      });
      const id = add.body.data.id;
      const put = await t.http().put(`/api/cms/admin/testimonials/${id}`).set(bearer(superadmin)).send({ rating: 4 });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ message: 'Testimonial updated successfully', data: { rating: 4, client_name: 'Ana' } });
      const got = await t.http().get(`${PAGES}/${page.id}`).set(bearer(superadmin));
      expect(got.body.data.testimonials).toEqual([put.body.data]);
      const del = await t.http().delete(`/api/cms/admin/testimonials/${id}`).set(bearer(superadmin));
      expect(del.body).toEqual({ success: true, data: null, message: 'Testimonial deleted successfully' });
      expect((await t.http().delete(`/api/cms/admin/testimonials/${id}`).set(bearer(superadmin))).status).toBe(404);
    });

    it.each([
      [{ rating: 6 }, 'rating', 'Rating must be at most 5'],
      [{ rating: 0 }, 'rating', 'Rating must be at least 1'],
      [{ client_name: '' }, 'client_name', 'Client name is required'],
      [{ testimonial_text: undefined }, 'testimonial_text', 'Testimonial text is required'],
      [{ client_avatar_url: 'data:image/png;base64,xx' }, 'client_avatar_url', expect.stringMatching(/^Client avatar URL must be an http\(s\) URL/)],
    ])('refuses %j naming %s', async (override, field, message) => {
      const page = await createPage();
      const res = await t
        .http()
        .post(`${PAGES}/${page.id}/testimonials`)
        .set(bearer(superadmin))
        .send({ testimonial_text: 'Fine', client_name: 'Bo', ...override });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    });

    it('an unknown testimonial or page is 404', async () => {
      const res = await t.http().put('/api/cms/admin/testimonials/99999999').set(bearer(superadmin)).send({ rating: 3 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Testimonial not found');
      const page = await t
        .http()
        .post(`${PAGES}/99999999/testimonials`)
        .set(bearer(superadmin))
        .send({ testimonial_text: 'x', client_name: 'y' });
      expect(page.status).toBe(404);
    });
  });

  describe('activation', () => {
    it('activating one page deactivates the others; the public read and / follow at once', async () => {
      const a = await createPage({ hero_title: 'Page A', seo_title: 'SEO A' });
      const b = await createPage({ hero_title: 'Page B', seo_title: 'SEO B' });
      await t.http().post(`${PAGES}/${b.id}/features`).set(bearer(superadmin)).send({ title: 'Second', order_index: 2 });
      await t.http().post(`${PAGES}/${b.id}/features`).set(bearer(superadmin)).send({ title: 'First', order_index: 1 });

      const res = await activate(a.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Landing page activated successfully', data: { id: a.id, is_active: true } });
      expect((await t.http().get('/api/cms/landing-page')).body.data.hero_title).toBe('Page A');
      expect((await t.http().get('/')).text).toContain('<title>SEO A</title>');

      const put = await t.http().put(`${PAGES}/${b.id}`).set(bearer(superadmin)).send({ is_active: true });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ message: 'Page updated successfully', data: { id: b.id, is_active: true } });
      expect(await activeCount()).toBe(1);
      const pub = (await t.http().get('/api/cms/landing-page')).body.data;
      expect(pub.hero_title).toBe('Page B');
      expect(pub.features.map((f: any) => f.title)).toEqual(['First', 'Second']);
      expect((await t.http().get(`${PAGES}/${a.id}`).set(bearer(superadmin))).body.data.is_active).toBe(false);
      expect((await t.http().get('/')).text).toContain('<title>SEO B</title>');

      // editing the active page shows on the next read (the cache is invalidated by the write)
      await t.http().put(`${PAGES}/${b.id}`).set(bearer(superadmin)).send({ hero_title: 'Page B, edited', seo_description: 'Edited' });
      expect((await t.http().get('/api/cms/landing-page')).body.data.hero_title).toBe('Page B, edited');
      expect((await t.http().get('/')).text).toContain('<meta name="description" content="Edited" />');
    });

    it('exactly one page stays active under 20 concurrent activations', async () => {
      const pages = [];
      for (let i = 0; i < 20; i++) pages.push(await createPage({ hero_title: `Concurrent ${i}` }));
      for (let round = 0; round < 2; round++) {
        const results = await Promise.all(
          pages.map((p, i) =>
            i % 2 === 0
              ? activate(p.id)
              : t.http().put(`${PAGES}/${p.id}`).set(bearer(superadmin)).send({ is_active: true, hero_subtitle: `round ${round}` }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(pages.map(() => 200));
        expect(await activeCount()).toBe(1);
        const active = await t.em().findOneOrFail(LandingPage, { is_active: true });
        expect(pages.map((p) => p.id)).toContain(active.id);
        expect((await t.http().get('/api/cms/landing-page')).body.data.id).toBe(active.id);
      }
    });

    it('the database itself refuses a second active page', async () => {
      const page = await createPage();
      await expect(t.em().nativeUpdate(LandingPage, { id: page.id }, { is_active: true })).rejects.toThrow(/landing_pages_one_active/);
    });

    it('with no active page the public read is 404 and / serves the built-in head', async () => {
      const active = await t.em().findOneOrFail(LandingPage, { is_active: true });
      const off = await t.http().put(`${PAGES}/${active.id}`).set(bearer(superadmin)).send({ is_active: false });
      expect(off.status).toBe(200);
      expect(off.body.data.is_active).toBe(false);
      expect(await activeCount()).toBe(0);

      const res = await t.http().get('/api/cms/landing-page');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'No active landing page' });
      const html = (await t.http().get('/')).text;
      expect(html).toContain('<title>HR Platform - Manage your workforce in one place</title>');
      expect(html).toContain('"price":"29","priceCurrency":"USD"');

      expect((await activate(active.id)).status).toBe(200);
      expect((await t.http().get('/api/cms/landing-page')).status).toBe(200);
    });
  });

  describe('server-rendered head', () => {
    it('escapes the content (no tag or attribute can be injected)', async () => {
      const evil = `Best "HR" </title><script>alert('x')</script> & more`;
      const page = await createPage({
        seo_title: evil,
        seo_description: 'Say "hi" <b>',
        seo_keywords: 'a, b',
        footer_company_name: '</script><script>alert(1)</script>',
        og_image_url: 'https://cdn.example.com/og.png?a=1&b=2',
      });
      expect((await activate(page.id)).status).toBe(200);
      const html = (await t.http().get('/')).text;
      expect(html).toContain(
        '<title>Best &quot;HR&quot; &lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more</title>',
      );
      expect(html).toContain('<meta name="description" content="Say &quot;hi&quot; &lt;b&gt;" />');
      expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/og.png?a=1&amp;b=2" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).not.toContain('<script>alert');
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)!;
      expect(JSON.parse(ld[1])).toMatchObject({ name: '</script><script>alert(1)</script>', image: 'https://cdn.example.com/og.png?a=1&b=2' });
      // exactly one <title>: the template's own block was replaced
      expect(html.match(/<title>/g)).toHaveLength(1);
    });

    it('/free-trial gets a title of its own and the console routes their own page', async () => {
      const trial = await t.http().get('/free-trial');
      expect(trial.status).toBe(200);
      expect(trial.text).toMatch(/<title>Start your free trial - [^<]+<\/title>/);
      const login = await t.http().get('/login');
      expect(login.text).toContain('console');
    });
  });
});
