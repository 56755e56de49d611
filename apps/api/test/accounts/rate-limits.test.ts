import { ACCOUNT_RATE_LIMITS } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

const TOO_MANY = { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' };

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

  it('answers 429 with Retry-After after 10 sign-ins for one email in 15 minutes, from any addresses', async () => {
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.signInPerEmail.limit; i += 1) expect((await signIn('Wrong#Pass1', `10.0.1.${i}`)).status).toBe(401);
    const refused = await signIn(STRONG_PASSWORD, '10.0.2.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected; the limit lifts with the next window.
    await w.signUp('baraka@example.com');
    expect((await signIn(STRONG_PASSWORD, '10.0.2.1', 'baraka@example.com')).status).toBe(200);
    w.clock.advance(ACCOUNT_RATE_LIMITS.signInPerEmail.windowMs);
    expect((await signIn(STRONG_PASSWORD, '10.0.2.1')).status).toBe(200);
  });

  it('clears the email\'s count on a successful sign-in (a few typos never lock the owner out)', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < ACCOUNT_RATE_LIMITS.signInPerEmail.limit - 1; i += 1) await signIn('Wrong#Pass1');
      expect((await signIn(STRONG_PASSWORD)).status).toBe(200);
    }
  });

  it('limits one address trying many emails', async () => {
    for (let i = 0; i < ACCOUNT_RATE_LIMITS.signInPerAddress.limit; i += 1) expect((await signIn('Wrong#Pass1', '10.9.9.9', `user${i}@example.com`)).status).toBe(401);
    expect((await signIn(STRONG_PASSWORD, '10.9.9.9')).status).toBe(429);
    expect((await signIn(STRONG_PASSWORD, '10.9.9.8')).status).toBe(200);
  });

  it('limits reset-code requests per email, with the same answer for any address', async () => {
    for (const email of ['amani@example.com', 'nobody@example.com']) {
      for (let i = 0; i < ACCOUNT_RATE_LIMITS.resetRequestPerEmail.limit; i += 1) {
        expect((await w.call('POST', '/api/auth/send-password-reset-code', { body: { email }, headers: from(`10.1.${i}.1`) })).status).toBe(200);
      }
      const refused = await w.call('POST', '/api/auth/send-password-reset-code', { body: { email }, headers: from('10.1.9.1') });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual(TOO_MANY);
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
