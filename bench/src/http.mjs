// A minimal HTTP client on one keep-alive connection, so a sequential timing is the server's time
// plus one loopback round trip, without a client library's own overhead.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * `request(url, { method, headers, body, timeoutMs })` → { status, headers, text, bytes, json(), ms }.
 * `fresh` opens a new connection (used while waiting for a server to start).
 */
export function request(url, { method = 'GET', headers = {}, body, timeoutMs = 120_000, fresh = false } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const started = process.hrtime.bigint();
    const req = http.request(
      url,
      {
        method,
        agent: fresh ? false : agent,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          resolve({ status: res.statusCode, headers: res.headers, text, bytes: raw.length, ms, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Fails with the answer's message when the status is not the expected one. */
export async function expectStatus(promise, expected, what) {
  const res = await promise;
  const ok = Array.isArray(expected) ? expected.includes(res.status) : res.status === expected;
  if (!ok) throw new Error(`${what}: answered ${res.status} ${res.text.slice(0, 500)}`);
  return res;
}

export function closeConnections() {
  agent.destroy();
}
