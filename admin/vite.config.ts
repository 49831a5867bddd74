import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { consoleSchema } from './src/schema/vite-plugin';

const THEME_COLOR = '#2563eb';
/** where `vite` / `vite preview` send /api (the backend's default port) */
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    consoleSchema(),
    VitePWA({
      registerType: 'prompt',
      // src/pwa/registerServiceWorker.ts registers /sw.js itself (spec 4: reload on update, SKIP_WAITING relay)
      injectRegister: false,
      filename: 'sw.js',
      scope: '/',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/dashboard',
        name: 'HR Management',
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
    rolldownOptions: { output: { sourcemapExcludeSources: true } },
    // react-admin + MUI core is ~750 kB (~235 kB gzip) in the entry chunk; screens are lazy chunks
    chunkSizeWarningLimit: 800,
  },
});
