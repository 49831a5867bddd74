import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Lists the tests that failed and then passed on a retry ("flaky"): CI keeps one retry, so such a
 * test leaves the run green, and this list is how it is still seen (and fixed).
 *
 * The file is E2E_FLAKY_FILE, or e2e/test-results/flaky.txt: one test a line, as the list reporter
 * names it ("tests/leave.spec.ts:12:3 › leave › an employee requests leave": the file from the
 * config's folder, line and column, the describes and the test), each line ending with a newline;
 * empty (0 bytes) when no test was flaky. It is written at the end of every run, so a file
 * left by an earlier run never stands for this one.
 */
export default class FlakyListReporter implements Reporter {
  private readonly flaky = new Map<string, string>();
  private root = process.cwd();

  onBegin(config: FullConfig) {
    if (config.configFile) this.root = path.dirname(config.configFile);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    // the outcome over every attempt so far: 'flaky' once a retry passed after a failure
    if (result.status === 'passed' && test.outcome() === 'flaky') this.flaky.set(test.id, this.fullTitle(test));
  }

  async onEnd(_result: FullResult) {
    const file = path.resolve(process.env.E2E_FLAKY_FILE || path.join(__dirname, '..', 'test-results', 'flaky.txt'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const lines = [...this.flaky.values()];
    fs.writeFileSync(file, lines.length ? `${lines.join('\n')}\n` : '');
  }

  printsToStdio() {
    return false;
  }

  /** "tests/leave.spec.ts:12:3 › leave › an employee requests leave". */
  private fullTitle(test: TestCase): string {
    const { file, line, column } = test.location;
    // the root, project and file suites' titles are left out: the file is named by its path
    const titles = test.titlePath().slice(3);
    return [`${path.relative(this.root, file).split(path.sep).join('/')}:${line}:${column}`, ...titles].join(' › ');
  }
}
