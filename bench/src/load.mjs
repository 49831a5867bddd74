// Load: a steady request rate (latency under a given load), and autocannon as fast as possible
// (throughput).
//
// autocannon's own rate limit (overallRate) lets every connection send its share of a second's
// requests back to back as soon as the second starts and then pause: the server sees a burst of
// the whole second's requests, and the latencies are those of a saturated server. A steady rate is
// therefore paced here: request i is due at start + i / rate whatever happened to the others (open
// loop), and its latency counts from that due time, so time spent waiting for a free connection
// is not hidden (no coordinated omission).
import http from 'node:http';
import { benchRequire } from './env.mjs';
import { percentile } from './stats.mjs';

const autocannon = benchRequire('autocannon');

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Keep-alive client connections, to share between a warm-up and the run it prepares. */
export const keepAliveAgent = (connections = 64) => new http.Agent({ keepAlive: true, maxSockets: connections });

/**
 * `rate` requests per second for `seconds`, evenly spaced, over up to `connections` keep-alive
 * connections (those of `agent` when given: it is left open for the next run).
 */
export async function fixedRate(url, { rate, seconds, headers = {}, connections = 64, timeoutMs = 10_000, agent: shared }) {
  const agent = shared ?? keepAliveAgent(connections);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const pending = [];
  const one = (due) =>
    new Promise((resolve) => {
      const req = http.get(url, { agent, headers, timeout: timeoutMs }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  // every millisecond or so, send what has fallen due (no busy wait: the client must not take a
  // core from the server it measures); a late timer shows in the latency, which counts from due
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && started + (next * 1000) / rate <= now) {
      pending.push(one(started + (next * 1000) / rate));
      next++;
    }
    if (next < total) await new Promise((r) => setTimeout(r, Math.max(0, started + (next * 1000) / rate - performance.now())));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  if (!shared) agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    errors: errors + non2xx,
    non2xx,
  };
}

/** As many requests as `connections` keep-alive clients can get through in `seconds` (autocannon). */
export async function maxThroughput(url, { seconds, headers = {}, connections = 16 }) {
  const r = await run({ url, headers, connections, duration: seconds, timeout: 10 });
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + r.non2xx,
    non2xx: r.non2xx,
  };
}
