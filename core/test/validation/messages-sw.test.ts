import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Translation } from '../../src/i18n/translation.js';
import { validationMessages } from '../../src/validation/index.js';
import { validationMessagesSw } from '../../src/validation/messages-sw.js';
import { expectTranslated, textPairs } from '../support/translation-checks.js';

// The form texts that stay the same in Swahili. None today: add the id, with the reason, when one must.
const IDENTICAL_ALLOWED: readonly string[] = [];

describe('the form rule texts in Swahili (issue 19)', () => {
  it('has every text of validationMessages, translated: not empty, not English, with its numbers, examples and brand words', () => {
    const pairs = textPairs(validationMessages, validationMessagesSw, 'validation');
    expect(pairs.length).toBeGreaterThan(100);
    expectTranslated(pairs, IDENTICAL_ALLOWED);
  });

  it('has the type of a Translation of validationMessages (the file spells the type itself: the validation entry may not import ../i18n)', () => {
    expectTypeOf(validationMessagesSw).toEqualTypeOf<Translation<typeof validationMessages>>();
  });

  it('keeps the examples a person copies: the phone, the M-Pesa code and the date format', () => {
    expect(validationMessagesSw.seller.mpesaPhoneInvalid).toContain('0712345678');
    expect(validationMessagesSw.buyer.mpesaReceiptInvalid).toContain('NLJ7RT61SV');
    expect(validationMessagesSw.exportRange.dateInvalid).toContain('YYYY-MM-DD, k.m. 2026-11-30');
  });
});
