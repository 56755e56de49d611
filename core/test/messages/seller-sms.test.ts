import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE_CENTS,
  sellerCodeLockedSms,
  sellerDeliveredSms,
  sellerPaidOutSms,
  sellerPaymentConfirmedSms,
  sellerPaymentReportedSms,
  sellerRefundedSms,
  sellerRefundRequestedSms,
  smsLength,
  TRACKING_ALPHABET,
  type Cents,
} from '../../src/index.js';

// The longest tracking number the M-Pesa account reference allows (12; ours are 10), and an amount
// wider than any order's (prices stop at KSh 10,000,000.00, which formats as wide).
const LONGEST_TRACKING = 'ABCDEFGHJKMN';
const WIDEST_AMOUNT = 99_999_999_99 as Cents;

const everyText = (trackingNumber: string, amount: Cents, reference: string | null) => ({
  'payment confirmed': sellerPaymentConfirmedSms({ trackingNumber, price: amount }),
  'payment reported': sellerPaymentReportedSms({ trackingNumber, receipt: 'NLJ7RT61SV' }),
  delivered: sellerDeliveredSms({ trackingNumber, sellerPayout: amount, cash: false }),
  'delivered (cash)': sellerDeliveredSms({ trackingNumber, sellerPayout: amount, cash: true }),
  'code locked': sellerCodeLockedSms({ trackingNumber }),
  'refund requested': sellerRefundRequestedSms({ trackingNumber }),
  refunded: sellerRefundedSms({ trackingNumber }),
  'paid out': sellerPaidOutSms({ trackingNumber, sellerPayout: amount, reference }),
});

function expectOneSegment(label: string, text: string): void {
  expect(text, label).toMatch(/^Escrow Delivery: /);
  expect(smsLength(text), `${label}: ${text}`).toMatchObject({ encoding: 'gsm7' });
  expect(smsLength(text).units, `${label}: ${text}`).toBeLessThanOrEqual(160);
}

describe("the seller's SMS texts (decision 0048)", () => {
  it('each names the sender and the order, and fits one GSM-7 segment with the longest tracking number and the widest amount', () => {
    for (const [label, text] of Object.entries(everyText(LONGEST_TRACKING, WIDEST_AMOUNT, 'B2C7654321'))) {
      expectOneSegment(label, text);
      expect(text, label).toContain(LONGEST_TRACKING);
    }
  });

  it('fits one segment for any tracking number and amount an order can have', () => {
    const tracking = fc.string({ unit: fc.constantFrom(...TRACKING_ALPHABET), minLength: 1, maxLength: 12 });
    const amount = fc.integer({ min: 0, max: MAX_PRICE_CENTS }).map((n) => n as Cents);
    const reference = fc.option(fc.string({ maxLength: 100 }), { nil: null });
    fc.assert(
      fc.property(tracking, amount, reference, (trackingNumber, cents, ref) => {
        for (const [label, text] of Object.entries(everyText(trackingNumber, cents, ref))) expectOneSegment(label, text);
      }),
    );
  });

  it('says what the seller needs: the money in escrow and the next step, the payout amount, and the claim not yet in escrow', () => {
    expect(sellerPaymentConfirmedSms({ trackingNumber: 'TRK9D3F7J1', price: 65_000_00 as Cents })).toBe(
      'Escrow Delivery: Payment of KSh 65,000.00 for order TRK9D3F7J1 is confirmed by M-Pesa and held in escrow. Assign a rider now.',
    );
    expect(sellerDeliveredSms({ trackingNumber: 'TRK9D3F7J1', sellerPayout: 63_375_00 as Cents, cash: false })).toContain('Your payout of KSh 63,375.00 is due next.');
    expect(sellerDeliveredSms({ trackingNumber: 'TRK9D3F7J1', sellerPayout: 63_375_00 as Cents, cash: true })).not.toContain('payout');
    expect(sellerPaymentReportedSms({ trackingNumber: 'TRK9D3F7J1', receipt: 'NLJ7RT61SV' })).toContain('do not hand over the item yet');
    expect(sellerPaymentReportedSms({ trackingNumber: 'TRK9D3F7J1', receipt: 'NLJ7RT61SV' })).not.toMatch(/in escrow|confirmed/i);
  });

  it('paid out: carries the payout reference when it fits, and leaves out one that would split the text', () => {
    const args = { trackingNumber: 'TRK9D3F7J1', sellerPayout: 63_375_00 as Cents };
    expect(sellerPaidOutSms({ ...args, reference: 'B2C7654321' })).toBe('Escrow Delivery: Your payout of KSh 63,375.00 for order TRK9D3F7J1 has been sent. Reference: B2C7654321.');
    expect(sellerPaidOutSms({ ...args, reference: null })).toBe('Escrow Delivery: Your payout of KSh 63,375.00 for order TRK9D3F7J1 has been sent.');
    // Too long for what is left of the segment, or a character outside GSM-7 (the whole text would go as UCS-2, 70 a segment).
    expect(sellerPaidOutSms({ ...args, reference: 'R'.repeat(100) })).toBe(sellerPaidOutSms({ ...args, reference: null }));
    expect(sellerPaidOutSms({ ...args, reference: 'Paid ✓ by Equity' })).toBe(sellerPaidOutSms({ ...args, reference: null }));
  });
});
