import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balances, isBalanced, makePosting } from '../../src/index.js';

const at = new Date('2026-01-01T00:00:00Z');

describe('postings', () => {
  it('must balance, have two lines and integer cents', () => {
    expect(makePosting({ id: 'p', orderId: 'o', kind: 'payment_in', reference: null, createdAt: at, entries: [{ account: 'a', amount: -5 }, { account: 'b', amount: 5 }] })).toMatchObject({ ok: true });
    expect(makePosting({ id: 'p', orderId: 'o', kind: 'payment_in', reference: null, createdAt: at, entries: [{ account: 'a', amount: -5 }, { account: 'b', amount: 4 }] })).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
    expect(makePosting({ id: 'p', orderId: 'o', kind: 'payment_in', reference: null, createdAt: at, entries: [{ account: 'a', amount: 0 }] })).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
    expect(makePosting({ id: 'p', orderId: 'o', kind: 'payment_in', reference: null, createdAt: at, entries: [{ account: 'a', amount: -0.5 }, { account: 'b', amount: 0.5 }] })).toMatchObject({ ok: false, error: { code: 'INVALID_AMOUNT' } });
  });

  it('balances derived from any set of balanced postings sum to zero', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('escrow', 'fees', 'seller:a', 'rider:b'), fc.constantFrom('escrow', 'fees', 'mpesa'), fc.integer({ min: 0, max: 1e9 }))), (moves) => {
        const postings = moves.map(([from, to, amount], i) => ({ id: `p${i}`, orderId: 'o', kind: 'payment_in' as const, reference: null, createdAt: at, entries: [{ account: from, amount: -amount }, { account: to, amount }] }));
        for (const p of postings) expect(isBalanced(p.entries)).toBe(true);
        const total = [...balances(postings).values()].reduce((s, v) => s + v, 0);
        expect(total).toBe(0);
      }),
    );
  });
});
