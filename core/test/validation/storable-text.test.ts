import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as v from '../../src/validation/index.js';

const m = v.validationMessages;

/** What no database column can hold as sent: a NUL, a lone high and a lone low surrogate, anywhere in the text. */
const UNSTORABLE = ['\u0000', 'a\u0000b', 'Kamau\u0000', '\ud800', 'x\ud83dy', 'x\ude00', '\ude00\ud83d'];

const isWellFormed = (text: string): boolean => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

describe('hasUnstorableCharacter', () => {
  it('finds a NUL or half a surrogate pair, and nothing else', () => {
    for (const text of UNSTORABLE) expect(v.hasUnstorableCharacter(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'Wanjiku', 'Ñairobi — “quotes”', '🛵📦', 'Zeb\u202Eraw\u202C \u200B', 'tab\tnew\nline\u0007', '\ud83d\ude00']) {
      expect(v.hasUnstorableCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('agrees with String.prototype.isWellFormed plus "no NUL" for any sequence of UTF-16 code units', () => {
    const units = fc.array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd7f0, max: 0xe010 }), fc.constant(0)), { maxLength: 40 });
    fc.assert(
      fc.property(units, (codes) => {
        const text = String.fromCharCode(...codes);
        expect(v.hasUnstorableCharacter(text)).toBe(text.includes('\u0000') || !isWellFormed(text));
      }),
      { numRuns: 2_000 },
    );
  });
});

interface Case {
  readonly schema: z.ZodType;
  readonly valid: Record<string, unknown>;
  readonly field: string;
  readonly message: string;
}

