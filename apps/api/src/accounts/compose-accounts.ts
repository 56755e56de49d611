import { cryptoRandom, type AccountsDeps, type Clock, type EventBus, type FailureCounters, type FileStorage, type RateLimiter } from '@escrow/core';
import { createKyselyAccountsStore, purgeExpiredAccountRows, type DatabaseHandle } from '@escrow/db-kysely';
import type { Config } from '../config.js';
import type { Logger } from '../http/logger.js';
import type { AccountsHttpOptions } from '../features/accounts-context.js';
import { Argon2PasswordHasher } from './argon2-password-hasher.js';
import { googleIdentityProvider } from './google-identity-provider.js';
import { sha256Digest } from './sha256-digest.js';

/** The accounts ports and HTTP options on the API's database, plus an hourly clean-up of expired rows. */
export function composeAccounts(args: {
  config: Pick<Config, 'publicBaseUrl' | 'trustProxyHops' | 'storeChecksOff' | 'google'>;
  database: DatabaseHandle;
  events: EventBus;
  files: FileStorage;
  rateLimiter: RateLimiter;
  failureCounters: FailureCounters;
  logger: Logger;
  sendOutboxSoon: () => void;
  /** The system's clock in production; a test's FixedClock (compose's `clock` option). */
  clock: Clock;
}): { deps: AccountsDeps; http: AccountsHttpOptions; stop(): Promise<void> } {
  const deps: AccountsDeps = {
    store: createKyselyAccountsStore(args.database.db, args.database.dialect, { checkNesting: args.config.storeChecksOff !== true }),
    clock: args.clock,
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
    ...(args.config.google ? { google: { provider: googleIdentityProvider(args.config.google, { clock: args.clock }), logger: args.logger } } : {}),
  };
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = setInterval(() => {
    const now = args.clock.now();
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
