import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startMailCatcher } from '@escrow/test-kit/mail-catcher';

/**
 * The browser tests' mailbox: a real SMTP server (started once, by playwright.config.ts in the
 * runner's main process) that the API under test sends its email to (SMTP_URL). Each message
 * is written as a JSON file, so the tests in the worker processes can read it.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export async function startE2eMailbox(dir: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const catcher = await startMailCatcher({
    onMail(mail) {
      count += 1;
      const received: ReceivedMail = { to: [...mail.envelopeTo], subject: mail.parsed.subject ?? '', text: mail.parsed.text ?? '' };
      writeFileSync(join(dir, `${Date.now()}-${String(count).padStart(5, '0')}.json`), JSON.stringify(received));
    },
  });
  catcher.unref();
  return catcher.port;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (see playwright.config.ts)');
  return dir;
}

/** Waits for a mail to `to` whose subject matches, newest first; fails after `timeoutMs`. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(mailDir()).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(readFileSync(join(mailDir(), file), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to) && subject.test(mail.subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code of the newest reset-code email to `to`. */
export async function resetCodeFor(to: string): Promise<string> {
  const mail = await waitForMail(to, /password reset code/);
  const code = /reset code is: (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`the reset mail to ${to} holds no code: ${mail.text}`);
  return code;
}
