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
  // the compile cache of child processes started with @swc-node/register is no test's folder
  const left = readdirSync(run.root).filter((name) => !name.startsWith('swc-node-'));
  rmSync(run.root, { recursive: true, force: true });
  if (left.length) {
    throw new Error(`the tests left ${left.join(', ')} in the temporary folder: remove each where the test makes it`);
  }
}
