/**
 * An embedded database (PGlite) of its own in a child process, for a test that needs a fresh one:
 * PGlite cannot start inside Jest's module sandbox. Prints the URL on its first line of output and
 * runs until its parent ends it (SIGTERM) or goes away.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

export interface EmbeddedProcess {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the child (in the parent, a Jest test) and resolves with its URL. */
export function startEmbeddedProcess(dataDir: string): Promise<EmbeddedProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', __filename, dataDir], {
    cwd: join(__dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the embedded database process ended (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line.startsWith('postgres://')) {
        resolve({
          url: line.trim(),
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
  });
}

async function main(dataDir: string) {
  const pg = await startEmbeddedPostgres(dataDir, 12);
  process.stdout.write(`${pg.url}\n`);
  const stop = () => void pg.stop().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
}

if (require.main === module) {
  main(process.argv[2]).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
