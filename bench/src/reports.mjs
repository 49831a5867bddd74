// The company reports of the big company: each report (and each of its groupings) the way the
// console asks for it, with its default period (a year up to today), timed request after request.
import { expectStatus, request } from './http.mjs';
import { percentile } from './stats.mjs';

/** Every report of the catalogue with each of its groupings, as `id` or `id?group_by=…`. */
export async function reportCases(base, headers) {
  const res = await expectStatus(request(`${base}/api/reports`, { headers }), 200, 'report catalogue');
  return res.json().data.flatMap((r) =>
    r.group_by_options.length ? r.group_by_options.map((g) => `${r.id}?group_by=${g.id}`) : [r.id],
  );
}

/** `n` timed requests of one report after `warmup` unmeasured ones: p50, p90, max and its row count. */
export async function measureReport(base, headers, path, { n = 10, warmup = 2 } = {}) {
  let rows = 0;
  const once = async () => {
    const res = await expectStatus(request(`${base}/api/reports/${path}`, { headers }), 200, `report ${path}`);
    rows = res.json().data.total_rows;
    return res.ms;
  };
  for (let i = 0; i < warmup; i++) await once();
  const samples = [];
  for (let i = 0; i < n; i++) samples.push(await once());
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p90: percentile(samples, 90), max: samples[samples.length - 1], rows };
}

/** The largest export: every employee's balance of every leave type as XLSX, written as it is read. */
export async function measureExport(base, headers) {
  const res = await expectStatus(
    request(`${base}/api/reports/leave-balances/export?group_by=employee&format=xlsx`, { headers }),
    200,
    'leave balances export',
  );
  return { ms: res.ms, type: res.headers['content-type'], bytes: res.bytes };
}
