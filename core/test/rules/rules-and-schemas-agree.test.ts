import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEFORE_DELIVERY_STATUSES,
  CODE_LENGTH,
  DELIVERED_STATUSES,
  FEEDBACK_COMMENT_MAX_LENGTH,
  isMpesaReceipt,
  isSixDigitCode,
  isStarRating,
  isTrackingNumber,
  isWellFormedBuyerKey,
  isWellFormedDeliveryCode,
  MAX_WRONG_CODE_ATTEMPTS,
  nationalKenyanPhone,
  normalizeKenyanPhone,
  ON_THE_WAY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_ISSUE_MAX_LENGTH,
  paymentUnverified,
  REFUND_REASON_MAX_LENGTH,
  REFUND_REASON_MIN_LENGTH,
  TRACKING_NUMBER_LENGTH,
} from '../../src/rules/index.js';
import {
  buyerPaymentSchema,
  deliveryCodeEntrySchema,
  feedbackSchema,
  kenyanPhoneSchema,
  mpesaReceiptSchema,
  parseOrFirstError,
  refundRequestSchema,
  resetCodeSchema,
  riderPaymentSchema,
  riderPhoneCodeSchema,
  validationMessages,
} from '../../src/validation/index.js';
import {
  checkDeliveryCode,
  cryptoRandom,
  generateDeliveryCode,
  generateTrackingNumber,
  parseDeliveryCode,
  parseMpesaReceipt,
  planTransition,
  PROGRESS_PERCENT,
  type Order,
} from '../../src/index.js';

// The zod schemas are built on the rules (decision 0062); these properties hold the two to the
// same answers on inputs shaped to hit both sides of each rule, so a schema that drifts from its
// rule (or a rule changed without its schema) fails here, not on a buyer's phone.
const RUNS = { numRuns: 500 };
const accepts = (schema: { safeParse(input: unknown): { success: boolean } }, input: unknown) => schema.safeParse(input).success;

const text = (pieces: readonly string[], maxLength: number) => fc.array(fc.constantFrom(...pieces), { maxLength }).map((parts) => parts.join(''));
const phoneLike = fc.oneof(text(['0', '1', '2', '4', '5', '7', '8', '9', '+', ' ', '-', '(', ')', '.', '\t', '254', '07', '01', 'x'], 16), fc.string({ maxLength: 20 }));
/** Strings of `length` +- 1 characters mostly from `unit`: near a rule's edge, where schemas and copies drift apart. */
const nearLength = (unit: readonly string[], length: number) => fc.string({ unit: fc.constantFrom(...unit), minLength: length - 1, maxLength: length + 1 });
const codeLike = fc.oneof(nearLength(['0', '1', '5', '9', ' ', 'a'], 6), text(['0', '1', '5', '9', ' ', 'a', '\n'], 9), fc.string({ maxLength: 8 }));
const receiptLike = fc.oneof(nearLength(['A', 'b', 'Z', '0', '7', ' ', '-'], 10), text(['A', 'b', 'Z', '0', '7', ' ', '-', 'ß', 'é'], 13), fc.string({ maxLength: 12 }));
const viewKeyLike = fc.oneof(text(['A', 'z', '0', '_', '-', ' ', '=', '4'], 24), codeLike);

describe('the Kenyan phone rule and the phone schema', () => {
  it('accept the same numbers and store the same E.164', () => {
    fc.assert(
      fc.property(phoneLike, (input) => {
        const rule = normalizeKenyanPhone(input);
        const parsed = kenyanPhoneSchema.safeParse(input);
        expect(parsed.success).toBe(rule !== null);
        if (parsed.success) expect(parsed.data).toBe(rule);
      }),
      RUNS,
    );
  });

  it('write the national form of exactly the numbers they accept', () => {
    fc.assert(
      fc.property(phoneLike, (input) => {
        const e164 = normalizeKenyanPhone(input);
        expect(nationalKenyanPhone(input)).toBe(e164 === null ? null : `0${e164.slice(4)}`);
      }),
      RUNS,
    );
    expect(nationalKenyanPhone('+254 112 345 678')).toBe('0112345678');
    expect(normalizeKenyanPhone(12 as unknown as string)).toBeNull();
  });
});

describe('the M-Pesa receipt rule', () => {
  it('is the receipt schema after its trim and upper-casing, and the use case that reads a typed receipt', () => {
    fc.assert(
      fc.property(receiptLike, (input) => {
        const cleaned = input.trim().toUpperCase();
        expect(accepts(mpesaReceiptSchema, input)).toBe(isMpesaReceipt(cleaned));
        expect(parseMpesaReceipt(input)).toBe(isMpesaReceipt(cleaned) ? cleaned : null);
      }),
      RUNS,
    );
    expect(isMpesaReceipt('NLJ7RT61SV')).toBe(true);
    expect(isMpesaReceipt('nlj7rt61sv')).toBe(false);
  });
});

