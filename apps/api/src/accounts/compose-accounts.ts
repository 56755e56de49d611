import { appendFileSync } from 'node:fs';
import { cryptoRandom, systemClock, type AccountsDeps, type EventBus, type FailureCounters, type FileStorage, type Notifier, type RateLimiter } from '@escrow/core';
import { createKyselyAccountsStore, purgeExpiredAccountRows, type DatabaseHandle } from '@escrow/db-kysely';
import { ConsoleNotifier } from '@escrow/notify-console';
import { SmtpNotifier } from '@escrow/notify-smtp';
import type { Config } from '../config.js';
import type { Logger } from '../http/logger.js';
import type { AccountsHttpOptions } from './accounts-http.js';
import { Argon2PasswordHasher } from './argon2-password-hasher.js';
import { notifierByChannel } from './notifier-by-channel.js';
import { sha256Digest } from './sha256-digest.js';

/**
 * The outbox's notifier: email by SMTP when configured (SMS stays on the console until an SMS
 * adapter exists), otherwise everything on the console (the embedded default). With
 * NOTIFY_CONSOLE_FILE the console's lines go to that file (the browser tests read rider codes there).
 */
export function composeNotifier(config: Pick<Config, 'smtp' | 'consoleNotifierFile'>, logger: Logger): { notifier: Notifier; close(): void } {
  const file = config.consoleNotifierFile;
  // Synchronous: the line is in the file before the outbox records the message as delivered.
  const consoleNotifier = new ConsoleNotifier(file ? (line) => appendFileSync(file, `${line}\n`) : undefined);
  if (!config.smtp) return { notifier: consoleNotifier, close: () => undefined };
  const smtp = new SmtpNotifier(config.smtp);
  logger.info('email: sending through SMTP', { server: config.smtp.url ? config.smtp.url.replace(/\/\/[^@/]*@/, '//***@') : `${config.smtp.host}:${config.smtp.port ?? ''}` });
  return { notifier: notifierByChannel({ email: smtp, sms: consoleNotifier }), close: () => smtp.close() };
}

/** The accounts ports and HTTP options on the API's database, plus an hourly clean-up of expired rows. */
export function composeAccounts(args: {
  config: Pick<Config, 'publicBaseUrl' | 'trustProxyHops'>;
  database: DatabaseHandle;
  events: EventBus;
  files: FileStorage;
  rateLimiter: RateLimiter;
  failureCounters: FailureCounters;
  logger: Logger;
  sendOutboxSoon: () => void;
}): { deps: AccountsDeps; http: AccountsHttpOptions; stop(): Promise<void> } {
  const deps: AccountsDeps = {
    store: createKyselyAccountsStore(args.database.db, args.database.dialect),
    clock: systemClock,
    random: cryptoRandom,
    passwords: new Argon2PasswordHasher(),
    digest: sha256Digest,
    events: args.events,
  };
  const publicBaseUrl = args.config.publicBaseUrl;
  const http: AccountsHttpOptions = {
    deps,
    files: args.files,
    rateLimiter: args.rateLimiter,
    failureCounters: args.failureCounters,
    ...(args.config.trustProxyHops ? { trustProxyHops: args.config.trustProxyHops } : {}),
    // Behind a TLS-terminating proxy the API sees plain HTTP; the public URL says what browsers use.
    ...(publicBaseUrl?.startsWith('https://') ? { secureCookies: true } : {}),
    ...(publicBaseUrl ? { publicOrigin: new URL(publicBaseUrl).origin } : {}),
    sendOutboxSoon: args.sendOutboxSoon,
  };
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = setInterval(() => {
    const now = systemClock.now();
    sweeping = Promise.all([purgeExpiredAccountRows(deps.store, now), args.rateLimiter.purgeExpired(now), args.failureCounters.purgeExpired(now)]).then(
      () => undefined,
      (error: unknown) => args.logger.warn('accounts sweep failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  }, 60 * 60_000);
  sweep.unref();
  // Stops the hourly sweep; resolves once a sweep already running has finished (the database closes after).
  return {
    deps,
    http,
    stop: () => {
      clearInterval(sweep);
      return sweeping;
    },
  };
}
