import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/index.js';
import { accountEmails, accountEmailsSw, createOrder, sellerEmails, sellerEmailsSw, smsLength, textsFor, type Cents } from '../../src/index.js';
import { MESSAGE_LOCALES } from '../../src/validation/index.js';
import { memoryWorld, orderInput, seller, value } from '../support/world.js';

const LONGEST_TRACKING = 'ABCDEFGHJKMN';
const WIDEST_AMOUNT = 99_999_999_99 as Cents;

/** Decision 0066: the core picks each text by its recipient's language. */
describe('textsFor: every text the product sends, in the recipient\'s language', () => {
  it('gives Swahili for sw and English for en, and English for anything that is not a language of ours', () => {
    expect(textsFor('sw').locale).toBe('sw');
    expect(textsFor('sw').sellerEmails).toBe(sellerEmailsSw);
    expect(textsFor('sw').accountEmails).toBe(accountEmailsSw);
    expect(textsFor('en').sellerEmails).toBe(sellerEmails);
    expect(textsFor('en').accountEmails).toBe(accountEmails);
    for (const stranger of [undefined, null, 'fr', 'SW', '', 'sw-KE'] as unknown as ('en' | 'sw')[]) expect(textsFor(stranger).locale).toBe('en');
  });

  it('the languages the forms accept are the languages of ours', () => {
    expect([...MESSAGE_LOCALES]).toEqual([...LOCALES]);
  });

  it('the new buyer texts (a refund on its way, paid) fit one GSM-7 segment in both languages', () => {
    for (const locale of LOCALES) {
      const t = textsFor(locale).buyerSms;
      for (const text of [t.refundSent({ trackingNumber: LONGEST_TRACKING, price: WIDEST_AMOUNT }), t.refundPaid({ trackingNumber: LONGEST_TRACKING, amount: WIDEST_AMOUNT, receipt: 'NLJ7RT61SV' })]) {
        expect(text).toMatch(/^Escrow Delivery: /);
        expect(smsLength(text), text).toMatchObject({ encoding: 'gsm7' });
        expect(smsLength(text).units, text).toBeLessThanOrEqual(160);
      }
    }
  });

  it("each seller email in Swahili is the English one's subject and body in other words, with the same facts", () => {
    const a = { trackingNumber: 'TRK123', itemName: 'Samsung A15', receipt: 'NLJ7RT61SV', reason: 'Wrong colour', sellerPayout: 1_852_450 as Cents, reference: 'RKT4' };
    const pairs = {
      newOrder: [sellerEmails.newOrder(a), sellerEmailsSw.newOrder(a)],
      paymentConfirmed: [sellerEmails.paymentConfirmed(a), sellerEmailsSw.paymentConfirmed(a)],
      paymentReported: [sellerEmails.paymentReported(a), sellerEmailsSw.paymentReported(a)],
      delivered: [sellerEmails.delivered(a), sellerEmailsSw.delivered(a)],
      codeLocked: [sellerEmails.codeLocked(a), sellerEmailsSw.codeLocked(a)],
      refundRequested: [sellerEmails.refundRequested(a), sellerEmailsSw.refundRequested(a)],
      refunded: [sellerEmails.refunded(a), sellerEmailsSw.refunded(a)],
      paidOut: [sellerEmails.paidOut(a), sellerEmailsSw.paidOut(a)],
      paidOutByMpesa: [sellerEmails.paidOutByMpesa({ ...a, receipt: 'RKT4' }), sellerEmailsSw.paidOutByMpesa({ ...a, receipt: 'RKT4' })],
    } as const;
    expect(Object.keys(pairs).sort()).toEqual(Object.keys(sellerEmails).sort());
    for (const [name, [en, sw]] of Object.entries(pairs)) {
      expect(sw.subject, name).not.toBe(en.subject);
      expect(sw.body, name).not.toBe(en.body);
      expect(sw.body, name).toContain('TRK123');
      for (const fact of ['Samsung A15', 'Wrong colour', 'KSh 18,524.50', 'RKT4', '61SV']) if (en.body.includes(fact)) expect(sw.body, `${name}: ${fact}`).toContain(fact);
    }
  });

  it('each account email in Swahili keeps its recipient, its secret and its sensitivity', () => {
    const details = { method: 'mpesa_phone', phone: '+254712345678', paybillNumber: null, accountReference: null, tillNumber: null } as const;
    const at = new Date('2026-11-28T09:00:00.000Z');
    const pairs = [
      [accountEmails.resetCode('a@example.com', '123456'), accountEmailsSw.resetCode('a@example.com', '123456')],
      [accountEmails.welcome('a@example.com'), accountEmailsSw.welcome('a@example.com')],
      [accountEmails.passwordChanged('a@example.com'), accountEmailsSw.passwordChanged('a@example.com')],
      [accountEmails.googleLinked('a@example.com', true), accountEmailsSw.googleLinked('a@example.com', true)],
      [accountEmails.payoutDetailsChanged({ to: 'a@example.com', details, changedAt: at, heldUntil: at }), accountEmailsSw.payoutDetailsChanged({ to: 'a@example.com', details, changedAt: at, heldUntil: at })],
    ] as const;
    for (const [en, sw] of pairs) {
      expect({ channel: sw.channel, to: sw.to, sensitive: sw.sensitive }).toEqual({ channel: en.channel, to: en.to, sensitive: en.sensitive });
      expect(sw.subject).not.toBe(en.subject);
      expect(sw.body).not.toBe(en.body);
    }
    expect(pairs[0][1].subject).toContain('123456');
    expect(pairs[0][1].body).toContain('123456');
    expect(pairs[4][1].body).toContain('07xx xxx 678');
  });

  it("a cash order's code goes to the buyer in the language the seller chose, and the seller's new-order email in the account's", async () => {
    const w = memoryWorld();
    const order = value(await createOrder(w.deps, { actor: seller, input: { ...orderInput, paymentMethod: 'cash', buyerCashAmount: 100_00, buyerLocale: 'sw' } }));
    const payloads = [...w.store.state.outbox.values()].map((m) => m.payload);
    expect(payloads.find((p) => p['channel'] === 'sms' && p['to'] === order.buyerPhone)?.['body']).toBe(`Escrow Delivery: Oda yako ${order.trackingNumber} itatumwa hivi karibuni. Msimbo wako wa uwasilishaji ni ${order.deliveryCode}. Mpe msafirishaji baada tu ya kukagua bidhaa.`);
    expect(payloads.find((p) => p['channel'] === 'email')?.['subject']).toBe('New order created');
    expect(await createOrder(w.deps, { actor: seller, input: { ...orderInput, buyerLocale: 'fr' as 'en' } })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: "Please choose the buyer's language: English or Swahili" } });
  });
});
