// autocannon: a fixed request rate (latency under a steady load) or as fast as possible (throughput).
import { benchRequire } from './env.mjs';

const autocannon = benchRequire('autocannon');

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** `rate` requests per second for `seconds` over enough connections that none waits on another. */
export async function fixedRate(url, { rate, seconds, headers = {}, connections = 64 }) {
  const r = await run({ url, headers, connections, overallRate: rate, duration: seconds, timeout: 10 });
  return summarize(r);
}

/** As many requests as `connections` keep-alive clients can get through in `seconds`. */
export async function maxThroughput(url, { seconds, headers = {}, connections = 16 }) {
  const r = await run({ url, headers, connections, duration: seconds, timeout: 10 });
  return summarize(r);
}

function summarize(r) {
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
