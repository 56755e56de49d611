import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describePayoutDetails,
  legacyPaymentFields,
  PAYOUT_DETAILS_HOLD_MS,
  payoutDetailsChangedEmail,
  payoutDetailsFromSignup,
  samePayoutDetails,
  sellerPayoutDestination,
  type SellerPayoutDetails,
  type SellerRef,
} from '../../src/index.js';
import { maskAccountReference, maskPayoutPhone, parseOrFirstError, sellerPayoutDetailsSchema } from '../../src/validation/index.js';

const at = (iso: string) => new Date(iso);
const none = { phone: null, paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null };
const seller = (payoutDetails: SellerPayoutDetails): SellerRef => ({
  id: 'seller-a',
  userId: 'user-a',
  businessName: 'Amani Phones',
  location: 'Westlands',
  // The business phone: never where money goes.
  phone: '+254711111111',
  email: 'amani@example.com',
  notifyBySms: true,
  notifyByEmail: true,
  payoutDetails,
});

describe('sellerPayoutDestination (decision 0049)', () => {
  const now = at('2026-03-02T10:00:00.000Z');

  it('gives the payout port each kind of destination, the phone in E.164; never the business phone', () => {
    expect(sellerPayoutDestination(seller({ ...none, method: 'mpesa_phone', phone: '+254722000123' }), now)).toEqual({ destination: { kind: 'mpesa_phone', msisdn: '+254722000123' }, heldUntil: null });
    expect(sellerPayoutDestination(seller({ ...none, method: 'mpesa_phone', phone: '+254110000123' }), now)).toEqual({ destination: { kind: 'mpesa_phone', msisdn: '+254110000123' }, heldUntil: null });
    expect(sellerPayoutDestination(seller({ ...none, method: 'paybill', paybillNumber: '247247', accountReference: '0123456789' }), now)).toEqual({
      destination: { kind: 'paybill', businessNumber: '247247', accountReference: '0123456789' },
      heldUntil: null,
    });
    expect(sellerPayoutDestination(seller({ ...none, method: 'till', tillNumber: '5123456' }), now)).toEqual({ destination: { kind: 'till', tillNumber: '5123456' }, heldUntil: null });
  });

  it('holds details changed less than 24 hours ago until the change + 24 h, to the millisecond', () => {
    const changedAt = at('2026-03-02T09:00:00.000Z');
    const details: SellerPayoutDetails = { ...none, method: 'till', tillNumber: '5123456', changedAt };
    const heldUntil = at('2026-03-03T09:00:00.000Z');
    expect(sellerPayoutDestination(seller(details), changedAt).heldUntil).toEqual(heldUntil);
    expect(sellerPayoutDestination(seller(details), now).heldUntil).toEqual(heldUntil);
    expect(sellerPayoutDestination(seller(details), new Date(heldUntil.getTime() - 1)).heldUntil).toEqual(heldUntil);
    // At the 24th hour exactly, and after it, payouts go.
    expect(sellerPayoutDestination(seller(details), heldUntil).heldUntil).toBeNull();
    expect(sellerPayoutDestination(seller(details), at('2026-03-10T00:00:00.000Z'))).toEqual({ destination: { kind: 'till', tillNumber: '5123456' }, heldUntil: null });
  });

  it('for any change time and any now: held exactly while now is before the change + 24 h', () => {
    const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) });
    fc.assert(
      fc.property(instant, fc.integer({ min: -PAYOUT_DETAILS_HOLD_MS, max: 3 * PAYOUT_DETAILS_HOLD_MS }), (changed, later) => {
        const changedAt = new Date(changed);
        const result = sellerPayoutDestination(seller({ ...none, method: 'mpesa_phone', phone: '+254722000123', changedAt }), new Date(changed + later));
        expect(result.destination).toEqual({ kind: 'mpesa_phone', msisdn: '+254722000123' });
        if (later < PAYOUT_DETAILS_HOLD_MS) expect(result.heldUntil).toEqual(new Date(changed + PAYOUT_DETAILS_HOLD_MS));
        else expect(result.heldUntil).toBeNull();
      }),
    );
  });

  it('gives no destination for a Paybill without its account reference (sellers from before migration 0017), whatever the hold', () => {
    const legacy: SellerPayoutDetails = { ...none, method: 'paybill', paybillNumber: '247247' };
    expect(sellerPayoutDestination(seller(legacy), now)).toEqual({ destination: null, heldUntil: null, missing: 'paybill_account_reference' });
    expect(sellerPayoutDestination(seller({ ...legacy, accountReference: '', changedAt: now }), now)).toMatchObject({ destination: null, missing: 'paybill_account_reference' });
  });

  it('refuses a record without its chosen number (the database CHECK makes it a programming error)', () => {
    expect(() => sellerPayoutDestination(seller({ ...none, method: 'till' }), now)).toThrow(RangeError);
    expect(() => sellerPayoutDestination(seller({ ...none, method: 'mpesa_phone' }), now)).toThrow(RangeError);
  });
});

describe('the sign-up form\'s method and number as payout details, and back', () => {
  it.each([
    ['direct_mpesa', '+254722000123', { ...none, method: 'mpesa_phone', phone: '+254722000123' }],
    ['paybill', '247247', { ...none, method: 'paybill', paybillNumber: '247247' }],
    ['till_number', '5123456', { ...none, method: 'till', tillNumber: '5123456' }],
  ] as const)('%s %s', (method, number, details) => {
    expect(payoutDetailsFromSignup(method, number)).toEqual(details);
    expect(legacyPaymentFields(details)).toEqual({ paymentMethod: method, paymentNumber: number });
  });

  it('compares destinations, not change times', () => {
    const a = { ...none, method: 'till' as const, tillNumber: '5123456' };
    expect(samePayoutDetails(a, { ...a, changedAt: new Date() } as SellerPayoutDetails)).toBe(true);
    expect(samePayoutDetails(a, { ...a, tillNumber: '5123457' })).toBe(false);
    expect(samePayoutDetails({ ...none, method: 'paybill', paybillNumber: '247247', accountReference: 'A1' }, { ...none, method: 'paybill', paybillNumber: '247247', accountReference: 'A2' })).toBe(false);
  });
});

