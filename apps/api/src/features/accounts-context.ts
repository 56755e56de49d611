import type { AccountsDeps, FailureCounters, FileStorage, IdentityProvider, RateLimiter } from '@escrow/core';
import type { Context } from 'hono';
import { clientAddress } from '../http/client-address.js';
import type { Logger } from '../http/logger.js';

/** What the accounts routes (auth, me, seller profile) and the session middleware need; given to createApp. */
export interface AccountsHttpOptions {
  readonly deps: AccountsDeps;
  /** Where seller logos go (the same storage as order photos). */
  readonly files: FileStorage;
  readonly rateLimiter: RateLimiter;
  /** Wrong-password counts with growing waits (sign-in throttling). */
  readonly failureCounters: FailureCounters;
  /** Proxies in front of the API whose X-Forwarded-For is trusted (0: use the TCP peer). */
  readonly trustProxyHops?: number;
  /**
   * Mark the session cookie Secure (and name it `__Host-session`). Default: when the request
   * arrived over HTTPS; set it to true behind a TLS-terminating proxy (PUBLIC_BASE_URL https).
   */
  readonly secureCookies?: boolean;
  /** The site's public origin (PUBLIC_BASE_URL); requests whose Origin is this pass the CSRF check. */
  readonly publicOrigin?: string;
  /** Asks the outbox to send now (after a reset code was written), instead of at its next tick. A round
   * already under way may have claimed its messages before this one was written, so the API runs a
   * second round after it. */
  readonly sendOutboxSoon?: () => void;
  /** Sign in with Google (GOOGLE_* set, decision 0060); absent: /api/auth/google is not mounted. */
  readonly google?: GoogleSignInHttp;
}

/** What the Google routes need besides the accounts: the provider (composed from GOOGLE_*) and a logger for failures. */
export interface GoogleSignInHttp {
  readonly provider: IdentityProvider;
  readonly logger: Logger;
}

export interface AccountsHttp extends AccountsHttpOptions {
  address(c: Context): string;
}

export function accountsHttp(options: AccountsHttpOptions): AccountsHttp {
  return { ...options, address: (c) => clientAddress(c, options.trustProxyHops ?? 0) };
}