describe('the code rules', () => {
  it("are the rider's delivery-code entry: a code of the wrong shape and one that can match no order get their own messages", () => {
    fc.assert(
      fc.property(codeLike, (input) => {
        const code = input.trim();
        const outcome = parseOrFirstError(deliveryCodeEntrySchema, input);
        if (isWellFormedDeliveryCode(code)) expect(outcome).toEqual({ ok: true, value: code });
        else expect(outcome).toEqual({ ok: false, message: isSixDigitCode(code) ? validationMessages.deliveryCode.mismatch : validationMessages.deliveryCode.entryInvalid });
        expect(parseDeliveryCode(input).ok).toBe(isWellFormedDeliveryCode(code));
      }),
      RUNS,
    );
  });

  it('are the one-time codes of the rider phone step and the password reset', () => {
    fc.assert(
      fc.property(codeLike, (input) => {
        expect(accepts(riderPhoneCodeSchema, input)).toBe(isSixDigitCode(input.trim()));
        expect(accepts(resetCodeSchema, input)).toBe(isSixDigitCode(input.trim()));
      }),
      RUNS,
    );
  });

  it("are the buyer payment's check of the key the page kept from its link", () => {
    const payment = { termsAccepted: true, mpesaReceipt: 'NLJ7RT61SV' };
    fc.assert(
      fc.property(viewKeyLike, (key) => {
        expect(accepts(buyerPaymentSchema, { ...payment, deliveryCode: key })).toBe(isWellFormedBuyerKey(key.trim()));
      }),
      RUNS,
    );
    expect(accepts(buyerPaymentSchema, { ...payment, deliveryCode: null })).toBe(isWellFormedBuyerKey(null));
  });

  it('hold every code the core makes, and count the attempts the core counts', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateDeliveryCode(cryptoRandom);
      expect(code).toHaveLength(CODE_LENGTH);
      expect(isWellFormedDeliveryCode(code)).toBe(true);
      const tracking = generateTrackingNumber(cryptoRandom);
      expect(tracking).toHaveLength(TRACKING_NUMBER_LENGTH);
      expect(isTrackingNumber(tracking)).toBe(true);
    }
    const last = checkDeliveryCode('482913', '111111', MAX_WRONG_CODE_ATTEMPTS - 1, (a, b) => a === b);
    expect(last).toEqual({ outcome: 'wrong', attempts: MAX_WRONG_CODE_ATTEMPTS, locked: true, attemptsLeft: 0 });
    expect(['', 'K7M2Q9RX4O', 'k7m2q9rx4t', 'K7M2Q9RX4T123'].map(isTrackingNumber)).toEqual([false, false, false, false]);
  });
});

describe('the text limits', () => {
  const reasonLike = fc.oneof(fc.string({ maxLength: 12 }), fc.nat({ max: 1_010 }).map((n) => ' '.repeat(n % 3) + 'r'.repeat(n)));

  it("are the refund request's reason", () => {
    fc.assert(
      fc.property(reasonLike, (reason) => {
        const length = reason.trim().length;
        expect(accepts(refundRequestSchema, { reason })).toBe(length >= REFUND_REASON_MIN_LENGTH && length <= REFUND_REASON_MAX_LENGTH);
      }),
      RUNS,
    );
  });

  it("are the feedback's ratings and comment, and the rider's payment issue", () => {
    const feedback = { riderRating: 5, sellerRating: 4, comment: null };
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double({ min: -1, max: 7, noNaN: true })), (stars) => {
        expect(accepts(feedbackSchema, { ...feedback, riderRating: stars })).toBe(isStarRating(stars));
        expect(accepts(feedbackSchema, { ...feedback, sellerRating: stars })).toBe(isStarRating(stars));
      }),
      RUNS,
    );
    for (const length of [FEEDBACK_COMMENT_MAX_LENGTH, FEEDBACK_COMMENT_MAX_LENGTH + 1]) {
      expect(accepts(feedbackSchema, { ...feedback, comment: 'c'.repeat(length) })).toBe(length <= FEEDBACK_COMMENT_MAX_LENGTH);
    }
    for (const length of [PAYMENT_ISSUE_MAX_LENGTH, PAYMENT_ISSUE_MAX_LENGTH + 1]) {
      expect(accepts(riderPaymentSchema, { paymentReceived: false, paymentIssue: 'i'.repeat(length) })).toBe(length <= PAYMENT_ISSUE_MAX_LENGTH);
    }
  });
});

describe('the status groups', () => {
  const where = (test: (percent: number) => boolean) => ORDER_STATUSES.filter((s) => s !== 'cancelled' && test(PROGRESS_PERCENT[s]));

  it("follow the spec's progress: before delivery is past 0 % and short of 100 %, on the way is 75 %, delivered is 100 %", () => {
    expect([...BEFORE_DELIVERY_STATUSES].sort()).toEqual(where((p) => p > 0 && p < 100).sort());
    expect([...ON_THE_WAY_STATUSES].sort()).toEqual(where((p) => p === 75).sort());
    expect([...DELIVERED_STATUSES].sort()).toEqual(where((p) => p === 100).sort());
  });

  it('name money M-Pesa never confirmed as the transition table refuses to move it', () => {
    for (const paymentMethod of ['mpesa_prepay', 'mpesa_pod', 'cash'] as const) {
      for (const paymentVerifiedBy of [null, 'stk_query']) {
        const order = { status: 'awaiting_settlement', paymentMethod, paymentConfirmed: true, paymentVerifiedBy, settlementPaid: false, riderPhone: null, riderAcceptedAt: null, codeLockedAt: null } satisfies Partial<Order>;
        const planned = planTransition(order, 'confirm_settlement');
        expect(planned.ok ? null : planned.error.code).toBe(paymentUnverified(order) ? 'PAYMENT_UNVERIFIED' : null);
      }
    }
  });
});
