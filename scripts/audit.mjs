#!/usr/bin/env node
// `npm audit` of the production dependencies: fails on a high or critical advisory. When the
// registry's advisory service cannot be reached (an offline mirror, a closed network) it says so
// and does not fail, since nothing was checked.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
if (report.error || !report.metadata) {
  const reason = report.error?.summary || report.message || 'no answer';
  console.warn(`npm audit: the advisory service could not be reached (${reason}); production dependencies NOT checked`);
  process.exit(0);
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
