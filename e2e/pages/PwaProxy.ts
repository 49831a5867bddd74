import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through HTTP proxy in front of the test server, on its own port (so its own origin),
 * that can serve a new version of the service worker script. Chromium fetches that script
 * itself, outside the reach of Playwright's request routing, so an update has to come from a
 * server: this one, without touching the shared build.
 */
export class PwaProxy {
  /** text appended to /sw.js (a new version of the worker), or null for the server's own */
  workerSuffix: string | null = null;
  private server: http.Server | null = null;

  constructor(private readonly target: string) {}

  async start(): Promise<string> {
    const target = new URL(this.target);
    this.server = http.createServer((req, res) => {
      const rewrite = req.url === '/sw.js' && this.workerSuffix !== null;
      const headers = { ...req.headers, host: target.host };
      if (rewrite) {
        // the whole script is needed, not a 304
        delete headers['if-none-match'];
        delete headers['if-modified-since'];
      }
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
        (answer) => {
          if (rewrite && answer.statusCode === 200) {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => {
              const body = Buffer.concat([...chunks, Buffer.from(this.workerSuffix ?? '')]);
              const headers = { ...answer.headers, 'content-length': String(body.length) };
              delete headers.etag;
              delete headers['last-modified'];
              res.writeHead(200, headers).end(body);
            });
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
}
