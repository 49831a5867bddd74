import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/**
 * Outgoing e-mail: through SMTP_URL when set; otherwise a development mailbox, where each
 * message is written to MAIL_DIR as `<time>-<id>.eml` (open it in any mail client) and `.json`.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl
      ? createTransport(config.smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    if (this.config.smtpUrl) return;
    const dir = this.config.mailDir;
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(info.messageId).replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`;
    await writeFile(join(dir, `${name}.eml`), info.message as Buffer, { mode: 0o600 });
    await writeFile(
      join(dir, `${name}.json`),
      JSON.stringify(
        {
          from: this.config.mailFrom,
          ...mail,
          // the files are in the .eml; here their names and sizes
          attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length })),
          date: new Date().toISOString(),
        },
        null,
        2,
      ),
      { mode: 0o600 },
    );
    this.logger.log(`mail to ${mail.to} written to ${join(dir, `${name}.eml`)}`);
  }

  /** Sends without making the caller wait (or learn whether it worked); failures are logged. */
  sendInBackground(mail: OutgoingMail): void {
    this.send(mail).catch((e: unknown) => this.logger.error(`could not send "${mail.subject}" to ${mail.to}: ${(e as Error).message}`));
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
