import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The landing site serves `/` and `/free-trial`. In production the backend serves
// landing/dist next to the admin build on one origin, so the landing assets live under
// their own folder (`/landing-assets/...`) and never collide with the admin's `/assets/...`.
export default defineConfig({
  base: '/',
  plugins: [react()],
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
