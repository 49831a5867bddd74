import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { consoleSchema } from './src/schema/vite-plugin';

const THEME_COLOR = '#2563eb';
/** where `vite` / `vite preview` send /api (the backend's default port) */
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * A .br and a .gz beside each script and style sheet the build writes: the server
 * sends them to browsers that accept them (backend/src/bootstrap/static-site.ts, preCompressed),
 * compressed once here at the highest levels instead of per request.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const file of Object.keys(bundle)) {
      if (!/\.(js|css|svg|webmanifest)$/.test(file)) continue;
      const path = join(options.dir!, file);
      const data = readFileSync(path);
      if (data.length < 1024) continue;
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    }
  },
});

/**
 * Chunks (build.rolldownOptions.output.codeSplitting). Left to itself the bundler cut the entry's
 * code into 23 files and each screen's into 10 to 46 (one per set of screens sharing a module), and
 * a browser fetches six at a time from one HTTP/1.1 origin: a cold /dashboard was 78 requests in
 * rounds. Now the entry's static imports are one file with it (its size unchanged), the libraries
 * two or more screens share one file, and the charts one file for the screens that draw them.
 */
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  {
    name: 'charts',
    test: /node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|decimal\.js-light|es-toolkit|@reduxjs|redux|redux-thunk|immer|reselect|react-redux|eventemitter3|tiny-invariant)[\\/]/,
    priority: 2,
  },
  { name: 'ui', test: /node_modules[\\/]/, minShareCount: 2, priority: 1 },
];

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    consoleSchema(),
    precompress(),
    VitePWA({
      registerType: 'prompt',
      // src/pwa/registerServiceWorker.ts registers /sw.js itself (spec 4: reload on update, SKIP_WAITING relay)
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/dashboard',
        name: 'HR Platform',
        short_name: 'HR',
        description: 'Enterprise Resource Planning Platform',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        lang: 'en',
        dir: 'ltr',
        categories: ['business', 'productivity'],
        // admin/scripts/make-icons.mjs; the mark stays inside the maskable safe zone
        icons: [
          ...[48, 72, 96, 144, 192, 256, 384, 512].map((size) => ({
            src: `/icons/icon-${size}.png`,
            sizes: `${size}x${size}`,
            type: 'image/png',
            purpose: 'any',
          })),
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // the first visit is controlled at once (offline from then on); registerServiceWorker.ts reloads only on updates
        clientsClaim: true,
        // Background Sync of the writes queued offline (src/pwa/offlineQueue.ts)
        importScripts: ['/offline-sync-sw.js'],
        navigateFallback: '/index.html',
        // /api/* is the API, / and /free-trial belong to the landing app served at the same origin
        navigateFallbackDenylist: [/^\/api\//, /^\/$/, /^\/free-trial/],
        // without this the precache answers "/" with the admin's index.html (directory index), hiding the landing page
        directoryIndex: null,
        cleanupOutdatedCaches: true,
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // published beside the bundles (not precached): readable stack traces, and Lighthouse's valid-source-maps check;
    // without the sources' text a map is a quarter of the size, which Lighthouse must read within 1.5 s
    sourcemap: true,
    rolldownOptions: { output: { sourcemapExcludeSources: true, codeSplitting: { groups: CHUNK_GROUPS } } },
    // react-admin + MUI core and the entry's own modules are ~875 kB (~270 kB gzip) in the entry chunk; screens are lazy chunks
    chunkSizeWarningLimit: 900,
  },
});