describe('sellerPayoutDetailsSchema: the form the browser and the server share', () => {
  const password = { currentPassword: 'Sokoni#2026' };
  it('keeps only the chosen method\'s fields, in their stored form, and the password as typed', () => {
    expect(sellerPayoutDetailsSchema.parse({ method: 'mpesa_phone', phone: '0722 000 123', paybillNumber: '247247', ...password })).toEqual({
      currentPassword: 'Sokoni#2026',
      details: { method: 'mpesa_phone', phone: '+254722000123', paybillNumber: null, accountReference: null, tillNumber: null },
    });
    expect(sellerPayoutDetailsSchema.parse({ method: 'paybill', paybillNumber: ' 247247 ', accountReference: ' ACC-12/3.4 ', phone: 'junk', ...password }).details).toEqual({
      method: 'paybill',
      phone: null,
      paybillNumber: '247247',
      accountReference: 'ACC-12/3.4',
      tillNumber: null,
    });
    expect(sellerPayoutDetailsSchema.parse({ method: 'till', tillNumber: '12345', ...password }).details).toMatchObject({ method: 'till', tillNumber: '12345' });
  });

  it.each([
    [{}, 'Choose how you want to be paid: M-Pesa phone, Paybill or Till'],
    [{ method: 'bank', ...password }, 'Choose how you want to be paid: M-Pesa phone, Paybill or Till'],
    [{ method: 'mpesa_phone', phone: '0812345678', ...password }, 'Enter the M-Pesa phone number, e.g. 0712345678'],
    [{ method: 'mpesa_phone', ...password }, 'Enter the M-Pesa phone number, e.g. 0712345678'],
    [{ method: 'paybill', paybillNumber: '1234', accountReference: 'A1', ...password }, 'Enter a Paybill number of 5 to 7 digits'],
    [{ method: 'paybill', paybillNumber: '12345678', accountReference: 'A1', ...password }, 'Enter a Paybill number of 5 to 7 digits'],
    [{ method: 'paybill', paybillNumber: '247247', ...password }, 'Enter the account number to pay into at this Paybill'],
    // Daraja's AccountReference takes at most 13 characters.
    [{ method: 'paybill', paybillNumber: '247247', accountReference: '12345678901234', ...password }, 'The account number can be at most 13 letters, digits, spaces, hyphens, dots or slashes'],
    [{ method: 'paybill', paybillNumber: '247247', accountReference: 'A1<script>', ...password }, 'The account number can be at most 13 letters, digits, spaces, hyphens, dots or slashes'],
    [{ method: 'till', tillNumber: '51234a', ...password }, 'Enter a Till number of 5 to 7 digits'],
    [{ method: 'till', tillNumber: '5123456' }, 'Enter your password to change where you are paid'],
    [{ method: 'till', tillNumber: '5123456', currentPassword: '' }, 'Enter your password to change where you are paid'],
    [{ method: 'till', tillNumber: 5123456, ...password }, 'Please check the form and try again.'],
    [null, 'Please check the form and try again.'],
  ])('refuses %j: %j', (input, message) => {
    expect(parseOrFirstError(sellerPayoutDetailsSchema, input)).toEqual({ ok: false, message });
  });

  it('takes exactly 13 characters of account reference', () => {
    expect(parseOrFirstError(sellerPayoutDetailsSchema, { method: 'paybill', paybillNumber: '247247', accountReference: '1234567890123', ...password }).ok).toBe(true);
  });
});

describe('the payout details changed email', () => {
  it('masks the phone like 07xx xxx 123 and an account number to its last three characters', () => {
    expect(maskPayoutPhone('+254722000123')).toBe('07xx xxx 123');
    expect(maskPayoutPhone('+254110000456')).toBe('01xx xxx 456');
    expect(maskPayoutPhone('nonsense')).toBe('xxx');
    expect(maskAccountReference('0123456789')).toBe('…789');
    expect(maskAccountReference('A12')).toBe('A12');
    expect(describePayoutDetails({ ...none, method: 'paybill', paybillNumber: '247247', accountReference: '0123456789' })).toBe('Paybill 247247, account …789');
    expect(describePayoutDetails({ ...none, method: 'till', tillNumber: '5123456' })).toBe('Till number 5123456');
  });

  it('says what the details are now (never the whole phone), when payouts to them start in Nairobi time, and what to do if it was not the owner', () => {
    const mail = payoutDetailsChangedEmail({ to: 'amani@example.com', details: { ...none, method: 'mpesa_phone', phone: '+254722000123' }, changedAt: at('2026-03-02T07:00:00.000Z'), heldUntil: at('2026-03-03T07:00:00.000Z') });
    expect(mail).toMatchObject({ channel: 'email', to: 'amani@example.com', subject: 'Your Escrow Delivery payout details were changed' });
    expect(mail.body).toContain('changed on 2026-03-02 10:00 (Nairobi time)');
    expect(mail.body).toContain('Your payouts now go to: M-Pesa phone 07xx xxx 123.');
    expect(mail.body).toContain('start after 24 hours, from 2026-03-03 10:00 (Nairobi time)');
    expect(mail.body).toContain('If it was not you');
    expect(mail.body).toContain('Forgot password');
    expect(mail.body).not.toContain('722000123');
    expect(mail.body).not.toContain('0722000123');
  });
});
