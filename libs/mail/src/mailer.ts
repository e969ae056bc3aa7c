import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it (local runs, tests) the
 * message goes to the log and is appended to the outbox file, one JSON line each.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly options: { smtpUrl?: string; from: string; outboxFile: string },
    private readonly logger: Logger,
  ) {
    this.transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  }

  get outboxFile(): string | null {
    return this.transport ? null : this.options.outboxFile;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.options.from, ...mail });
      return;
    }
    this.logger.info(
      { to: mail.to, subject: mail.subject, outbox: this.options.outboxFile },
      `mail (no SMTP_URL): ${mail.text}`,
    );
    await mkdir(dirname(this.options.outboxFile), { recursive: true });
    await appendFile(this.options.outboxFile, `${JSON.stringify({ at: new Date().toISOString(), ...mail })}\n`);
  }
}
