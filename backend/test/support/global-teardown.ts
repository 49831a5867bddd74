import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as any).__embeddedTestDb;
  if (!embedded) return;
  await embedded.pg.stop();
  rmSync(embedded.dir, { recursive: true, force: true });
}
