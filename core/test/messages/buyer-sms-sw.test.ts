import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cashDeliveryCodeSms,
  cashDeliveryCodeSmsSw,
  deliveryCodeSms,
  deliveryCodeSmsSw,
  MAX_PRICE_CENTS,
  outForDeliverySms,
  outForDeliverySmsSw,
  riderAssignedSms,
  riderAssignedSmsSw,
  smsLength,
  TRACKING_ALPHABET,
  type Cents,
} from '../../src/index.js';
import { digitRuns } from '../support/translation-checks.js';

// The longest tracking number an order can have (12; ours are 10), an amount wider than any
// order's, and a long three-part Kenyan name as a seller types it.
const LONGEST_TRACKING = 'ABCDEFGHJKMN';
const WIDEST_AMOUNT = 99_999_999_99 as Cents;
const LONG_NAME = 'Bonaventure Kiprotich Wafula';
const PHONE = '+254712345678';

function expectOneSegment(label: string, text: string): void {
  expect(text, label).toMatch(/^Escrow Delivery: /);
  expect(smsLength(text), `${label}: ${text}`).toMatchObject({ encoding: 'gsm7' });
  expect(smsLength(text).units, `${label}: ${text}`).toBeLessThanOrEqual(160);
}

/** Each Swahili text beside its English one, for the same values. */
const bothTexts = (trackingNumber: string, price: Cents, riderName: string): Record<string, readonly [en: string, sw: string]> => ({
  'delivery code': [deliveryCodeSms({ trackingNumber, price, code: '482913' }), deliveryCodeSmsSw({ trackingNumber, price, code: '482913' })],
  'cash delivery code': [cashDeliveryCodeSms({ trackingNumber, code: '482913' }), cashDeliveryCodeSmsSw({ trackingNumber, code: '482913' })],
  'rider assigned': [riderAssignedSms({ trackingNumber, riderName, riderPhone: PHONE }), riderAssignedSmsSw({ trackingNumber, riderName, riderPhone: PHONE })],
  'out for delivery': [outForDeliverySms({ trackingNumber }), outForDeliverySmsSw({ trackingNumber })],
});

describe("the buyer's SMS texts in Swahili (issue 19)", () => {
  it('each names the sender and fits one GSM-7 segment with the longest tracking number, the widest amount and a long name; each differs from the English and keeps its numbers', () => {
    for (const [label, [en, sw]] of Object.entries(bothTexts(LONGEST_TRACKING, WIDEST_AMOUNT, LONG_NAME))) {
      expectOneSegment(label, sw);
      expect(sw, label).toContain(LONGEST_TRACKING);
      expect(sw, label).not.toBe(en);
      expect(digitRuns(sw), label).toEqual(digitRuns(en));
    }
  });

  it('fits one segment for any tracking number, amount and rider name an order can have', () => {
    const tracking = fc.string({ unit: fc.constantFrom(...TRACKING_ALPHABET), minLength: 1, maxLength: 12 });
    const amount = fc.integer({ min: 0, max: MAX_PRICE_CENTS }).map((n) => n as Cents);
    fc.assert(
      fc.property(tracking, amount, fc.string({ maxLength: 100 }), (trackingNumber, cents, name) => {
        for (const [label, [, sw]] of Object.entries(bothTexts(trackingNumber, cents, name))) expectOneSegment(label, sw);
      }),
    );
  });

  it('carries the code and the amount in the delivery code text', () => {
    expect(deliveryCodeSmsSw({ trackingNumber: 'TRK9D3F7J1', price: 65_000_00 as Cents, code: '482913' })).toBe(
      'Escrow Delivery: Tumepokea KSh 65,000.00 ya oda TRK9D3F7J1. Msimbo wako wa uwasilishaji ni 482913. Mpe msafirishaji baada tu ya kukagua bidhaa.',
    );
    expect(cashDeliveryCodeSmsSw({ trackingNumber: 'TRK9D3F7J1', code: '482913' })).toContain('482913');
  });

  it('names the rider when the name fits, and leaves out a name that would split the text (too long, or a letter outside GSM-7)', () => {
    const args = { trackingNumber: 'TRK9D3F7J1', riderPhone: PHONE };
    expect(riderAssignedSmsSw({ ...args, riderName: LONG_NAME })).toBe(
      'Escrow Delivery: Msafirishaji Bonaventure Kiprotich Wafula, 0712345678, ataleta oda yako TRK9D3F7J1. Toa msimbo wa uwasilishaji baada tu ya kukagua bidhaa.',
    );
    const unnamed = 'Escrow Delivery: Msafirishaji mwenye nambari 0712345678 ataleta oda yako TRK9D3F7J1. Toa msimbo wa uwasilishaji baada tu ya kukagua bidhaa.';
    expect(riderAssignedSmsSw({ ...args, riderName: 'Kamau '.repeat(10).trim() })).toBe(unnamed);
    expect(riderAssignedSmsSw({ ...args, riderName: 'Wanjirũ' })).toBe(unnamed);
  });
});