const ORDER = { itemName: 'Phone', price: '100', buyerName: 'Achieng', buyerPhone: '0712345678', buyerAddress: 'Ngong Road', deliveryCost: '0' };
const SIGNUP = { businessName: 'Amani', location: 'Westlands', phone: '0712345678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true };
const PAYBILL = { businessNumber: '247247', accountNumber: 'ESCROW-1', accountName: 'Escrow Ltd' };

/** Every text field of every form, with the message it must give for text no database can hold. */
const CASES: readonly Case[] = [
  ...(
    [
      ['itemName', m.order.itemNameInvalid],
      ['buyerName', m.order.buyerNameInvalid],
      ['buyerAddress', m.order.buyerAddressInvalid],
      ['buyerPhone', m.phone.invalid],
      ['landmark', m.order.landmarkInvalid],
      ['houseNumber', m.order.houseNumberInvalid],
      ['estate', m.order.estateInvalid],
      ['pickupLocation', m.order.pickupLocationInvalid],
      ['pinLocationLink', m.order.pinLocationInvalid],
    ] as const
  ).map(([field, message]) => ({ schema: v.orderFormSchema, valid: ORDER, field, message })),
  ...(
    [
      ['businessName', m.seller.businessNameInvalid],
      ['location', m.seller.locationInvalid],
      ['phone', m.phone.invalid],
      ['whatsapp', m.seller.whatsappInvalid],
      ['businessProfile', m.seller.businessProfileInvalid],
      ['about', m.seller.aboutInvalid],
      ['paymentNumber', m.seller.mpesaPhoneInvalid],
    ] as const
  ).map(([field, message]) => ({ schema: v.sellerSignupSchema, valid: SIGNUP, field, message })),
  { schema: v.sellerBusinessDetailsSchema, valid: { businessName: 'Amani', location: 'CBD', phone: '0712345678' }, field: 'businessName', message: m.seller.businessNameInvalid },
  { schema: v.sellerBusinessDetailsSchema, valid: { businessName: 'Amani', location: 'CBD', phone: '0712345678' }, field: 'location', message: m.seller.locationInvalid },
  { schema: v.sellerAboutSchema, valid: {}, field: 'about', message: m.seller.aboutInvalid },
  { schema: v.sellerPayoutDetailsSchema, valid: { method: 'paybill', paybillNumber: '247247', accountReference: '0123456789', currentPassword: 'x' }, field: 'paybillNumber', message: m.seller.paybillInvalid },
  { schema: v.sellerPayoutDetailsSchema, valid: { method: 'paybill', paybillNumber: '247247', accountReference: '0123456789', currentPassword: 'x' }, field: 'accountReference', message: m.seller.accountReferenceInvalid },
  { schema: v.sellerPayoutDetailsSchema, valid: { method: 'mpesa_phone', phone: '0712345678', currentPassword: 'x' }, field: 'phone', message: m.seller.mpesaPhoneInvalid },
  { schema: v.contactFormSchema, valid: { name: 'Amina', email: 'amina@example.com', message: 'Hello there' }, field: 'name', message: m.contact.nameInvalid },
  { schema: v.contactFormSchema, valid: { name: 'Amina', email: 'amina@example.com', message: 'Hello there' }, field: 'email', message: m.email.invalid },
  { schema: v.contactFormSchema, valid: { name: 'Amina', email: 'amina@example.com', message: 'Hello there' }, field: 'phone', message: m.contact.phoneInvalid },
  { schema: v.contactFormSchema, valid: { name: 'Amina', email: 'amina@example.com', message: 'Hello there' }, field: 'message', message: m.contact.messageInvalid },
  { schema: v.addRiderSchema, valid: { name: 'Kamau', phone: '0712345678', motorbikePlate: 'KMD 1A' }, field: 'name', message: m.rider.nameInvalid },
  { schema: v.addRiderSchema, valid: { name: 'Kamau', phone: '0712345678', motorbikePlate: 'KMD 1A' }, field: 'phone', message: m.phone.invalid },
  { schema: v.addRiderSchema, valid: { name: 'Kamau', phone: '0712345678', motorbikePlate: 'KMD 1A' }, field: 'motorbikePlate', message: m.rider.plateInvalid },
  { schema: v.assignRiderSchema, valid: { newRiderName: 'Kamau', newRiderPhone: '0712345678' }, field: 'newRiderName', message: m.rider.nameInvalid },
  { schema: v.assignRiderSchema, valid: { newRiderName: 'Kamau', newRiderPhone: '0712345678' }, field: 'newRiderPhone', message: m.phone.invalid },
  { schema: v.assignRiderSchema, valid: { riderId: 'rider-1' }, field: 'riderId', message: m.rider.selectOrAdd },
  { schema: v.feedbackSchema, valid: { riderRating: 5, sellerRating: 4 }, field: 'comment', message: m.feedback.commentInvalid },
  { schema: v.riderPaymentSchema, valid: { paymentReceived: false, paymentIssue: 'Buyer paid half' }, field: 'paymentIssue', message: m.riderPayment.issueInvalid },
  { schema: v.refundRequestSchema, valid: { reason: 'Wrong colour' }, field: 'reason', message: m.refund.reasonInvalid },
  { schema: v.paymentConfigSchema, valid: PAYBILL, field: 'businessNumber', message: m.paymentConfig.businessNumberInvalid },
  { schema: v.paymentConfigSchema, valid: PAYBILL, field: 'accountNumber', message: m.paymentConfig.accountNumberInvalid },
  { schema: v.paymentConfigSchema, valid: PAYBILL, field: 'accountName', message: m.paymentConfig.accountNameInvalid },
  { schema: v.signInSchema, valid: { email: 'amani@example.com', password: 'Sokoni#2026' }, field: 'email', message: m.email.invalid },
  { schema: v.signUpSchema, valid: { email: 'amani@example.com', password: 'Sokoni#2026' }, field: 'password', message: m.password.invalidCharacter },
  { schema: v.setPasswordSchema, valid: { password: 'Sokoni#2026', confirmPassword: 'Sokoni#2026' }, field: 'password', message: m.password.invalidCharacter },
  { schema: v.requestResetCodeSchema, valid: { email: 'amani@example.com' }, field: 'email', message: m.email.invalid },
  { schema: v.buyerPaymentSchema, valid: { termsAccepted: true, deliveryCode: '123456', mpesaReceipt: 'QF12345678' }, field: 'mpesaReceipt', message: m.buyer.mpesaReceiptInvalid },
  { schema: v.deliveryCodeFormSchema, valid: { deliveryCode: '123456' }, field: 'deliveryCode', message: m.deliveryCode.entryInvalid },
  { schema: v.verifyResetCodeSchema, valid: { email: 'amani@example.com', code: '123456' }, field: 'code', message: m.resetCode.invalid },
];

describe('every text field refuses text no database can hold, with its own message', () => {
  it.each(CASES.map((c) => [c.field, c] as const))('%s', (_label, { schema, valid, field, message }) => {
    expect(v.parseOrFirstError(schema, valid).ok).toBe(true);
    const clean = typeof valid[field] === 'string' ? (valid[field] as string) : 'Wanjiku';
    for (const bad of UNSTORABLE) {
      for (const text of [`${clean}${bad}`, `${bad}${clean}`, `${clean.slice(0, 2)}${bad}${clean.slice(2)}`]) {
        const outcome = v.parseOrFirstError(schema, { ...valid, [field]: text });
        expect(outcome, `${field} = ${JSON.stringify(text)}`).toEqual({ ok: false, message });
      }
    }
  });

  it('still keeps any other text exactly, emoji and right-to-left marks included', () => {
    const text = 'Zeb\u202Eraw\u202C 🛵📦 Ñairobi';
    const outcome = v.parseOrFirstError(v.orderFormSchema, { ...ORDER, itemName: text, landmark: text });
    expect(outcome.ok && outcome.value.itemName === text && outcome.value.landmark === text).toBe(true);
  });
});
