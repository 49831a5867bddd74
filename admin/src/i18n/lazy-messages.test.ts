import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../providers/i18nProvider';
import { messages as firstDownload } from './en';

/**
 * Texts that load with the screens showing them (addMessages) instead of the console's first
 * download: every file that shows a key of such a namespace imports the namespace's messages
 * itself, so the texts are registered whichever screen loads the file first (the employee home
 * shows leave, attendance and payroll pieces before their own screens have loaded).
 */
const LAZY: Record<string, string> = {
  leave: 'screens/leave/messages.en',
  attendance: 'screens/attendance/messages.en',
  payroll: 'screens/payroll/messages.en',
  monitoring: 'screens/operational-monitoring/messages.en',
  companies: 'screens/companies/messages.en',
  settings: 'screens/settings/screen.messages.en',
};

const SRC = join(__dirname, '..');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/messages\.en\.ts$/.test(file))
  .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));

/** The literal keys of a namespace a file passes to translate (`'leave.status.pending'`, `` `leave.tabs.${tab}` ``). */
const keysOf = (text: string, namespace: string) => [...text.matchAll(new RegExp(`['\`"](${namespace}\\.[a-z_][\\w.]*)(\\$\\{)?`, 'g'))];

/** Whether a key (or, for a key completed at run time, its fixed part) is among the texts of the first download (the menu's role names). */
const inFirstDownload = (key: string) => {
  let node: unknown = firstDownload;
  for (const part of key.replace(/\.$/, '').split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node !== undefined;
};

describe('texts registered with their screens', () => {
  for (const [namespace, messages] of Object.entries(LAZY)) {
    it(`every file showing ${namespace}.* texts imports them`, () => {
      const users = sources.filter(({ text }) => keysOf(text, namespace).some(([, key]) => !inFirstDownload(key)));
      expect(users.length).toBeGreaterThan(0);
      const missing = users
        .filter(({ file, text }) => {
          let path = relative(dirname(join(SRC, file)), join(SRC, messages));
          if (!path.startsWith('.')) path = `./${path}`;
          return !text.includes(`import '${path}';`);
        })
        .map(({ file }) => file);
      expect(missing).toEqual([]);
    });
  }

  it('every whole key a file shows exists once its texts are loaded', async () => {
    for (const messages of Object.values(LAZY)) await import(/* @vite-ignore */ `../${messages}`);
    const unknown: string[] = [];
    for (const namespace of Object.keys(LAZY)) {
      for (const { file, text } of sources) {
        for (const [, key, dynamic] of keysOf(text, namespace)) {
          // a key completed at run time (`leave.tabs.${tab}`) or a prefix of one is not whole
          if (dynamic || key.endsWith('.')) continue;
          if (i18nProvider.translate(key) === key) unknown.push(`${file}: ${key}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe("the schema layer's labels", () => {
  it('are registered with the label lookup', async () => {
    expect(i18nProvider.translate('resources.kpi/kpis.fields.data_source_type')).toBe('resources.kpi/kpis.fields.data_source_type');
    await import('../schema/labels');
    expect(i18nProvider.translate('resources.kpi/kpis.fields.data_source_type')).toBe('Data Source');
    expect(i18nProvider.translate('resources.hr/shifts.fields.shift_name', { _: 'fallback' })).not.toBe('fallback');
  });
});
