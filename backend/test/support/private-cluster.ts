import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin directory (Debian layout), or null when there is none. */
export function postgresBin(): string | null {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    return versions.length ? `/usr/lib/postgresql/${versions[0]}/bin` : null;
  } catch {
    return null;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A PostgreSQL cluster of its own, on a free port, that a test may stop and start at will
 * (never the shared server). Runs the server as the `postgres` system user when started as root.
 */
export class PrivateCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivateCluster> {
    const bin = postgresBin();
    if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
    const base = mkdtempSync(join(tmpdir(), 'hr-cluster-'));
    chmodSync(base, 0o777);
    const dir = join(base, 'data');
    const cluster = new PrivateCluster(bin, dir, await freePort());
    await cluster.pg('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dir, '-w', '-l', `${this.dir}.log`, '-o', `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  }

  /** Stops the server the way a crash does: no checkpoint, connections cut. */
  async crash(): Promise<void> {
    await this.pg('pg_ctl', ['-D', this.dir, '-w', '-m', 'immediate', 'stop']);
  }

  async destroy(): Promise<void> {
    try {
      execFileSync(this.command('pg_ctl')[0], [...this.command('pg_ctl').slice(1), '-D', this.dir, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    } catch {
      // already stopped
    }
    rmSync(join(this.dir, '..'), { recursive: true, force: true });
  }

  private command(tool: string): string[] {
    const path = join(this.bin, tool);
    return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', path] : [path];
  }

  private async pg(tool: string, args: string[]): Promise<void> {
    const [file, ...prefix] = this.command(tool);
    await run(file, [...prefix, ...args], { timeout: 60_000 });
  }
}
