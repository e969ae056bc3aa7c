import { appendFileSync, mkdirSync } from 'node:fs';
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

  /**
   * Over SMTP, resolves once the server took the message. Into the outbox, the
   * line is written before this returns (a local append of a few hundred bytes),
   * so a caller that does not wait for the promise still finds the mail there
   * as soon as it answers.
   */
  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.options.from, ...mail });
      return;
    }
    this.logger.info(
      { to: mail.to, subject: mail.subject, outbox: this.options.outboxFile },
      `mail (no SMTP_URL): ${mail.text}`,
    );
    mkdirSync(dirname(this.options.outboxFile), { recursive: true });
    appendFileSync(this.options.outboxFile, `${JSON.stringify({ at: new Date().toISOString(), ...mail })}\n`);
  }
}
