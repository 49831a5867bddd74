import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ADMIN_DIST = resolve(__dirname, '../../../admin/dist');
export const LANDING_DIST = resolve(__dirname, '../../../landing/dist');

/** Routes of the console (spec route table); every other non-API path redirects to `/`. */
export const ADMIN_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/platform-warning',
  '/pwa-install',
  '/dashboard',
  '/companies',
  '/companies/*',
  '/packages',
  '/packages/*',
  '/admin/*',
  '/analytics',
  '/hr/*',
  '/settings',
  '/settings/*',
];
export const LANDING_ROUTES = ['/', '/free-trial'];

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };

/**
 * One origin serves everything: `/api/*` the API, `/` and `/free-trial` the landing site, the
 * console's routes its single-page app. Hashed assets are cached for a year.
 */
export async function serveStaticSite(app: NestFastifyApplication): Promise<void> {
  const adminIndex = join(ADMIN_DIST, 'index.html');
  const landingIndex = join(LANDING_DIST, 'index.html');
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
    root: ADMIN_DIST,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders,
  });
  if (existsSync(join(LANDING_DIST, 'landing-assets'))) {
    await app.register(fastifyStatic as any, {
      root: join(LANDING_DIST, 'landing-assets'),
      prefix: '/landing-assets/',
      wildcard: false,
      decorateReply: false,
      setHeaders,
    });
  }
  for (const route of LANDING_ROUTES) fastify.get(route, (_req, reply) => reply.headers(HTML_HEADERS).send(landingHtml));
  for (const route of ADMIN_ROUTES) fastify.get(route, (_req, reply) => reply.headers(HTML_HEADERS).send(adminHtml));
}
