import { existsSync, readFileSync } from 'node:fs';

/**
 * The SMS a rider receives, read the way the rider reads them: from the message. Until the SMS
 * simulator with its phone page exists (issue 16, part 1), the API under test sends SMS through
 * the console notifier, which playwright.config.ts points at a file (NOTIFY_CONSOLE_FILE); these
 * two functions are the one place to change then.
 */
function notifierFile(): string {
  const file = process.env.E2E_NOTIFY_FILE;
  if (!file) throw new Error('E2E_NOTIFY_FILE is not set (see playwright.config.ts)');
  return file;
}

function riderCodesTo(phone: string): string[] {
  const file = notifierFile();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`[notify:sms] to=${phone} `))
    .map((line) => /rider code is (\d{6})/.exec(line)?.[1])
    .filter((code): code is string => code !== undefined);
}

/** How many rider-code SMS `phone` (E.164) has received so far. */
export function riderCodeSmsCount(phone: string): number {
  return riderCodesTo(phone).length;
}

/** The code in the `nth` rider-code SMS to `phone` (E.164; 1 = the first), waiting for it to arrive. */
export async function readRiderCodeSms(phone: string, nth = 1, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = riderCodesTo(phone)[nth - 1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`no rider code SMS number ${nth} to ${phone} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
