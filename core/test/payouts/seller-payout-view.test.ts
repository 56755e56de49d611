import { describe, expect, it } from 'vitest';
import { cents, sellerPayoutView, SELLER_PAYOUT_HOLDS, type Payout, type PayoutState } from '../../src/index.js';

function payoutOf(state: PayoutState, changes: Partial<Payout> = {}): Payout {
  return {
    id: 'p1', orderId: 'order-1', purpose: 'seller', amount: cents(390_000), state, destination: null, attempt: 0, originatorConversationId: null, conversationId: null,
    receipt: null, receiverName: null, problem: null, nextAttemptAt: null, queueTimeoutAt: null, statusChecks: 0, decidedBy: null,
    createdAt: new Date(0), updatedAt: new Date(0), completedAt: null, version: 1, ...changes,
  };
}

describe("the seller's payout note", () => {
  it('queued and due: on its way', () => {
    expect(sellerPayoutView(payoutOf('queued'))).toMatchObject({ state: 'on_its_way', message: 'Your payout is on its way to your M-Pesa.' });
  });

  it('held for new payout details (decision 0049): until when, in Nairobi time, and why', () => {
    const until = new Date('2026-11-29T00:48:10Z');
    const held = payoutOf('queued', { problem: `Held until 2026-11-29 03:48:10 (Nairobi time): ${SELLER_PAYOUT_HOLDS.newDetails}`, nextAttemptAt: until });
    expect(sellerPayoutView(held)).toMatchObject({ state: 'held', message: 'Your payout is held until 2026-11-29 03:48:10 (Nairobi time): your payout details changed less than 24 hours ago.' });
  });

  it("held for a Paybill's account number: where to add it", () => {
    const held = payoutOf('queued', { problem: SELLER_PAYOUT_HOLDS.paybillAccount, nextAttemptAt: new Date(0) });
    expect(sellerPayoutView(held)).toMatchObject({ state: 'held', message: 'Your payout waits for the account number of your Paybill: add it under Payout details in your profile.' });
  });

  it('a failure stays in the admin\'s words: the seller reads "delayed"; paid shows the receipt', () => {
    expect(sellerPayoutView(payoutOf('failed', { problem: 'The business account does not hold enough money' }))).toMatchObject({ state: 'delayed' });
    expect(sellerPayoutView(payoutOf('succeeded', { receipt: 'UKS8O6OJP8' }))).toMatchObject({ state: 'paid', receipt: 'UKS8O6OJP8', message: 'Paid to your M-Pesa: receipt UKS8O6OJP8.' });
  });
});
