import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CmsService } from '../modules/cms/cms.service';
import { injectSeoHead, renderSeoHead, type LandingRoute } from '../modules/cms/landing-seo';

export const ADMIN_DIST = resolve(__dirname, '../../../admin/dist');
export const LANDING_DIST = resolve(__dirname, '../../../landing/dist');

/** Routes of the console (spec route table); every other non-API path redirects to `/`. */
export const ADMIN_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/accept-invitation',
  '/start',
  '/platform-warning',
  '/pwa-install',
  '/dashboard',
  '/companies',
  '/companies/*',
  '/packages',
  '/packages/*',
  '/admin/*',
  '/analytics',
  '/billing',
  '/hr/*',
  '/settings',
  '/settings/*',
];
export const LANDING_ROUTES: LandingRoute[] = ['/', '/free-trial'];

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };

/**
 * One origin serves everything: `/api/*` the API, `/` and `/free-trial` the landing site, the
 * console's routes its single-page app. Hashed assets are cached for a year. The landing HTML
 * carries the active CMS page's title, meta tags and structured data, rendered per request, so
 * crawlers without JavaScript see them. The console's scripts and style sheets go out compressed
 * (brotli or gzip, compressed at build time).
 */
export async function serveStaticSite(
  app: NestFastifyApplication,
  dist: { admin: string; landing: string } = { admin: ADMIN_DIST, landing: LANDING_DIST },
): Promise<void> {
  const adminIndex = join(dist.admin, 'index.html');
  const landingIndex = join(dist.landing, 'index.html');
  if (!existsSync(adminIndex) || !existsSync(landingIndex)) {
    throw new Error(`The front ends are not built (looked for ${adminIndex} and ${landingIndex}): run npm run build`);
  }
  const adminHtml = readFileSync(adminIndex, 'utf8');
  const landingHtml = readFileSync(landingIndex, 'utf8');
  const fastify = app.getHttpAdapter().getInstance();
  // @fastify/static hands over the reply
  const setHeaders = (reply: { header(k: string, v: string): void }, path: string) => {
    if (/[\\/](assets|landing-assets)[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    else reply.header('cache-control', 'no-cache');
  };
  await app.register(fastifyStatic as any, {
    root: dist.admin,
    prefix: '/',
    wildcard: false,
    index: false,
    // the console's build writes a .br and a .gz beside each script and style sheet (admin/vite.config.ts):
    // sent as they are to a browser that accepts them (Vary: accept-encoding), the file itself otherwise
    preCompressed: true,
    setHeaders,
  });
  if (existsSync(join(dist.landing, 'landing-assets'))) {
    await app.register(fastifyStatic as any, {
      root: join(dist.landing, 'landing-assets'),
      prefix: '/landing-assets/',
      wildcard: false,
      decorateReply: false,
      setHeaders,
    });
  }
  const renderLanding = landingRenderer(app, landingHtml);
  for (const route of LANDING_ROUTES) {
    fastify.get(route, async (_req, reply) => reply.headers(HTML_HEADERS).send(await renderLanding(route)));
  }
  for (const route of ADMIN_ROUTES) fastify.get(route, (_req, reply) => reply.headers(HTML_HEADERS).send(adminHtml));
}

/** The landing HTML with the active page's head; the built-in defaults when the content cannot be read. */
function landingRenderer(app: NestFastifyApplication, template: string) {
  const logger = new Logger('StaticSite');
  let cms: CmsService | undefined;
  try {
    cms = app.get(CmsService, { strict: false });
  } catch {
    cms = undefined;
  }
  return async (route: LandingRoute): Promise<string> => {
    if (!cms) return template;
    try {
      return injectSeoHead(template, renderSeoHead(await cms.activePage(), route));
    } catch (e) {
      logger.warn(`landing page content unavailable, serving the defaults: ${(e as Error).message}`);
      return template;
    }
  };
}
