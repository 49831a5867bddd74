import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A fresh folder in the temporary directory; during the API tests os.tmpdir() is the run's own
 * folder (global-setup.ts), which the global teardown requires to be empty again.
 */
export function tempDir(prefix = 'hr-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
