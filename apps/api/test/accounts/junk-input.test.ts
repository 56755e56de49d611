import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, type AccountsWorld } from './accounts-world.js';

const ENDPOINTS: [string, string][] = [
  ['POST', '/api/auth/sign-up'],
  ['POST', '/api/auth/sign-in'],
  ['POST', '/api/auth/send-password-reset-code'],
  ['POST', '/api/auth/verify-reset-code'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/seller/profile'],
  ['PUT', '/api/seller/profile/business-details'],
  ['PUT', '/api/seller/profile/about'],
  ['PUT', '/api/seller/profile/payout-details'],
  ['PUT', '/api/seller/profile/notifications'],
];

// Text no database can hold (a NUL, half a surrogate pair) is among the values: a 500 on PostgreSQL before decision 0040.
const unstorable = fc.constantFrom('Kamau\u0000', 'amani\u0000@example.com', 'Sokoni#2026\u0000', 'x\ud800', '\udfff', '0712\u0000345678');
const field = fc.oneof(fc.string(), fc.constant(''), fc.integer(), fc.boolean(), fc.constant(null), fc.object(), fc.array(fc.string()), fc.constant('Sokoni#2026'), fc.constant('amani@example.com'), unstorable);
const body = fc.oneof(
  fc.jsonValue(),
  fc.record(
    Object.fromEntries(
      ['email', 'password', 'code', 'confirmPassword', 'currentPassword', 'newPassword', 'businessName', 'location', 'phone', 'whatsapp', 'about', 'paymentMethod', 'paymentNumber', 'method', 'paybillNumber', 'accountReference', 'tillNumber', 'termsAccepted', 'notifyBySms', 'notifyByEmail', 'id', 'userId'].map(
        (key) => [key, field],
      ),
    ),
    { requiredKeys: [] },
  ),
);

describe.each(ACCOUNT_TARGETS)('the account endpoints with whatever a client sends ($name)', (target) => {
  let w: AccountsWorld;
  let token: string;
  beforeAll(async () => {
    w = await accountsWorld(target, { trustProxyHops: 1 });
    token = await w.signUp('fuzz@example.com');
  });
  afterAll(async () => w.dispose());

  it.each(ENDPOINTS)('%s %s answers every body with a 2xx or 4xx JSON answer, never a 500', async (method, path) => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (payload, withSession) => {
        n += 1;
        const reply = await w.call(method, path, { body: payload, headers: { 'x-forwarded-for': `10.9.${n % 250}.${Math.floor(n / 250)}` }, ...(withSession ? { cookie: token } : {}) });
        expect(reply.status, JSON.stringify(payload)).toBeLessThan(500);
        if (reply.status >= 400) expect(typeof reply.body.error?.message).toBe('string');
      }),
      { numRuns: 40 },
    );
  });
});
