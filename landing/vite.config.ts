import { defineConfig } from 'vite';

// The landing site serves `/` and `/free-trial`. In production the backend serves
// landing/dist next to the admin build on one origin, so the landing assets live under
// their own folder (`/landing-assets/...`) and never collide with the admin's `/assets/...`.
//
// React's API is provided by Preact (preact/compat): React 19 alone is over the 60 KB gzip
// budget of `/`. Code imports from 'react' as usual; the aliases (and tsconfig paths) map it.
export default defineConfig({
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'landing-assets',
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
