import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  payoutDetailsFromSignup,
  acceptJob,
  assignRider,
  completeDelivery,
  confirmPickup,
  confirmSettlement,
  createOrder,
  requestRefund,
  resolveRefund,
  type SellerRef,
} from '../../src/index.js';
import { payByPaybill } from '../../src/testing/index.js';
import { sellerNotifications, type SellerMessage } from '../../src/use-cases/seller-notifications.js';
import { admin, buyerOf, memoryWorld, orderInput, riderOf, seller, value } from '../support/world.js';

const amani: SellerRef = { id: 'seller-a', userId: 'user-a', businessName: 'Amani Phones', location: 'Westlands', phone: '+254711111111', email: 'amani@example.com', notifyBySms: true, notifyByEmail: true, payoutDetails: payoutDetailsFromSignup('direct_mpesa', '+254711111111') };
const message: SellerMessage = { subject: 'Payment confirmed', body: 'Payment for order TRK9D3F7J1 (Samsung A54) was confirmed ... Assign a rider to proceed.', sms: 'Escrow Delivery: Payment of KSh 40,000.00 for order TRK9D3F7J1 is confirmed.' };

const email = { channel: 'email', to: 'amani@example.com', subject: message.subject, body: message.body };
const sms = { channel: 'sms', to: '+254711111111', subject: message.subject, body: message.sms };
const channelsFor = (choice: Partial<SellerRef>, m: SellerMessage = message) => sellerNotifications({ ...amani, ...choice }, m);

describe('sellerNotifications: by the seller\'s choice (decision 0048)', () => {
  it.each([
    ['SMS and email', { notifyBySms: true, notifyByEmail: true }, [email, sms]],
    ['SMS only', { notifyBySms: true, notifyByEmail: false }, [sms]],
    ['email only', { notifyBySms: false, notifyByEmail: true }, [email]],
    ['SMS and email, but no address', { notifyBySms: true, notifyByEmail: true, email: null }, [sms]],
    // Choices that would reach nobody fall back to SMS: never silent.
    ['email only, but no address', { notifyBySms: false, notifyByEmail: true, email: null }, [sms]],
    ['nothing (a row the API would refuse)', { notifyBySms: false, notifyByEmail: false }, [sms]],
  ] as const)('%s', (_what, choice, expected) => {
    expect(channelsFor(choice)).toEqual(expected);
  });

  it('a message with no SMS text (the receipt of the seller\'s own new order) goes by email only, and to an SMS-only seller not at all', () => {
    const receipt: SellerMessage = { subject: 'New order created', body: 'Order TRK9D3F7J1 ...', sms: null };
    expect(channelsFor({}, receipt)).toEqual([{ ...email, subject: 'New order created', body: 'Order TRK9D3F7J1 ...' }]);
    expect(channelsFor({ notifyByEmail: false }, receipt)).toEqual([]);
  });

  it('for any choice: the email only when chosen and there is an address, the SMS (its own text) when chosen or when nothing else would go', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.option(fc.constant('amani@example.com'), { nil: null }), (bySms, byEmail, address) => {
        const out = channelsFor({ notifyBySms: bySms, notifyByEmail: byEmail, email: address });
        const emails = out.filter((n) => n.channel === 'email');
        const texts = out.filter((n) => n.channel === 'sms');
        expect(emails.length).toBe(byEmail && address !== null ? 1 : 0);
        expect(texts.length).toBe(bySms || emails.length === 0 ? 1 : 0);
        expect(out.length).toBeGreaterThan(0);
        for (const text of texts) expect(text).toEqual(sms);
      }),
    );
  });
});

