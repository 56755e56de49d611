import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogue, tooManyAttemptsMessage } from '../../src/messages/index.js';
import { catalogueSw, tooManyAttemptsMessageSw } from '../../src/messages/swahili.js';
import { validationMessagesSw } from '../../src/validation/messages-sw.js';
import { digitRuns, expectTranslated, textPairs } from '../support/translation-checks.js';

// The catalogue texts that stay the same in Swahili (a proper noun, a code). None today: add the
// id here, with the reason, when one must.
const IDENTICAL_ALLOWED: readonly string[] = [];

describe('the catalogue in Swahili (issue 19)', () => {
  const pairs = textPairs(catalogue, catalogueSw, 'catalogue');

  it('has every text of the English catalogue, translated: not empty, not English, with its placeholders, numbers and brand words', () => {
    expect(pairs.length).toBeGreaterThan(250);
    expectTranslated(pairs, IDENTICAL_ALLOWED);
  });

  it('takes the form rule texts from validationMessagesSw, as the English takes them from validationMessages', () => {
    expect(catalogueSw.validation).toBe(validationMessagesSw);
    expect(catalogueSw.seller.termsNotAccepted).toBe(validationMessagesSw.seller.termsRequired);
    expect(catalogueSw.rider.invalidDeliveryCode).toBe(validationMessagesSw.deliveryCode.mismatch);
    expect(catalogueSw.passwordChange.newPasswordsDontMatch).toBe(validationMessagesSw.password.changeMismatch);
  });

  it('says one thing one way: a text that is the same English in two groups is the same Swahili', () => {
    const swahiliOf = new Map<string, Set<string>>();
    for (const { en, tr } of pairs) swahiliOf.set(en, (swahiliOf.get(en) ?? new Set()).add(tr));
    for (const [en, translations] of swahiliOf) expect([...translations], en).toHaveLength(1);
  });

  it('reads a few texts by path, as the frontends will', () => {
    expect(catalogueSw.buyer.orderNotFoundOrInvalidCode).toBe('Oda haijapatikana au msimbo wa uwasilishaji si sahihi');
    expect(catalogueSw.validation.phone.invalid).toBe('Weka nambari ya simu ya Kenya kama 0712345678');
    expect(catalogueSw.notFound.pageNotFound).toBe('Ukurasa haujapatikana');
  });
});

describe('tooManyAttemptsMessageSw', () => {
  it('waits the same whole seconds, then minutes, as the English', () => {
    expect(tooManyAttemptsMessageSw(0.2)).toBe('Majaribio mengi mno. Tafadhali subiri sekunde 1 kisha ujaribu tena.');
    expect(tooManyAttemptsMessageSw(89)).toBe('Majaribio mengi mno. Tafadhali subiri sekunde 89 kisha ujaribu tena.');
    expect(tooManyAttemptsMessageSw(90)).toBe('Majaribio mengi mno. Tafadhali subiri dakika 2 kisha ujaribu tena.');
    fc.assert(
      fc.property(fc.double({ min: -10, max: 100_000, noNaN: true }), (seconds) => {
        expect(digitRuns(tooManyAttemptsMessageSw(seconds))).toEqual(digitRuns(tooManyAttemptsMessage(seconds)));
      }),
    );
  });
});
