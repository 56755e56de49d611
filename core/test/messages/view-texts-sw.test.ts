import { describe, expect, it } from 'vitest';
import { flattenTexts } from '../../src/i18n/translation.js';
import { catalogue, tooManyAttemptsMessage } from '../../src/messages/index.js';
import { catalogueSw, tooManyAttemptsMessageSw } from '../../src/messages/swahili.js';
import { swahiliOf } from '../../src/messages/swahili-of.js';
import { fillText, viewTexts } from '../../src/messages/view-texts.js';
import { BUYER_STATUS_LABELS_SW, PROGRESS_STEPS_SW, viewTextsSw } from '../../src/messages/view-texts-sw.js';
import { BUYER_STATUS_LABELS, PROGRESS_STEPS } from '../../src/orders/progress.js';
import { stkResultMessages } from '../../src/payments/stk-result.js';
import { expectTranslated, textPairs } from '../support/translation-checks.js';

// Issue 19, decision 0067: the texts the server writes into its answers (a refund's, a payout's,
// a prompt's state, the statuses) in Swahili, and the server's one English -> Swahili lookup.
describe("the views' texts in Swahili", () => {
  it('has every text of viewTexts, translated: not empty, not English, with its placeholders, numbers and brand words', () => {
    expectTranslated(textPairs(viewTexts, viewTextsSw, 'view'), []);
    expect(viewTexts.mpesaPrompt).toBe(stkResultMessages);
  });

  it('has every status label and progress step', () => {
    expectTranslated(textPairs(BUYER_STATUS_LABELS, BUYER_STATUS_LABELS_SW, 'status'), []);
    expectTranslated(textPairs(PROGRESS_STEPS, PROGRESS_STEPS_SW, 'step'), []);
  });
});

describe('swahiliOf', () => {
  it('gives each text of the catalogue, the views, the statuses and the steps in Swahili', () => {
    const tables: [object, object][] = [
      [catalogue, catalogueSw],
      [viewTexts, viewTextsSw],
      [BUYER_STATUS_LABELS, BUYER_STATUS_LABELS_SW],
      [PROGRESS_STEPS, PROGRESS_STEPS_SW],
    ];
    for (const [english, swahili] of tables) {
      const sw = flattenTexts(swahili, 't');
      for (const [id, en] of Object.entries(flattenTexts(english, 't'))) {
        const values = { amount: 'KSh 1,500', phone: '07xx xxx 123', receipt: 'NLJ7RT61SV', until: '2026-11-29 14:05:00' };
        expect(swahiliOf(fillText(en, values)), id).toBe(fillText(sw[id] ?? '', values));
      }
    }
  });

  it('tells apart texts that differ by an ending, and keeps the values as they came', () => {
    const t = viewTexts.refund;
    const s = viewTextsSw.refund;
    const amount = 'KSh 12,345.50';
    expect(swahiliOf(fillText(t.sent, { amount }))).toBe(fillText(s.sent, { amount }));
    expect(swahiliOf(fillText(t.sentToPhone, { amount, phone: '0712 xxx 678' }))).toBe(fillText(s.sentToPhone, { amount, phone: '0712 xxx 678' }));
    expect(swahiliOf(fillText(t.sentToPhoneWithReceipt, { amount, phone: '0712 xxx 678', receipt: 'SBC1234XYZ' }))).toBe(
      `Pesa zako ${amount} zimerejeshwa kwenye M-Pesa yako (0712 xxx 678). Msimbo wa uthibitisho wa M-Pesa: SBC1234XYZ.`,
    );
    expect(swahiliOf('Code sent to 07xx xxx 123.')).toBe('Msimbo umetumwa kwa 07xx xxx 123.');
  });

  it('gives the wait of a 429 in Swahili', () => {
    for (const seconds of [1, 2, 59, 89, 90, 600, 3600]) expect(swahiliOf(tooManyAttemptsMessage(seconds)), String(seconds)).toBe(tooManyAttemptsMessageSw(seconds));
  });

  it('leaves a text none of the core writes as it is: a name, an item, a text in Swahili already', () => {
    for (const text of ['Amani Phones', 'iPhone 13', '', catalogueSw.buyer.feedbackThanks, 'Your refund of', 'Paid to your M-Pesa']) expect(swahiliOf(text)).toBe(text);
  });
});
