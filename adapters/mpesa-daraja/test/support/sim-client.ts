import type { DarajaSim } from '@escrow/daraja-sim';
import { createDarajaClient, type DarajaClientOptions, type DarajaConfig, type FetchLike } from '../../src/index.js';
import { SANDBOX_PASSKEY } from './fake-daraja.js';

/** The client's settings for a simulator, as MPESA_BASE_URL would give them. */
export function simConfig(sim: DarajaSim, change: Partial<DarajaConfig> = {}): DarajaConfig {
  return {
    environment: 'sandbox',
    baseUrl: sim.url,
    consumerKey: 'sim-consumer-key',
    consumerSecret: 'sim-consumer-secret',
    shortcode: '174379',
    passkey: SANDBOX_PASSKEY,
    transactionType: 'CustomerPayBillOnline',
    partyB: '174379',
    initiatorName: 'testapi',
    securityCredential: 'c2ltLWNyZWRlbnRpYWw=',
    timeoutMs: 5_000,
    ...change,
  };
}

/** The real fetch, counting requests by path, so a test can see what went over the wire. */
export function countingFetch() {
  const paths: string[] = [];
  const fetchAndCount: FetchLike = (input, init) => {
    paths.push(new URL(input).pathname);
    return fetch(input, init);
  };
  return { fetch: fetchAndCount, count: (path: string) => paths.filter((p) => p === path).length };
}

/** A client of the simulator over real HTTP; retry waits are skipped to keep tests quick. */
export function simClient(sim: DarajaSim, change: Partial<DarajaConfig> = {}, options: DarajaClientOptions = {}) {
  return createDarajaClient(simConfig(sim, change), { sleep: async () => {}, ...options });
}
