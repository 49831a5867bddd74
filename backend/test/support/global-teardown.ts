import { readdirSync, rmSync } from 'node:fs';
import type { TestRun } from './global-setup';

/** Stops the embedded database and removes the run's temporary folder, failing when a test left something in it. */
export default async function globalTeardown(): Promise<void> {
  const run = (globalThis as any).__testRun as TestRun | undefined;
  if (!run) return;
  if (run.previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = run.previousTmpdir;
  if (run.embedded) {
    await run.embedded.pg.stop();
    rmSync(run.embedded.dir, { recursive: true, force: true });
  }
  // compile caches are no test's folder: those of child processes started with @swc-node/register,
  // and Node 22's module compile cache (os.tmpdir()/node-compile-cache, turned on by the npm it ships)
  const left = readdirSync(run.root).filter((name) => !name.startsWith('swc-node-') && name !== 'node-compile-cache');
  rmSync(run.root, { recursive: true, force: true });
  if (left.length) {
    throw new Error(`the tests left ${left.join(', ')} in the temporary folder: remove each where the test makes it`);
  }
}
