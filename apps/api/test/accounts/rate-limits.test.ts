import { ACCOUNT_RATE_LIMITS, SIGN_IN_THROTTLE } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

/** The 429 body: the wait it names is the Retry-After it comes with. */
const tooMany = (refused: { headers: Headers }) => {
  const seconds = Number(refused.headers.get('retry-after'));
  return { code: 'RATE_LIMITED', message: seconds < 90 ? `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.` : `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minutes and try again.` };
};

describe.each(ACCOUNT_TARGETS)('rate limits on the account endpoints on $name', (target) => {
  let w: AccountsWorld;
  beforeEach(async () => {
    // Behind one trusted proxy, so each test can act from the addresses it chooses.
    w = await accountsWorld(target, { trustProxyHops: 1 });
    await w.signUp('amani@example.com');
  });
  afterEach(async () => w.dispose());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = (password: string, address = '10.0.0.1', email = 'amani@example.com') =>
    w.call('POST', '/api/auth/sign-in', { body: { email, password }, headers: from(address) });

  const retryAfter = (reply: { headers: Headers }) => Number(reply.headers.get('retry-after'));
  const wrongTimes = async (n: number, address: string, email = 'amani@example.com') => {
    for (let i = 0; i < n; i += 1) expect((await signIn('Wrong#Pass1', address, email)).status, `wrong password ${i + 1} from ${address}`).toBe(401);
  };

  it('never locks the owner out: 60 wrong passwords for the account from 60 other addresses (once 10 locked it for 15 minutes), and the owner at their own address signs in at once', async () => {
    for (let i = 0; i < 60; i += 1) expect((await signIn('Wrong#Pass1', `10.0.1.${i}`)).status).toBe(401);
    const owner = await signIn(STRONG_PASSWORD, '10.7.7.7');
    expect(owner.status).toBe(200);
    expect(owner.sessionCookie).toBeTruthy();
  });

  it('slows an address that keeps failing: five wrong passwords cost nothing, then it waits 1 s, 2 s, 4 s ... with Retry-After; the right password after the wait signs in and clears the count', async () => {
    const { freeFailures, firstDelayMs } = SIGN_IN_THROTTLE.accountAtAddress;
    await wrongTimes(freeFailures, '10.0.0.1');
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const refused = await signIn(STRONG_PASSWORD, '10.0.0.1');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual(tooMany(refused));
      waits.push(retryAfter(refused));
      w.clock.advance(retryAfter(refused) * 1000);
      if (i < 3) await wrongTimes(1, '10.0.0.1');
    }
    expect(waits).toEqual([1, 2, 4, 8].map((n) => (n * firstDelayMs) / 1000));
    // Waited out: the right password goes in, and the count is gone (five free tries again).
    expect((await signIn(STRONG_PASSWORD, '10.0.0.1')).status).toBe(200);
    await wrongTimes(freeFailures, '10.0.0.1');
    // Meanwhile the owner at another address was never slowed.
    expect((await signIn(STRONG_PASSWORD, '10.0.0.2')).status).toBe(200);
  });

  it('waits at most 15 minutes, and forgets an hour after the last failure', async () => {
    const { freeFailures, maxDelayMs, forgetAfterMs } = SIGN_IN_THROTTLE.accountAtAddress;
    await wrongTimes(freeFailures, '10.0.0.3');
    for (let i = 0; i < 15; i += 1) {
      w.clock.advance(maxDelayMs);
      await wrongTimes(1, '10.0.0.3');
    }
    expect(retryAfter(await signIn(STRONG_PASSWORD, '10.0.0.3'))).toBe(maxDelayMs / 1000);
    w.clock.advance(forgetAfterMs);
    await wrongTimes(freeFailures, '10.0.0.3');
  });

  it('lets only one of 20 parallel wrong passwords from one address be checked; the rest are told to retry in a second', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => signIn('Wrong#Pass1', '10.0.0.4')));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(SIGN_IN_THROTTLE.accountAtAddress.freeFailures);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('under a spread-out attack (50+ wrong passwords for the account from anywhere) each new address gets one free try, then 30 s; the owner\'s first try still signs in', async () => {
    for (let i = 0; i < SIGN_IN_THROTTLE.account.underAttackAt; i += 1) await wrongTimes(1, `10.5.${Math.floor(i / 200)}.${i % 200}`);
    await wrongTimes(1, '10.6.0.1');
    const slowed = await signIn('Wrong#Pass1', '10.6.0.1');
    expect(slowed.status).toBe(429);
    expect(retryAfter(slowed)).toBe(SIGN_IN_THROTTLE.accountAtAddressUnderAttack.firstDelayMs / 1000);
    expect((await signIn(STRONG_PASSWORD, '10.6.0.2')).status).toBe(200);
  });

  it('slows one address trying many accounts (20 free, then at most a minute), not other addresses; and caps any address at 100 tries in 15 minutes', async () => {
    const perAddress = SIGN_IN_THROTTLE.address;
    for (let i = 0; i < perAddress.freeFailures; i += 1) await wrongTimes(1, '10.9.9.9', `user${i}@example.com`);
    const slowed = await signIn(STRONG_PASSWORD, '10.9.9.9');
    expect(slowed.status).toBe(429);
    expect(retryAfter(slowed)).toBe(perAddress.firstDelayMs / 1000);
    expect((await signIn(STRONG_PASSWORD, '10.9.9.8')).status).toBe(200);
    // However long it keeps failing, an address waits at most a minute.
    for (let i = 0; i < 10; i += 1) {
      w.clock.advance(perAddress.maxDelayMs);
      await wrongTimes(1, '10.9.9.9', `later${i}@example.com`);
    }
    expect(retryAfter(await signIn(STRONG_PASSWORD, '10.9.9.9'))).toBe(perAddress.maxDelayMs / 1000);
    // The flood cap counts every attempt, right or wrong, waited out or not.
    w.clock.advance(SIGN_IN_THROTTLE.address.forgetAfterMs);
    const cap = ACCOUNT_RATE_LIMITS.signInPerAddress;
    const statuses: number[] = [];
    for (let i = 0; i < cap.limit + 1; i += 1) statuses.push((await signIn(STRONG_PASSWORD, '10.8.8.8')).status);
    expect(statuses.slice(0, cap.limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits reset-code requests per email, with the same answer for any address', async () => {
    for (const email of ['amani@example.com', 'nobody@example.com']) {
      for (let i = 0; i < ACCOUNT_RATE_LIMITS.resetRequestPerEmail.limit; i += 1) {
        expect((await w.call('POST', '/api/auth/send-password-reset-code', { body: { email }, headers: from(`10.1.${i}.1`) })).status).toBe(200);
      }
      const refused = await w.call('POST', '/api/auth/send-password-reset-code', { body: { email }, headers: from('10.1.9.1') });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual(tooMany(refused));
    }
    expect(await w.emailsTo('amani@example.com')).toHaveLength(1 + ACCOUNT_RATE_LIMITS.resetRequestPerEmail.limit);
  });

  it('limits code checks per email across fresh codes and addresses', async () => {
    let checks = 0;
    while (checks < ACCOUNT_RATE_LIMITS.codeCheckPerEmail.limit) {
      const reply = await w.call('POST', '/api/auth/verify-reset-code', { body: { email: 'amani@example.com', code: '000000' }, headers: from(`10.2.${checks}.1`) });
      expect(reply.status).toBe(400);
      checks += 1;
    }
    const refused = await w.call('POST', '/api/auth/reset-password', {
      body: { email: 'amani@example.com', code: '000000', password: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' },
      headers: from('10.3.0.1'),
    });
    expect(refused.status).toBe(429);
  });

  it('limits code checks per address across emails', async () => {
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.codeCheckPerAddress.limit; i += 1) {
      await w.call('POST', '/api/auth/verify-reset-code', { body: { email: `u${i}@example.com`, code: '000000' }, headers: from('10.4.0.1') });
    }
    expect((await w.call('POST', '/api/auth/verify-reset-code', { body: { email: 'amani@example.com', code: '000000' }, headers: from('10.4.0.1') })).status).toBe(429);
  });
});