describe('the seller who chose SMS only, through the use cases', () => {
  function smsOnlyWorld() {
    const ctx = memoryWorld();
    ctx.store.addSeller({ ...amani, notifyBySms: true, notifyByEmail: false });
    const toSeller = () => [...ctx.store.state.outbox.values()].map((m) => m.payload).filter((p) => p['to'] === amani.phone || p['to'] === amani.email);
    return { ...ctx, toSeller };
  }

  it('is texted payment confirmed, delivered and paid out (with the amount and reference), never emailed, and never the delivery code', async () => {
    const w = smsOnlyWorld();
    const created = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
    // The new order's receipt is an email only: an SMS-only seller gets nothing for it.
    expect(w.toSeller()).toEqual([]);
    await payByPaybill(w.deps, created, 'NLJ7RT61SV');
    const assigned = value(await assignRider(w.deps, { orderId: created.id, actor: seller, rider: { riderId: 'rider-1' } }));
    value(await acceptJob(w.deps, { orderId: created.id, actor: riderOf(assigned) }));
    value(await confirmPickup(w.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
    const delivered = value(await completeDelivery(w.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode }));
    value(await confirmSettlement(w.deps, { orderId: created.id, actor: admin, reference: 'B2C7654321' }));

    const got = w.toSeller();
    expect(got.map((p) => [p['channel'], p['subject']])).toEqual([
      ['sms', 'Payment confirmed'],
      ['sms', 'Order delivered'],
      ['sms', 'Payout sent'],
    ]);
    const t = created.trackingNumber;
    expect(got.map((p) => p['body'])).toEqual([
      `Escrow Delivery: Payment of KSh 40,000.00 for order ${t} is confirmed by M-Pesa and held in escrow. Assign a rider now.`,
      `Escrow Delivery: Order ${t} was delivered and confirmed with the buyer's code. Your payout of KSh ${'39,000.00'} is due next.`,
      `Escrow Delivery: Your payout of KSh 39,000.00 for order ${t} has been sent. Reference: B2C7654321.`,
    ]);
    expect(delivered.sellerPayout).toBe(39_000_00);
    expect(JSON.stringify(got)).not.toMatch(new RegExp(`(?<!\\d)${created.deliveryCode}(?!\\d)`));
  });

  it('is texted a refund request (without the buyer\'s words) and the refund', async () => {
    const w = smsOnlyWorld();
    const created = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
    await payByPaybill(w.deps, created, 'NLJ7RT61SV');
    const request = value(await requestRefund(w.deps, { orderId: created.id, actor: buyerOf(created), reason: 'The phone in the photo is a different colour' }));
    value(await resolveRefund(w.deps, { refundId: request.id, actor: admin, resolution: { decision: 'refund', mpesaReference: 'RFD1234567' } }));
    const texts = w.toSeller().filter((p) => p['subject'] !== 'Payment confirmed');
    expect(texts.map((p) => [p['channel'], p['subject']])).toEqual([
      ['sms', 'Refund requested'],
      ['sms', 'Order refunded'],
    ]);
    expect(String(texts[0]?.['body'])).not.toContain('colour');
  });
});

describe('Mark Paid tells the seller (email and SMS by default)', () => {
  it('the payout amount and the reference when given; without one, the amount alone', async () => {
    for (const reference of ['PAYOUT-REF-77', null]) {
      const w = memoryWorld();
      const created = value(await createOrder(w.deps, { actor: seller, input: orderInput }));
      await payByPaybill(w.deps, created, 'NLJ7RT61SV');
      const assigned = value(await assignRider(w.deps, { orderId: created.id, actor: seller, rider: { riderId: 'rider-1' } }));
      value(await acceptJob(w.deps, { orderId: created.id, actor: riderOf(assigned) }));
      value(await confirmPickup(w.deps, { orderId: created.id, actor: riderOf(assigned), pickupPhotoUrl: '/uploads/order-photos/pickup/x.jpg' }));
      value(await completeDelivery(w.deps, { orderId: created.id, actor: riderOf(assigned), code: created.deliveryCode }));
      value(await confirmSettlement(w.deps, { orderId: created.id, actor: admin, reference }));
      const paidOut = [...w.store.state.outbox.values()].map((m) => m.payload).filter((p) => p['subject'] === 'Payout sent');
      expect(paidOut.map((p) => [p['channel'], p['to']])).toEqual([
        ['email', 'amani@example.com'],
        ['sms', '+254711111111'],
      ]);
      const [mail, text] = paidOut.map((p) => String(p['body']));
      expect(mail).toBe(`Your payout of KSh 39,000.00 for order ${created.trackingNumber} (Samsung A54) has been sent.${reference ? ` Reference: ${reference}.` : ''}`);
      expect(text).toBe(`Escrow Delivery: Your payout of KSh 39,000.00 for order ${created.trackingNumber} has been sent.${reference ? ` Reference: ${reference}.` : ''}`);
    }
  });
});
