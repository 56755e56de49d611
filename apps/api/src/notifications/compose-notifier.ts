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
 * the console, the embedded default, which "delivers" by printing. Every channel runs through
 * the same outbox, with the same retries and give-ups.
 */
export function composeNotifier(config: Pick<Config, 'smtp' | 'sms' | 'consoleNotifierFile'>, logger: Logger): { notifier: Notifier; close(): void } {
  // NOTIFY_CONSOLE_FILE (development and tests, refused in production): the lines go to that file,
  // synchronously, so a line is there before the outbox records the message as delivered.
  const file = config.consoleNotifierFile;
  const consoleNotifier = new ConsoleNotifier(file ? (line) => appendFileSync(file, `${line}\n`) : undefined);
  const smtp = config.smtp ? new SmtpNotifier(config.smtp) : undefined;
  if (config.smtp) {
    logger.info('email: sending through SMTP', { server: config.smtp.url ? config.smtp.url.replace(/\/\/[^@/]*@/, '//***@') : `${config.smtp.host}:${config.smtp.port ?? ''}` });
  }
  const at = config.sms?.africasTalking;
  if (at) logger.info("SMS: sending through Africa's Talking", { environment: at.environment, host: new URL(at.baseUrl).host, username: at.username, ...(at.senderId ? { senderId: at.senderId } : {}) });
  else logger.info("SMS: no Africa's Talking credentials (AT_*); SMS are printed on the console");
  return {
    notifier: notifierByChannel({ email: smtp ?? consoleNotifier, sms: at ? new AfricasTalkingSmsNotifier(at) : consoleNotifier }),
    close: () => smtp?.close(),
  };
}
