import type { Clock } from '../ports/clock.js';
import type { FailureCount, FailureCounters } from '../ports/failure-counters.js';

const seconds = (n: number): number => n * 1_000;
const minutes = (n: number): number => n * 60_000;

/**
 * A wait that grows with each failure: the first `freeFailures` cost nothing; from then on the
 * next attempt must wait `firstDelayMs` after the latest failure, doubling with each further
 * failure up to `maxDelayMs`. The count is forgotten `forgetAfterMs` after its last failure.
 */
export interface BackoffRule {
  readonly name: string;
  readonly freeFailures: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly forgetAfterMs: number;
}

/**
 * Sign-in throttling slows an address; it never locks the owner out (product decisions:
 * passwords). Only wrong passwords count, and nothing is ever refused for good: a refusal is
 * "wait N seconds", and N is set by failures from *that* address.
 * - Per account at one address: a few typos cost nothing, then 1 s, 2 s, 4 s ... up to 15
 *   minutes. The owner at their own address is never slowed by failures from other addresses,
 *   and a right password clears it.
 * - Per address, over every account: one client trying many accounts. Loose, because Kenyan
 *   mobile networks put many subscribers behind one address (CGNAT); at most a minute's wait.
 * - Per account, from anywhere: never refuses. Past a high count (an attack spread over many
 *   addresses) each address gets fewer free tries and longer waits for that account, so a
 *   distributed attack is slowed while the owner's first try from any address still goes in.
 */
export const SIGN_IN_THROTTLE = {
  accountAtAddress: { name: 'sign-in:account-address', freeFailures: 5, firstDelayMs: seconds(1), maxDelayMs: minutes(15), forgetAfterMs: minutes(60) },
  /** The same counter while the account is under attack: one free try, then 30 s, 60 s, ... */
  accountAtAddressUnderAttack: { name: 'sign-in:account-address', freeFailures: 1, firstDelayMs: seconds(30), maxDelayMs: minutes(15), forgetAfterMs: minutes(60) },
  address: { name: 'sign-in:address', freeFailures: 20, firstDelayMs: seconds(1), maxDelayMs: minutes(1), forgetAfterMs: minutes(60) },
  /** Wrong passwords for one account from anywhere; from `underAttackAt` on, the rule above applies. */
  account: { name: 'sign-in:account', underAttackAt: 50, forgetAfterMs: minutes(60) },
} as const satisfies Record<string, BackoffRule | { name: string; underAttackAt: number; forgetAfterMs: number }>;

/** How long after its latest failure a key's next attempt must wait. */
export function backoffDelayMs(rule: BackoffRule, failures: number): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 40);
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** doublings);
}

/** When a key with `count` may try again (its latest failure plus the delay); null: now. */
export function tryAgainAt(rule: BackoffRule, count: FailureCount | undefined): Date | null {
  if (!count) return null;
  const delay = backoffDelayMs(rule, count.failures);
  return delay === 0 ? null : new Date(count.lastFailureAt.getTime() + delay);
}

export interface SignInThrottleDeps {
  readonly failures: FailureCounters;
  readonly clock: Clock;
}

/** Who is trying: the account's email as typed (normalised by the schema) and the client address. */
export interface SignInAttempt {
  readonly email: string;
  readonly address: string;
}

/** What the gate let through; hand it back to `settleSignIn` with the outcome. */
export interface SignInPass {
  readonly keys: { readonly address: string; readonly accountAtAddress: string; readonly account: string };
}

export type SignInGate = { readonly ok: true; readonly pass: SignInPass } | { readonly ok: false; readonly retryAfterMs: number };

// The email last, so the account's counts can be found (and purged) by `%:{email}`.
const keysOf = (attempt: SignInAttempt): SignInPass['keys'] => ({
  address: `${SIGN_IN_THROTTLE.address.name}:${attempt.address}`,
  accountAtAddress: `${SIGN_IN_THROTTLE.accountAtAddress.name}:${attempt.address}:${attempt.email}`,
  account: `${SIGN_IN_THROTTLE.account.name}:${attempt.email}`,
});

/**
 * Before the password is checked: may this attempt go ahead? Refused (with how long to wait)
 * while the address or the account-at-address is still waiting out its delay. An admitted
 * attempt is counted against the account-at-address at once, as a failure until proven right,
 * and only if nobody else counted one in between: parallel attempts from one address cannot all
 * pass the same check (a loser is told to wait a second).
 */
export async function admitSignIn(deps: SignInThrottleDeps, attempt: SignInAttempt): Promise<SignInGate> {
  const now = deps.clock.now();
  const keys = keysOf(attempt);
  const counts = await deps.failures.read([keys.address, keys.accountAtAddress, keys.account], now);
  const underAttack = (counts.get(keys.account)?.failures ?? 0) >= SIGN_IN_THROTTLE.account.underAttackAt;
  const rule = underAttack ? SIGN_IN_THROTTLE.accountAtAddressUnderAttack : SIGN_IN_THROTTLE.accountAtAddress;
  const waits = [tryAgainAt(SIGN_IN_THROTTLE.address, counts.get(keys.address)), tryAgainAt(rule, counts.get(keys.accountAtAddress))];
  const until = Math.max(...waits.map((at) => at?.getTime() ?? 0));
  if (until > now.getTime()) return { ok: false, retryAfterMs: until - now.getTime() };
  if (!(await deps.failures.claim(keys.accountAtAddress, counts.get(keys.accountAtAddress), now, rule.forgetAfterMs))) {
    return { ok: false, retryAfterMs: 1_000 };
  }
  return { ok: true, pass: { keys } };
}

/**
 * After the password was checked. Signed in: the account-at-address count is cleared (so
 * the owner's own typos never add up against them). Wrong email or password: the address and
 * the account count one more failure (the account-at-address counted it when admitted).
 * Anything else (refused before the password was looked at) stays counted as one try at the
 * account-at-address.
 */
export async function settleSignIn(deps: SignInThrottleDeps, pass: SignInPass, outcome: 'signed-in' | 'wrong-credentials' | 'other'): Promise<void> {
  if (outcome === 'signed-in') {
    await deps.failures.clear(pass.keys.accountAtAddress);
    return;
  }
  if (outcome === 'wrong-credentials') {
    const now = deps.clock.now();
    await deps.failures.record(pass.keys.address, now, SIGN_IN_THROTTLE.address.forgetAfterMs);
    await deps.failures.record(pass.keys.account, now, SIGN_IN_THROTTLE.account.forgetAfterMs);
  }
}
