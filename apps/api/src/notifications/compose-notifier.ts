import { appendFileSync } from 'node:fs';
import type { Notifier } from '@escrow/core';
import { ConsoleNotifier } from '@escrow/notify-console';
import { SmtpNotifier } from '@escrow/notify-smtp';
import { AfricasTalkingSmsNotifier } from '@escrow/sms-africastalking';
import type { Config } from '../config.js';
import type { Logger } from '../http/logger.js';
import { notifierByChannel } from './notifier-by-channel.js';

/**
 * The outbox's notifier, one per channel: email by SMTP when configured, SMS by Africa's Talking
 * when configured (the simulator with `npm start`); each channel without its provider goes to
 * the console, the embedded default, which "delivers" by printing (without the text of a
 * sensitive message). Every channel runs through the same outbox, with the same retries and give-ups.
 */
export function composeNotifier(config: Pick<Config, 'smtp' | 'sms' | 'consoleNotifierFile' | 'production'>, logger: Logger): { notifier: Notifier; close(): void } {
  // NOTIFY_CONSOLE_FILE (development and tests, refused in production): the lines go to that file,
  // synchronously, so a line is there before the outbox records the message as delivered. The file
  // keeps the text of sensitive messages too (tests read codes there). Standard output is a log in
  // production, where a sensitive message's line says only who it went to (decision 0047); on a
  // developer's machine (`npm start` without SMTP) it is where a password reset code is read.
  const file = config.consoleNotifierFile;
  const consoleNotifier = file
    ? new ConsoleNotifier((line) => appendFileSync(file, `${line}\n`), { printSensitive: true })
    : new ConsoleNotifier(undefined, { printSensitive: config.production !== true });
  const smtp = config.smtp ? new SmtpNotifier(config.smtp) : undefined;
  if (config.smtp) {
    logger.info('email: sending through SMTP', { server: config.smtp.url ? config.smtp.url.replace(/\/\/[^@/]*@/, '//***@') : `${config.smtp.host}:${config.smtp.port ?? ''}` });
  }
  const at = config.sms?.africasTalking;
  if (at) logger.info("SMS: sending through Africa's Talking", { environment: at.environment, host: new URL(at.baseUrl).host, username: at.username, ...(at.senderId ? { senderId: at.senderId } : {}) });
  else if (config.production) {
    // Not refused (a deployment may start before its SMS account exists, and bench/cold-start runs
    // production without one), but nobody's phone gets anything: said loudly at start.
    logger.warn(
      "SMS: NOT DELIVERED: NODE_ENV=production without Africa's Talking credentials (AT_ENVIRONMENT, AT_USERNAME, AT_API_KEY): every SMS goes to the console, which sends nothing (a text holding a code is not printed); buyers get no delivery code and riders no phone code",
    );
  } else logger.info("SMS: no Africa's Talking credentials (AT_*); SMS are printed on the console");
  return {
    notifier: notifierByChannel({ email: smtp ?? consoleNotifier, sms: at ? new AfricasTalkingSmsNotifier(at) : consoleNotifier }),
    close: () => smtp?.close(),
  };
}
