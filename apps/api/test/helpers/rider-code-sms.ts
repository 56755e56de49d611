import { existsSync, readFileSync } from 'node:fs';
import type { Database } from '@escrow/db-kysely';
import type { Kysely } from 'kysely';

/**
 * Where a test's SMS can be read today: the outbox rows (a world without a dispatcher keeps
 * their text), or the console notifier's file (NOTIFY_CONSOLE_FILE, when a dispatcher sends
 * them and the outbox keeps no code once delivered).
 */
export interface SmsSource {
  readonly db: Kysely<Database>;
  readonly consoleFile?: string;
}

const CODE = /rider code is (\d{6})/;

/** A message the console notifier sent, as its file says it (adapters/notify-console: one line each). */
export interface ConsoleMessage {
  readonly channel: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** Every message in the console notifier's file (NOTIFY_CONSOLE_FILE), oldest first; none when there is no file yet. */
export function consoleNotifierMessages(file: string): ConsoleMessage[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^\[notify:(\w+)\] to=(\S+) subject=("(?:[^"\\]|\\.)*") body=(".*")$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, channel = '', to = '', subject = '""', body = '""']) => ({ channel, to, subject: JSON.parse(subject) as string, body: JSON.parse(body) as string }));
}

function codesInConsoleFile(file: string, phone: string): string[] {
  return consoleNotifierMessages(file)
    .filter((message) => message.channel === 'sms' && message.to === phone)
    .map((message) => CODE.exec(message.body)?.[1])
    .filter((code): code is string => code !== undefined);
}

async function codesInOutbox(db: Kysely<Database>, phone: string): Promise<string[]> {
  const rows = await db.selectFrom('outbox').select(['payload']).orderBy('seq').execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { channel?: string; to?: string; body?: string })
    .filter((p) => p.channel === 'sms' && p.to === phone)
    .map((p) => CODE.exec(p.body ?? '')?.[1])
    .filter((code): code is string => code !== undefined);
}

/**
 * The code of the `nth` rider-code SMS sent to `phone` (1 = the first; default: the first),
 * read the way the rider would read it: from the message. Waits up to `timeoutMs` for it.
 * The one place to change when an SMS simulator with a phone page exists (issue 16, part 1).
 */
export async function readRiderCodeSms(source: SmsSource, phone: string, nth = 1, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = source.consoleFile ? codesInConsoleFile(source.consoleFile, phone) : await codesInOutbox(source.db, phone);
    const code = codes[nth - 1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`no rider code SMS number ${nth} to ${phone} within ${timeoutMs} ms (found ${codes.length})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every rider-code SMS sent to `phone` so far, oldest first (to prove none was sent). */
export async function riderCodeSmsCount(source: SmsSource, phone: string): Promise<number> {
  return (source.consoleFile ? codesInConsoleFile(source.consoleFile, phone) : await codesInOutbox(source.db, phone)).length;
}

/** The `rider_proof` cookie a response set, as a Cookie header value; undefined when none. */
export function riderProofCookie(headers: Headers): string | undefined {
  const set = headers.getSetCookie().find((c) => c.startsWith('rider_proof='));
  const value = set?.split(';')[0];
  return value && value !== 'rider_proof=' ? value : undefined;
}
