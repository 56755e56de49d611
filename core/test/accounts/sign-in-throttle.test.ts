import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admitSignIn, backoffDelayMs, settleSignIn, SIGN_IN_THROTTLE, tryAgainAt, type BackoffRule } from '../../src/index.js';
import { FixedClock, MemoryFailureCounters } from '../../src/testing/index.js';

const rules: BackoffRule[] = [SIGN_IN_THROTTLE.accountAtAddress, SIGN_IN_THROTTLE.accountAtAddressUnderAttack, SIGN_IN_THROTTLE.address];

describe('growing delays', () => {
  it.each(rules.map((r) => [`${r.name} (${r.freeFailures} free)`, r] as const))('%s: free tries cost nothing, then the wait doubles up to its ceiling', (_name, rule) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (failures) => {
        const delay = backoffDelayMs(rule, failures);
        if (failures < rule.freeFailures) expect(delay).toBe(0);
        else expect(delay).toBe(Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.freeFailures)));
        expect(backoffDelayMs(rule, failures + 1)).toBeGreaterThanOrEqual(delay);
        expect(delay).toBeLessThanOrEqual(rule.maxDelayMs);
      }),
    );
    const at = new Date('2026-03-02T07:00:00.000Z');
    expect(tryAgainAt(rule, undefined)).toBeNull();
    expect(tryAgainAt(rule, { failures: rule.freeFailures, lastFailureAt: at })).toEqual(new Date(at.getTime() + rule.firstDelayMs));
  });

  it('never waits more than 15 minutes for an account at an address, or a minute for an address', () => {
    expect(SIGN_IN_THROTTLE.accountAtAddress.maxDelayMs).toBe(15 * 60_000);
    expect(SIGN_IN_THROTTLE.accountAtAddressUnderAttack.maxDelayMs).toBe(15 * 60_000);
    expect(SIGN_IN_THROTTLE.address.maxDelayMs).toBe(60_000);
  });
});

/** One attempt: from an attacker's address with a wrong password, or the owner from home with the right one. */
const attempt = fc.oneof(
  fc.record({ who: fc.constant('attacker' as const), address: fc.integer({ min: 1, max: 400 }).map((n) => `198.51.${n % 4}.${n}`), waitMs: fc.integer({ min: 0, max: 120_000 }) }),
  fc.record({ who: fc.constant('owner' as const), address: fc.constant('203.0.113.9'), waitMs: fc.integer({ min: 0, max: 120_000 }) }),
);

describe('admitSignIn / settleSignIn', () => {
  it('never refuses the owner at their own address, whatever wrong passwords other addresses sent, in whatever order and pace', () => {
    fc.assert(
      fc.asyncProperty(fc.array(attempt, { maxLength: 300 }), async (attempts) => {
        const deps = { failures: new MemoryFailureCounters(), clock: new FixedClock() };
        for (const a of attempts) {
          deps.clock.advance(a.waitMs);
          const gate = await admitSignIn(deps, { email: 'amani@example.com', address: a.address });
          if (a.who === 'owner') expect(gate.ok).toBe(true);
          if (gate.ok) await settleSignIn(deps, gate.pass, a.who === 'owner' ? 'signed-in' : 'wrong-credentials');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('bounds what one address can try against one account in an hour: 5 free, then the doubling waits (at most 15 in the first hour)', async () => {
    const deps = { failures: new MemoryFailureCounters(), clock: new FixedClock() };
    const started = deps.clock.now().getTime();
    let checked = 0;
    while (deps.clock.now().getTime() - started < 60 * 60_000) {
      const gate = await admitSignIn(deps, { email: 'amani@example.com', address: '198.51.100.7' });
      if (gate.ok) {
        checked += 1;
        await settleSignIn(deps, gate.pass, 'wrong-credentials');
      } else deps.clock.advance(gate.retryAfterMs);
    }
    // 5 free; then 1, 2, 4, ..., 512 s (10 tries in about 17 minutes), then every 15 minutes.
    expect(checked).toBeGreaterThanOrEqual(15);
    expect(checked).toBeLessThanOrEqual(20);
  });

  it('a refused attempt is not counted, and a right password clears the account-at-address count', async () => {
    const deps = { failures: new MemoryFailureCounters(), clock: new FixedClock() };
    const who = { email: 'amani@example.com', address: '198.51.100.8' };
    for (let i = 0; i < SIGN_IN_THROTTLE.accountAtAddress.freeFailures; i += 1) {
      const gate = await admitSignIn(deps, who);
      if (!gate.ok) throw new Error('refused a free try');
      await settleSignIn(deps, gate.pass, 'wrong-credentials');
    }
    for (let i = 0; i < 10; i += 1) expect(await admitSignIn(deps, who)).toEqual({ ok: false, retryAfterMs: SIGN_IN_THROTTLE.accountAtAddress.firstDelayMs });
    deps.clock.advance(SIGN_IN_THROTTLE.accountAtAddress.firstDelayMs);
    const gate = await admitSignIn(deps, who);
    if (!gate.ok) throw new Error('refused after the wait');
    await settleSignIn(deps, gate.pass, 'signed-in');
    expect([...deps.failures.rows.keys()].filter((k) => k.startsWith('sign-in:account-address:'))).toEqual([]);
  });
});
