import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE_CENTS,
  sellerCodeLockedSms,
  sellerCodeLockedSmsSw,
  sellerDeliveredSms,
  sellerDeliveredSmsSw,
  sellerPaidOutSms,
  sellerPaidOutSmsSw,
  sellerPaymentConfirmedSms,
  sellerPaymentConfirmedSmsSw,
  sellerPaymentReportedSms,
  sellerPaymentReportedSmsSw,
  sellerRefundedSms,
  sellerRefundedSmsSw,
  sellerRefundRequestedSms,
  sellerRefundRequestedSmsSw,
  smsLength,
  TRACKING_ALPHABET,
  type Cents,
} from '../../src/index.js';
import { digitRuns } from '../support/translation-checks.js';

// As seller-sms.test.ts: the longest tracking number (12) and an amount wider than any order's.
const LONGEST_TRACKING = 'ABCDEFGHJKMN';
const WIDEST_AMOUNT = 99_999_999_99 as Cents;

/** Each Swahili text beside its English one, for the same values. */
const bothTexts = (trackingNumber: string, amount: Cents, reference: string | null): Record<string, readonly [en: string, sw: string]> => ({
  'payment confirmed': [sellerPaymentConfirmedSms({ trackingNumber, price: amount }), sellerPaymentConfirmedSmsSw({ trackingNumber, price: amount })],
  'payment reported': [sellerPaymentReportedSms({ trackingNumber, receipt: 'NLJ7RT61SV' }), sellerPaymentReportedSmsSw({ trackingNumber, receipt: 'NLJ7RT61SV' })],
  delivered: [sellerDeliveredSms({ trackingNumber, sellerPayout: amount, cash: false }), sellerDeliveredSmsSw({ trackingNumber, sellerPayout: amount, cash: false })],
  'delivered (cash)': [sellerDeliveredSms({ trackingNumber, sellerPayout: amount, cash: true }), sellerDeliveredSmsSw({ trackingNumber, sellerPayout: amount, cash: true })],
  'code locked': [sellerCodeLockedSms({ trackingNumber }), sellerCodeLockedSmsSw({ trackingNumber })],
  'refund requested': [sellerRefundRequestedSms({ trackingNumber }), sellerRefundRequestedSmsSw({ trackingNumber })],
  refunded: [sellerRefundedSms({ trackingNumber }), sellerRefundedSmsSw({ trackingNumber })],
  'paid out': [sellerPaidOutSms({ trackingNumber, sellerPayout: amount, reference }), sellerPaidOutSmsSw({ trackingNumber, sellerPayout: amount, reference })],
});

function expectOneSegment(label: string, text: string): void {
  expect(text, label).toMatch(/^Escrow Delivery: /);
  expect(smsLength(text), `${label}: ${text}`).toMatchObject({ encoding: 'gsm7' });
  expect(smsLength(text).units, `${label}: ${text}`).toBeLessThanOrEqual(160);
}

describe("the seller's SMS texts in Swahili (issue 19)", () => {
  it('each names the sender and the order, fits one GSM-7 segment with the longest tracking number and the widest amount, differs from the English and keeps its numbers', () => {
    for (const [label, [en, sw]] of Object.entries(bothTexts(LONGEST_TRACKING, WIDEST_AMOUNT, 'B2C7654321'))) {
      expectOneSegment(label, sw);
      expect(sw, label).toContain(LONGEST_TRACKING);
      expect(sw, label).not.toBe(en);
      expect(digitRuns(sw), label).toEqual(digitRuns(en));
    }
  });

  it('fits one segment for any tracking number and amount an order can have', () => {
    const tracking = fc.string({ unit: fc.constantFrom(...TRACKING_ALPHABET), minLength: 1, maxLength: 12 });
    const amount = fc.integer({ min: 0, max: MAX_PRICE_CENTS }).map((n) => n as Cents);
    const reference = fc.option(fc.string({ maxLength: 100 }), { nil: null });
    fc.assert(
      fc.property(tracking, amount, reference, (trackingNumber, cents, ref) => {
        for (const [label, [, sw]] of Object.entries(bothTexts(trackingNumber, cents, ref))) expectOneSegment(label, sw);
      }),
    );
  });

  it('says what the seller needs: the money held ("amana") and the next step, the payout, and a claim that is neither confirmed nor held', () => {
    expect(sellerPaymentConfirmedSmsSw({ trackingNumber: 'TRK9D3F7J1', price: 65_000_00 as Cents })).toBe(
      'Escrow Delivery: Malipo ya KSh 65,000.00 ya oda TRK9D3F7J1 yamethibitishwa na M-Pesa na yamehifadhiwa kama amana. Teua msafirishaji sasa.',
    );
    expect(sellerDeliveredSmsSw({ trackingNumber: 'TRK9D3F7J1', sellerPayout: 63_375_00 as Cents, cash: false })).toContain('Malipo yako ya KSh 63,375.00 yanafuata.');
    expect(sellerDeliveredSmsSw({ trackingNumber: 'TRK9D3F7J1', sellerPayout: 63_375_00 as Cents, cash: true })).not.toMatch(/malipo/i);
    const reported = sellerPaymentReportedSmsSw({ trackingNumber: 'TRK9D3F7J1', receipt: 'NLJ7RT61SV' });
    expect(reported).toContain('usikabidhi bidhaa bado');
    expect(reported).toContain('1SV');
    expect(reported).not.toContain('NLJ7RT61SV');
    expect(reported).not.toMatch(/amana|thibitishwa/i);
  });

  it('paid out: carries the payout reference when it fits, and leaves out one that would split the text', () => {
    const args = { trackingNumber: 'TRK9D3F7J1', sellerPayout: 63_375_00 as Cents };
    expect(sellerPaidOutSmsSw({ ...args, reference: 'B2C7654321' })).toBe('Escrow Delivery: Malipo yako ya KSh 63,375.00 ya oda TRK9D3F7J1 yametumwa. Nambari ya muamala: B2C7654321.');
    expect(sellerPaidOutSmsSw({ ...args, reference: null })).toBe('Escrow Delivery: Malipo yako ya KSh 63,375.00 ya oda TRK9D3F7J1 yametumwa.');
    expect(sellerPaidOutSmsSw({ ...args, reference: 'R'.repeat(100) })).toBe(sellerPaidOutSmsSw({ ...args, reference: null }));
    expect(sellerPaidOutSmsSw({ ...args, reference: 'Paid ✓ by Equity' })).toBe(sellerPaidOutSmsSw({ ...args, reference: null }));
  });
});
