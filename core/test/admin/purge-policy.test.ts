import { describe, expect, it } from 'vitest';
import { cryptoRandom, inactivityCutoff, purgeInactiveAccounts, type InactiveAccount, type InactiveAccounts } from '../../src/index.js';
import { FixedClock } from '../../src/testing/index.js';

describe('the inactivity cutoff', () => {
  it.each([
    ['2026-11-22T10:00:00.000Z', '2026-05-22T10:00:00.000Z'],
    ['2026-08-31T23:59:59.000Z', '2026-02-28T23:59:59.000Z'],
    ['2028-08-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-03-15T06:00:00.000Z', '2025-09-15T06:00:00.000Z'],
  ])('six calendar months before %s is %s', (now, cutoff) => {
    expect(inactivityCutoff(new Date(now)).toISOString()).toBe(cutoff);
  });
});

const account = (userId: string, extra: Partial<InactiveAccount> = {}): InactiveAccount => ({
  userId,
  email: `${userId}@example.com`,
  lastActiveAt: new Date('2026-01-01T00:00:00.000Z'),
  isAdmin: false,
  sellerId: `seller-${userId}`,
  businessName: `Shop ${userId}`,
  orders: 2,
  openOrders: 0,
  ...extra,
});

function fakeAccounts(candidates: InactiveAccount[], outcomes: Record<string, Awaited<ReturnType<InactiveAccounts['anonymise']>>> = {}) {
  const calls: { userId: string; cutoff: Date; audit: unknown }[] = [];
  const port: InactiveAccounts = {
    candidates: async () => candidates,
    anonymise: async (userId, args) => {
      calls.push({ userId, cutoff: args.cutoff, audit: args.audit });
      return outcomes[userId] ?? { anonymised: true, orders: 2, files: [`/uploads/order-photos/products/${userId}.png`] };
    },
  };
  return { port, calls };
}

describe('purgeInactiveAccounts', () => {
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  const admin = { kind: 'admin', userId: 'cli:ops' } as const;

  it('keeps admins and sellers with open orders, anonymises the rest one by one with an audit row free of personal data', async () => {
    const { port, calls } = fakeAccounts([account('a'), account('b', { isAdmin: true }), account('c', { openOrders: 1 }), account('d')], { d: { anonymised: false, reason: 'signed_in' } });
    const result = await purgeInactiveAccounts({ accounts: port, clock, random: cryptoRandom }, { actor: admin, dryRun: false });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.value.anonymised.map((a) => a.userId)).toEqual(['a']);
    expect(result.value.kept.map((k) => [k.userId, k.reason])).toEqual([
      ['b', 'admin'],
      ['c', 'open_orders'],
      ['d', 'signed_in'],
    ]);
    expect(result.value.files).toEqual(['/uploads/order-photos/products/a.png']);
    expect(calls.map((c) => c.userId)).toEqual(['a', 'd']);
    expect(calls[0]?.cutoff.toISOString()).toBe('2026-05-22T10:00:00.000Z');
    expect(calls[0]?.audit).toMatchObject({ actor: 'admin:cli:ops', action: 'purge_inactive_account', subjectType: 'user', subjectId: 'a', after: { anonymisedAt: '2026-11-22T10:00:00.000Z' } });
    expect(JSON.stringify(calls[0]?.audit)).not.toContain('a@example.com');
    expect(JSON.stringify(calls[0]?.audit)).not.toContain('Shop a');
  });

  it('changes nothing on a dry run, and refuses anyone but an admin', async () => {
    const { port, calls } = fakeAccounts([account('a')]);
    const dry = await purgeInactiveAccounts({ accounts: port, clock, random: cryptoRandom }, { actor: admin, dryRun: true });
    expect(dry.ok && dry.value.anonymised.map((a) => a.userId)).toEqual(['a']);
    expect(calls).toEqual([]);
    expect(await purgeInactiveAccounts({ accounts: port, clock, random: cryptoRandom }, { actor: { kind: 'seller', sellerId: 's' }, dryRun: false })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});
