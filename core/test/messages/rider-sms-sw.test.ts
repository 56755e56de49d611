import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riderJobSms, riderJobSmsSw, riderReplacedSms, riderReplacedSmsSw, smsLength, TRACKING_ALPHABET, TRACKING_NUMBER_LENGTH } from '../../src/index.js';
import { digitRuns } from '../support/translation-checks.js';

// A rider link as the API builds it (riderLinkPath): an order UUID, the rider's phone and a
// 16-byte key, under the base URL the payment tests use (28 characters).
const LINK = 'https://escrow.example.co.ke/rider/3f2504e0-4f89-41d3-9a0c-0305e82c3301?phone=%2B254712345678&key=q2Xw9Zt0LmN4bV7cR1sY8A';

function expectOneSegment(label: string, text: string): void {
  expect(text, label).toMatch(/^Escrow Delivery: /);
  expect(smsLength(text), `${label}: ${text}`).toMatchObject({ encoding: 'gsm7' });
  expect(smsLength(text).units, `${label}: ${text}`).toBeLessThanOrEqual(160);
}

describe("the rider's SMS texts in Swahili (issue 19)", () => {
  it('the job: the tracking number and the whole link, in one segment for a generated tracking number and that link', () => {
    const tracking = fc.string({ unit: fc.constantFrom(...TRACKING_ALPHABET), minLength: TRACKING_NUMBER_LENGTH, maxLength: TRACKING_NUMBER_LENGTH });
    fc.assert(
      fc.property(tracking, (trackingNumber) => {
        const sw = riderJobSmsSw({ trackingNumber, link: LINK });
        expectOneSegment('job', sw);
        expect(sw).toBe(`Escrow Delivery: Kazi mpya ${trackingNumber}: ${LINK}`);
        expect(digitRuns(sw)).toEqual(digitRuns(riderJobSms({ trackingNumber, link: LINK })));
      }),
    );
  });

  it('taken off the order: one segment with the longest tracking number, not the English, the same numbers', () => {
    const tracking = fc.string({ unit: fc.constantFrom(...TRACKING_ALPHABET), minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(tracking, (trackingNumber) => {
        const sw = riderReplacedSmsSw({ trackingNumber });
        expectOneSegment('replaced', sw);
        expect(sw).toContain(trackingNumber);
        expect(sw).not.toBe(riderReplacedSms({ trackingNumber }));
        expect(digitRuns(sw)).toEqual(digitRuns(riderReplacedSms({ trackingNumber })));
      }),
    );
    expectOneSegment('replaced', riderReplacedSmsSw({ trackingNumber: 'ABCDEFGHJKMN' }));
  });
});
