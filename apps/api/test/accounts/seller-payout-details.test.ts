import { sellerPayoutDestination } from '@escrow/core';
import { createKyselyEscrowStore } from '@escrow/db-kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TARGETS, accountsWorld, STRONG_PASSWORD, type AccountsWorld } from './accounts-world.js';

const SIGNUP = {
  businessName: 'Amani Phones',
  location: 'Westlands, Nairobi',
  phone: '0712 345 678',
  whatsapp: '',
  businessProfile: '',
  about: '',
  paymentMethod: 'direct_mpesa',
  paymentNumber: '0712345678',
  termsAccepted: true,
};
const EMAIL = 'amani@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;
const PAYBILL = { method: 'paybill', paybillNumber: '247247', accountReference: '0123456789' };

/**
 * PUT /api/seller/profile/payout-details (decision 0049; product decisions: payout details are
 * guarded) over the production app on real SQLite and real PostgreSQL, with the real Argon2id
 * hasher, the real sign-in throttle and the outbox the email leaves by.
 */
describe.each(ACCOUNT_TARGETS)('the seller\'s payout details on $name', (target) => {
  let w: AccountsWorld;
  let amani: string;
  let sellerId: string;
  beforeEach(async () => {
    w = await accountsWorld(target);
    amani = await w.signUp(EMAIL);
    const created = await w.call('POST', '/api/seller/profile', { cookie: amani, body: SIGNUP });
    sellerId = String(created.body.data?.['id']);
  });
  afterEach(async () => w.dispose());

  const change = (body: unknown, cookie = amani, headers: Record<string, string> = {}) => w.call('PUT', '/api/seller/profile/payout-details', { cookie, body, headers });
  const read = async () => (await w.call('GET', '/api/seller/profile', { cookie: amani })).body.data ?? {};
  const sellerRow = () => w.harness.db.selectFrom('sellers').selectAll().where('id', '=', sellerId).executeTakeFirstOrThrow();
  const payoutEmails = async () => (await w.emailsTo(EMAIL)).filter((m) => /payout details/i.test(m.subject));
  // What the payouts will read: the seller as the escrow store gives it, through the core's function.
  const destinationAt = async (now: Date) => {
    const seller = await createKyselyEscrowStore(w.harness.db, w.harness.dialect).read((tx) => tx.sellers.get(sellerId));
    if (!seller) throw new Error('no seller');
    return sellerPayoutDestination(seller, now);
  };

  it('changes them with the right password: stored with the time of the change, held 24 hours, the owner emailed (masked), the spec\'s method and number following', async () => {
    const before = w.clock.now();
    expect(await destinationAt(before)).toEqual({ destination: { kind: 'mpesa_phone', msisdn: '+254712345678' }, heldUntil: null });
    w.clock.advance(60_000);
    const changedAt = w.clock.now();
    const heldUntil = new Date(changedAt.getTime() + DAY_MS);

    const reply = await change({ ...PAYBILL, currentPassword: STRONG_PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.body.data?.['payoutDetails']).toEqual({ method: 'paybill', phone: null, paybillNumber: '247247', accountReference: '0123456789', tillNumber: null, changedAt: changedAt.toISOString(), heldUntil: heldUntil.toISOString() });
    expect(reply.body.data).toMatchObject({ paymentMethod: 'paybill', paymentNumber: '247247', phone: '+254712345678' });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(await read()).toEqual(reply.body.data);
    expect(await sellerRow()).toMatchObject({ payout_method: 'paybill', payout_paybill_number: '247247', payout_account_reference: '0123456789', payout_phone: null, payout_details_changed_at: changedAt.toISOString() });

    // The payouts wait, then go.
    expect(await destinationAt(changedAt)).toEqual({ destination: { kind: 'paybill', businessNumber: '247247', accountReference: '0123456789' }, heldUntil });
    w.clock.advance(DAY_MS - 1);
    expect((await destinationAt(w.clock.now())).heldUntil).toEqual(heldUntil);
    expect(((await read())['payoutDetails'] as Record<string, unknown>)['heldUntil']).toBe(heldUntil.toISOString());
    w.clock.advance(1);
    expect(await destinationAt(w.clock.now())).toEqual({ destination: { kind: 'paybill', businessNumber: '247247', accountReference: '0123456789' }, heldUntil: null });
    expect(((await read())['payoutDetails'] as Record<string, unknown>)['heldUntil']).toBeNull();

    const [mail, ...more] = await payoutEmails();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your Escrow Delivery payout details were changed');
    expect(mail?.body).toContain('Your payouts now go to: Paybill 247247, account …789.');
    expect(mail?.body).toContain('payouts to these new details start after 24 hours, from 2026-03-03 10:01 (Nairobi time)');
    expect(mail?.body).toContain('If it was not you');
    expect(mail?.body).not.toContain('0123456789');

    // To a phone: the email shows it masked, never whole.
    w.clock.advance(1_000);
    expect((await change({ method: 'mpesa_phone', phone: '0722 000 123', currentPassword: STRONG_PASSWORD })).body.data?.['payoutDetails']).toMatchObject({ method: 'mpesa_phone', phone: '+254722000123', paybillNumber: null, accountReference: null });
    const phoneMail = (await payoutEmails()).at(-1);
    expect(phoneMail?.body).toContain('M-Pesa phone 07xx xxx 123');
    expect(phoneMail?.body).not.toMatch(/722000123|0722 000 123/);
    expect((await destinationAt(w.clock.now())).destination).toEqual({ kind: 'mpesa_phone', msisdn: '+254722000123' });
  });

  it('refuses a wrong password with a 400 that says so, and changes nothing: no row, no email, no hold', async () => {
    const row = await sellerRow();
    const outbox = (await w.emailsTo(EMAIL)).length;
    for (const currentPassword of ['Sokoni#2025', 'sokoni#2026', `${STRONG_PASSWORD} `]) {
      const reply = await change({ ...PAYBILL, currentPassword });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual({ code: 'CURRENT_PASSWORD_INCORRECT', message: 'Current password is incorrect' });
    }
    expect(await sellerRow()).toEqual(row);
    expect((await w.emailsTo(EMAIL)).length).toBe(outbox);
    expect(await destinationAt(w.clock.now())).toEqual({ destination: { kind: 'mpesa_phone', msisdn: '+254712345678' }, heldUntil: null });
  });

  it('counts wrong passwords against the sign-in throttle of the account at that address (a guesser is slowed, the owner\'s right password works again after the wait)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await change({ ...PAYBILL, currentPassword: `Wrong#${i}` })).status).toBe(400);
    // The sixth try, here or at sign-in, waits: it is the same password being guessed.
    const slowed = await change({ ...PAYBILL, currentPassword: STRONG_PASSWORD });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await w.call('POST', '/api/auth/sign-in', { body: { email: EMAIL, password: STRONG_PASSWORD } })).status).toBe(429);
    expect((await sellerRow()).payout_method).toBe('mpesa_phone');
    w.clock.advance(2_000);
    expect((await change({ ...PAYBILL, currentPassword: STRONG_PASSWORD })).status).toBe(200);
  });

  it('emails the account\'s address even when the seller chose SMS only: a security notice, not an order notification', async () => {
    expect((await w.call('PUT', '/api/seller/profile/notifications', { cookie: amani, body: { notifyBySms: true, notifyByEmail: false } })).status).toBe(200);
    expect((await change({ method: 'till', tillNumber: '5123456', currentPassword: STRONG_PASSWORD })).status).toBe(200);
    expect((await payoutEmails()).map((m) => m.body.includes('Till number 5123456'))).toEqual([true]);
    const rows = await w.harness.db.selectFrom('outbox').select(['payload']).execute();
    expect(rows.map((r) => JSON.parse(r.payload) as { channel: string; to: string }).filter((p) => p.channel === 'sms')).toEqual([]);
  });

  it('saving the details already in force changes nothing: no new hold, no second email', async () => {
    expect((await change({ method: 'till', tillNumber: '5123456', currentPassword: STRONG_PASSWORD })).status).toBe(200);
    const first = await sellerRow();
    w.clock.advance(5 * 60_000);
    const again = await change({ method: 'till', tillNumber: ' 5123456 ', currentPassword: STRONG_PASSWORD });
    expect(again.status).toBe(200);
    expect(await sellerRow()).toEqual(first);
    expect(await payoutEmails()).toHaveLength(1);
  });

  it('a change of the business phone leaves the payout phone alone (and emails nothing)', async () => {
    const details = await w.call('PUT', '/api/seller/profile/business-details', { cookie: amani, body: { businessName: 'Amani Phones', location: 'CBD', phone: '0799 111 222', whatsapp: '' } });
    expect(details.body.data).toMatchObject({ phone: '+254799111222', payoutDetails: { method: 'mpesa_phone', phone: '+254712345678', changedAt: null, heldUntil: null }, paymentNumber: '+254712345678' });
    expect(await destinationAt(w.clock.now())).toEqual({ destination: { kind: 'mpesa_phone', msisdn: '+254712345678' }, heldUntil: null });
    expect(await payoutEmails()).toEqual([]);
  });

  it.each([
    [{ method: 'paybill', paybillNumber: '247247', currentPassword: STRONG_PASSWORD }, 'Enter the account number to pay into at this Paybill'],
    [{ ...PAYBILL, accountReference: '12345678901234', currentPassword: STRONG_PASSWORD }, 'The account number can be at most 13 letters, digits, spaces, hyphens, dots or slashes'],
    [{ method: 'till', tillNumber: '1234', currentPassword: STRONG_PASSWORD }, 'Enter a Till number of 5 to 7 digits'],
    [{ method: 'mpesa_phone', phone: '12345', currentPassword: STRONG_PASSWORD }, 'Enter the M-Pesa phone number, e.g. 0712345678'],
    [{ method: 'bank', currentPassword: STRONG_PASSWORD }, 'Choose how you want to be paid: M-Pesa phone, Paybill or Till'],
    [PAYBILL, 'Enter your password to change where you are paid'],
    ['paybill', 'Please check the form and try again.'],
  ])('refuses %j with a 400 saying %j, changing nothing and costing no sign-in try', async (body, message) => {
    const row = await sellerRow();
    for (let i = 0; i < 7; i += 1) {
      const reply = await change(body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    expect(await sellerRow()).toEqual(row);
    // Seven refusals before the password was looked at: the owner still signs in at once.
    expect((await w.call('POST', '/api/auth/sign-in', { body: { email: EMAIL, password: STRONG_PASSWORD } })).status).toBe(200);
  });

  it('needs a session (401), this site as the origin (403) and a seller record (404)', async () => {
    const body = { ...PAYBILL, currentPassword: STRONG_PASSWORD };
    expect((await w.call('PUT', '/api/seller/profile/payout-details', { body })).status).toBe(401);
    expect((await change(body, amani, { origin: 'https://evil.example' })).status).toBe(403);
    const stranger = await w.signUp('stranger@example.com');
    const none = await change(body, stranger);
    expect(none.status).toBe(404);
    expect(none.body.error?.code).toBe('SELLER_NOT_FOUND');
    expect((await sellerRow()).payout_method).toBe('mpesa_phone');
    expect(await payoutEmails()).toEqual([]);
  });

  it('starts a seller who signed up with a Paybill without its account number: no destination until they add it (and that change is held too)', async () => {
    const baraka = await w.signUp('baraka@example.com');
    const created = await w.call('POST', '/api/seller/profile', { cookie: baraka, body: { ...SIGNUP, businessName: 'Baraka Boutique', paymentMethod: 'paybill', paymentNumber: '600100' } });
    expect(created.body.data?.['payoutDetails']).toEqual({ method: 'paybill', phone: null, paybillNumber: '600100', accountReference: null, tillNumber: null, changedAt: null, heldUntil: null });
    const escrow = createKyselyEscrowStore(w.harness.db, w.harness.dialect);
    const seller = async () => (await escrow.read((tx) => tx.sellers.get(String(created.body.data?.['id']))))!;
    expect(sellerPayoutDestination(await seller(), w.clock.now())).toEqual({ destination: null, heldUntil: null, missing: 'paybill_account_reference' });
    expect((await change({ method: 'paybill', paybillNumber: '600100', accountReference: 'BARAKA1', currentPassword: STRONG_PASSWORD }, baraka)).status).toBe(200);
    expect(sellerPayoutDestination(await seller(), w.clock.now())).toEqual({ destination: { kind: 'paybill', businessNumber: '600100', accountReference: 'BARAKA1' }, heldUntil: new Date(w.clock.now().getTime() + DAY_MS) });
  });
});
