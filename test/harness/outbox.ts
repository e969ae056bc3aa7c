import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * The newest sign-in code e-mailed to `email`, read from a server's outbox file
 * (one JSON line per mail, written when there is no SMTP_URL); waits for it up
 * to `timeoutMs`.
 */
export async function latestOtpIn(outboxFile: string, email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(outboxFile)) {
      const mails = (await readFile(outboxFile, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string });
      const mine = mails.filter((m) => m.to.toLowerCase() === email.toLowerCase()).at(-1);
      const code = mine?.subject.match(/\d{6}/)?.[0];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no sign-in code was e-mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
