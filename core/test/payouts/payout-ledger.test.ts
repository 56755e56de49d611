import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { account, balances, cents, payoutLedgerEntries, payoutPosting, sendableAmount, type Order, type Payout, type PayoutState, type Posting } from '../../src/index.js';

// The moves the use cases make (use-cases/payouts): send, answers, retry, record by hand.
const MOVES: Readonly<Record<PayoutState, readonly PayoutState[]>> = {
  awaiting_approval: ['queued', 'recorded'],
  queued: ['sending', 'failed', 'recorded'],
  sending: ['sent', 'unknown', 'queued', 'failed', 'succeeded'],
  sent: ['unknown', 'failed', 'succeeded'],
  unknown: ['queued', 'failed', 'succeeded'],
  failed: ['queued', 'recorded', 'succeeded'],
  succeeded: [],
  recorded: [],
};

const order = { id: 'order-1', sellerId: 'seller-1', riderPhone: '+254711000111' } as Order;

function payoutOf(purpose: Payout['purpose'], amount: number, state: PayoutState): Payout {
  return {
    id: 'p1', orderId: order.id, purpose, amount: cents(amount), state, destination: null, attempt: 0, originatorConversationId: null, conversationId: null,
    receipt: null, receiverName: null, problem: null, nextAttemptAt: null, queueTimeoutAt: null, statusChecks: 0, decidedBy: null,
    createdAt: new Date(0), updatedAt: new Date(0), completedAt: null, version: 1,
  };
}

describe('payout postings', () => {
  it('any walk through the payout states posts exactly the difference between where the money was and where the state puts it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Payout['purpose']>('seller', 'rider', 'refund'),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.constantFrom<PayoutState>('awaiting_approval', 'queued'),
        fc.array(fc.nat(), { maxLength: 12 }),
        (purpose, amount, start, picks) => {
          let state = start;
          const posted: Posting[] = [];
          for (const pick of picks) {
            const next = MOVES[state];
            if (next.length === 0) break;
            const to = next[pick % next.length] as PayoutState;
            const posting = payoutPosting(order, payoutOf(purpose, amount, to), state, to, { id: `x${posted.length}`, createdAt: new Date(0), reference: null });
            if (posting) {
              expect(posting.ok).toBe(true);
              if (posting.ok) posted.push(posting.value);
            }
            state = to;
          }
          // Money starts where the initial state puts it; the postings move it to where the final state puts it.
          const expected = new Map<string, number>();
          for (const e of payoutLedgerEntries(order, payoutOf(purpose, amount, start))) expected.set(e.account, (expected.get(e.account) ?? 0) - e.amount);
          for (const e of payoutLedgerEntries(order, payoutOf(purpose, amount, state))) expected.set(e.account, (expected.get(e.account) ?? 0) + e.amount);
          const got = balances(posted);
          for (const name of new Set([...expected.keys(), ...got.keys()])) expect(got.get(name) ?? 0).toBe(expected.get(name) ?? 0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('M-Pesa pays whole shillings: the cents of a payout sent stay in payout_rounding; one recorded by hand is paid whole', () => {
    const sent = payoutLedgerEntries(order, payoutOf('seller', 3_753_750, 'succeeded'));
    expect(sent).toEqual([
      { account: account.payoutsSent, amount: 3_753_700 },
      { account: account.payoutRounding, amount: 50 },
    ]);
    expect(sendableAmount(3_753_750)).toBe(3_753_700);
    expect(payoutLedgerEntries(order, payoutOf('refund', 3_753_750, 'recorded'))).toEqual([{ account: account.refundsSent, amount: 3_753_750 }]);
    expect(payoutLedgerEntries(order, payoutOf('rider', 30_000, 'failed'))).toEqual([{ account: account.riderPayable(order.riderPhone ?? ''), amount: 30_000 }]);
    expect(payoutLedgerEntries(order, payoutOf('seller', 30_000, 'unknown'))).toEqual([{ account: account.mpesaClearing, amount: 30_000 }]);
  });
});
