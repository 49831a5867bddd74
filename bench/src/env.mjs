// Paths and the packages the suite borrows from the backend workspace (the same driver and
// framework the product runs on), so the bench workspace needs no copies of its own.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_DIR = join(ROOT, 'bench');
export const backendRequire = createRequire(join(ROOT, 'backend/package.json'));
export const benchRequire = createRequire(join(BENCH_DIR, 'package.json'));

export const pg = backendRequire('pg');

/** A fixed signing key, so tokens of one server run stay valid for the next one. */
export const JWT_SECRET = 'bench-only-signing-key-0123456789-abcdefghij';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/hr_bench';

export function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}
