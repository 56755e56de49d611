import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface CaughtMail {
  readonly envelopeTo: readonly string[];
  readonly parsed: ParsedMail;
}

export interface MailCatcher {
  readonly port: number;
  readonly mails: CaughtMail[];
  /** Resolves with the first mail (already caught or still to come) that matches. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** Lets the process exit while the server still listens (a test runner's main process). */
  unref(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps every message it accepts, parsed with
 * mailparser. `options` can require authentication or refuse recipients. `onMail` sees each
 * message once the server has it and before the client is told (250); the reply waits for the
 * promise it returns (a slow server).
 */
export async function startMailCatcher(options: Partial<SMTPServerOptions> & { onMail?: (mail: CaughtMail, raw: Buffer) => void | Promise<void> } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const { onMail, ...serverOptions } = options;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...serverOptions,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const mail = { envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed };
            mails.push(mail);
            const hook = onMail?.(mail, raw);
            for (const wake of waiters) wake();
            if (hook) hook.then(() => callback(), (error: Error) => callback(error));
            else callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // smtp-server reports a client's broken connection (a sender killed mid-message, as the
  // outbox process tests do on purpose) as an 'error' on the server: expected here, and without
  // a listener it would be an uncaught exception in the test run.
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn(`mail catcher: ${error.message}`);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    port,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (caught ${mails.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    unref: () => void server.server.unref(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
