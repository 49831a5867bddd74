import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The development mailbox of a test app (pass `dir` as its MAIL_DIR). Mails are sent after the
 * answer, so `mailsTo` waits until `count` have arrived (or about 5 s); a file still being
 * written is read on the next look. `remove()` deletes the folder (in the test's afterAll).
 */
export function devMailbox(prefix = 'hr-mail-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const read = (to: string): StoredMail[] =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f): StoredMail[] => {
        try {
          return [JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredMail];
        } catch {
          return [];
        }
      })
      .filter((m) => m.to === to);
  const mailsTo = async (to: string, count = 1): Promise<StoredMail[]> => {
    for (let i = 0; i < 100 && read(to).length < count; i++) await new Promise((r) => setTimeout(r, 50));
    return read(to);
  };
  const remove = () => rmSync(dir, { recursive: true, force: true });
  return { dir, read, mailsTo, remove };
}
