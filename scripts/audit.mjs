#!/usr/bin/env node
// `npm audit` of the production dependencies: fails on a high or critical advisory. When the
// registry's advisory service cannot be reached (an offline mirror or proxy that refuses its
// address, a closed network) nothing was checked: outside CI it says so and does not fail; in CI it
// is recorded as NOT RUN (scripts/not-run.mjs), never reported as passed. Any other answer that is
// not an audit (npm failing, output that is not its report) fails.
import { spawnSync } from 'node:child_process';
import { notRun } from './not-run.mjs';

const CHECK = 'npm audit of the production dependencies';
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout || '');
} catch {
  console.error(`npm audit: its output is not a report (exit ${run.status}): ${(run.stdout || run.stderr || 'no output').slice(0, 500)}`);
  process.exit(1);
}
if (!report.metadata) {
  // the advisory service did not answer: an HTTP status from its address, or a network error
  const network = /^(E[A-Z_]+)$/.test(String(report.code ?? report.error?.code ?? '')) ? String(report.code ?? report.error?.code) : null;
  const reason = report.message || report.error?.summary || network;
  if (report.statusCode || network || /request to .* failed|network|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNREFUSED/i.test(reason ?? '')) {
    process.exit(notRun(CHECK, `the advisory service could not be reached (${reason})`));
  }
  console.error(`npm audit: no report (exit ${run.status}): ${JSON.stringify(report).slice(0, 500)}`);
  process.exit(1);
}
const counts = report.metadata.vulnerabilities;
console.log(
  `npm audit (production dependencies): ${['critical', 'high', 'moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ')}`,
);
if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical') console.error(`  ${v.severity}: ${name} ${v.range}`);
  }
  process.exit(1);
}
