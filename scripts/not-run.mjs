// A check that cannot run on this machine (no advisory service, no Docker engine) says so. Outside
// CI it is skipped with its reason. In CI it is recorded as NOT RUN: a line "<check>: <reason>"
// appended to the file CI_NOT_RUN_FILE names, which .ci/run prints in its last lines, never among
// the passes; CI without such a file has nowhere to list it, so the check fails there instead.
// `notRun(check, reason)` returns the exit code the check should end with.
import { appendFileSync } from 'node:fs';

export function notRun(check, reason) {
  const line = `${check}: ${reason}`.replace(/\s+/g, ' ');
  if (process.env.CI !== 'true') {
    console.warn(`${check} skipped: ${reason}`);
    return 0;
  }
  const file = process.env.CI_NOT_RUN_FILE;
  if (!file) {
    console.error(`${check} could not run: ${reason} (in CI a check that cannot run fails unless CI_NOT_RUN_FILE lists it as NOT RUN)`);
    return 1;
  }
  appendFileSync(file, `${line}\n`);
  console.warn(`${check} NOT RUN: ${reason}`);
  return 0;
}

// as a command, for the shell scripts: node scripts/not-run.mjs <check> <reason>
if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(notRun(process.argv[2], process.argv.slice(3).join(' ')));
}
