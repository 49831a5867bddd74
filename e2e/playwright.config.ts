import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Drives the real production build: the backend serves /api, the built landing and the built
// admin on one origin, on a fresh embedded PostgreSQL that it seeds on first start.
// Build first: `npm run build` at the repository root.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The config is evaluated by the runner and again in every worker: create the data
// directory once (in the runner) and hand it down through the environment.
function createDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  // Removed when the runner exits, after the web server has been stopped.
  // E2E_KEEP_DATA=1 keeps it to look at the database after a failure.
  process.on('exit', () => {
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
const DATA_DIR = process.env.E2E_DATA_DIR ?? createDataDir();

// The server must run on the embedded database under DATA_DIR, never on a configured server.
delete process.env.DATABASE_URL;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // each test walks a whole flow through several screens, 20–40 s on a busy 2-core machine; in CI
  // the API tests on PostgreSQL still run beside the first ones
  timeout: process.env.CI ? 90_000 : 60_000,
  // a screen's answer, under the same load, can take longer than the default 5 s to show
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // the list as it runs; and the flaky tests (failed, then passed on the retry) written to
  // E2E_FLAKY_FILE (test-results/flaky.txt by default), one full title a line, empty when none
  reporter: [['list'], ['./reporters/flaky-list.ts']],
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node ../backend/dist/main.js',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR,
      JWT_SECRET: 'e2e-secret-at-least-32-characters-long',
    },
  },
});
