import type { AccountsStore, ResetCodeRecord, SellerProfile, UserAccount } from '@escrow/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKyselyAccountsStore, createKyselyFailureCounters, createKyselyRateLimiter, purgeExpiredAccountRows } from '../../src/index.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { postgresTarget, sqliteTarget, type StoreHarness, type StoreTarget } from '../support/store-harness.js';

const postgres = await postgresForTests('AccountsStore and RateLimiter');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

const at = (iso: string) => new Date(iso);
const user = (id: string, email: string): UserAccount => ({ id, email, passwordHash: `hash-${id}`, createdAt: at('2026-01-01T09:00:00.000Z'), lastSignInAt: null });
const seller = (id: string, userId: string): SellerProfile => ({
  id,
  userId,
  businessName: 'Amani Phones',
  businessProfile: null,
  location: 'Westlands',
  phone: '+254711111111',
  whatsapp: null,
  logoUrl: null,
  about: null,
  paymentMethod: 'direct_mpesa',
  paymentNumber: '+254711111111',
  termsAccepted: true,
  termsAcceptedAt: at('2026-01-01T09:00:00.000Z'),
  email: 'amani@example.com',
  notifyBySms: true,
  notifyByEmail: true,
  payoutDetails: { method: 'mpesa_phone', phone: '+254711111111', paybillNumber: null, accountReference: null, tillNumber: null, changedAt: null },
  createdAt: at('2026-01-01T09:00:00.000Z'),
  updatedAt: at('2026-01-01T09:00:00.000Z'),
});
const code = (id: string, email: string, createdAt: string, expiresAt: string): ResetCodeRecord => ({
  id,
  email,
  codeHash: `h-${id}`,
  used: false,
  attempts: 0,
  createdAt: at(createdAt),
  expiresAt: at(expiresAt),
});

describe.each(targets)('AccountsStore on $name', (target) => {
  let harness: StoreHarness;
  let store: AccountsStore;
  beforeEach(async () => {
    harness = await target.open();
    store = createKyselyAccountsStore(harness.db, harness.dialect);
  });
  afterEach(async () => harness.dispose());

  it('inserts a user once per email and answers false (without aborting the transaction) for a taken email', async () => {
    const outcome = await store.transaction(async (tx) => {
      const first = await tx.users.insert(user('u1', 'amani@example.com'));
      const second = await tx.users.insert(user('u2', 'amani@example.com'));
      // Still usable afterwards: on PostgreSQL a raised unique violation would have aborted it.
      const found = await tx.users.findByEmail('amani@example.com');
      return { first, second, found };
    });
    expect(outcome).toMatchObject({ first: true, second: false, found: { id: 'u1', passwordHash: 'hash-u1', lastSignInAt: null } });
    await store.transaction(async (tx) => {
      await tx.users.setPasswordHash('u1', 'new-hash');
      await tx.users.recordSignIn('u1', at('2026-02-01T10:00:00.000Z'));
    });
    expect(await store.read((tx) => tx.users.get('u1'))).toMatchObject({ passwordHash: 'new-hash', lastSignInAt: at('2026-02-01T10:00:00.000Z') });
  });

  it('refuses an email that is not lower-case (the database backs the app up)', async () => {
    await expect(store.transaction((tx) => tx.users.insert(user('u1', 'Amani@Example.com')))).rejects.toThrow();
  });

  it('keeps sessions with their user, roles and seller, and revokes them one or all at once', async () => {
    await store.transaction(async (tx) => {
      await tx.users.insert(user('u1', 'amani@example.com'));
      await tx.users.insert(user('u2', 'baraka@example.com'));
      await tx.sellers.insert(seller('s1', 'u1'));
      await tx.roles.grant({ userId: 'u1', role: 'admin', grantedBy: null, at: at('2026-01-01T09:00:00.000Z') });
      for (const [id, userId] of [['a', 'u1'], ['b', 'u1'], ['c', 'u2']] as const) {
        await tx.sessions.insert({ id, userId, createdAt: at('2026-01-01T09:00:00.000Z'), expiresAt: at('2026-01-31T09:00:00.000Z'), idleExpiresAt: at('2026-01-08T09:00:00.000Z') });
      }
    });
    expect(await store.read((tx) => tx.sessions.getWithUser('a'))).toEqual({
      session: { id: 'a', userId: 'u1', createdAt: at('2026-01-01T09:00:00.000Z'), expiresAt: at('2026-01-31T09:00:00.000Z'), idleExpiresAt: at('2026-01-08T09:00:00.000Z') },
      email: 'amani@example.com',
      roles: ['admin'],
      sellerId: 's1',
    });
    expect(await store.read((tx) => tx.sessions.getWithUser('c'))).toMatchObject({ email: 'baraka@example.com', roles: [], sellerId: null });

    await store.transaction((tx) => tx.sessions.setIdleExpiry('a', at('2026-01-09T09:00:00.000Z')));
    expect((await store.read((tx) => tx.sessions.getWithUser('a')))?.session.idleExpiresAt).toEqual(at('2026-01-09T09:00:00.000Z'));

    expect(await store.transaction((tx) => tx.sessions.deleteAllForUser('u1'))).toBe(2);
    expect(await store.read((tx) => tx.sessions.getWithUser('a'))).toBeUndefined();
    expect(await store.read((tx) => tx.sessions.getWithUser('c'))).toBeDefined();
    await store.transaction((tx) => tx.sessions.delete('c'));
    expect(await store.read((tx) => tx.sessions.getWithUser('c'))).toBeUndefined();
  });

  it('grants a role once', async () => {
    await store.transaction((tx) => tx.users.insert(user('u1', 'amani@example.com')));
    const grants = await store.transaction(async (tx) => [
      await tx.roles.grant({ userId: 'u1', role: 'admin', grantedBy: null, at: at('2026-01-01T09:00:00.000Z') }),
      await tx.roles.grant({ userId: 'u1', role: 'admin', grantedBy: null, at: at('2026-01-01T09:00:00.000Z') }),
    ]);
    expect(grants).toEqual([true, false]);
    expect(await store.read((tx) => tx.roles.list('u1'))).toEqual(['admin']);
  });

  it('finds the newest unused reset code, counts wrong tries, uses a code once and supersedes old ones', async () => {
    await store.transaction(async (tx) => {
      await tx.resetCodes.insert(code('old', 'amani@example.com', '2026-01-01T09:00:00.000Z', '2026-01-01T09:15:00.000Z'));
      await tx.resetCodes.insert(code('new', 'amani@example.com', '2026-01-01T09:05:00.000Z', '2026-01-01T09:20:00.000Z'));
      await tx.resetCodes.insert(code('other', 'baraka@example.com', '2026-01-01T09:05:00.000Z', '2026-01-01T09:20:00.000Z'));
    });
    expect((await store.transaction((tx) => tx.resetCodes.latestUnusedForUpdate('amani@example.com')))?.id).toBe('new');
    expect(await store.transaction(async (tx) => [await tx.resetCodes.recordWrongAttempt('new'), await tx.resetCodes.recordWrongAttempt('new')])).toEqual([1, 2]);
    expect(await store.transaction((tx) => tx.resetCodes.latestUnusedForUpdate('amani@example.com'))).toMatchObject({ id: 'new', attempts: 2, used: false, codeHash: 'h-new' });

    expect(await store.transaction(async (tx) => [await tx.resetCodes.markUsed('new'), await tx.resetCodes.markUsed('new')])).toEqual([true, false]);
    expect((await store.transaction((tx) => tx.resetCodes.latestUnusedForUpdate('amani@example.com')))?.id).toBe('old');

    await store.transaction((tx) => tx.resetCodes.supersedeAll('amani@example.com'));
    expect(await store.transaction((tx) => tx.resetCodes.latestUnusedForUpdate('amani@example.com'))).toBeUndefined();
    expect((await store.transaction((tx) => tx.resetCodes.latestUnusedForUpdate('baraka@example.com')))?.id).toBe('other');
  });

  it('keeps one seller record per user, and updates only the record of the given user', async () => {
    await store.transaction(async (tx) => {
      await tx.users.insert(user('u1', 'amani@example.com'));
      await tx.users.insert(user('u2', 'baraka@example.com'));
      expect(await tx.sellers.insert(seller('s1', 'u1'))).toBe(true);
      expect(await tx.sellers.insert(seller('s1b', 'u1'))).toBe(false);
      expect(await tx.sellers.insert({ ...seller('s2', 'u2'), businessName: 'Baraka Boutique' })).toBe(true);
    });
    const updated = await store.transaction((tx) =>
      tx.sellers.updateOwn('u1', { businessName: 'Amani Phones Ltd', whatsapp: '+254722222222', about: null, paymentMethod: 'paybill', paymentNumber: '247247' }, at('2026-03-01T10:00:00.000Z')),
    );
    expect(updated).toMatchObject({ id: 's1', businessName: 'Amani Phones Ltd', whatsapp: '+254722222222', paymentMethod: 'paybill', paymentNumber: '247247', location: 'Westlands', updatedAt: at('2026-03-01T10:00:00.000Z') });
    expect(await store.read((tx) => tx.sellers.findByUserId('u2'))).toMatchObject({ id: 's2', businessName: 'Baraka Boutique', termsAccepted: true });
    expect(await store.transaction((tx) => tx.sellers.updateOwn('nobody', { businessName: 'x' }, at('2026-03-01T10:00:00.000Z')))).toBeUndefined();
  });

  it('keeps the seller\'s notification choice (decision 0048): changed by its own section only; the database refuses neither', async () => {
    await store.transaction(async (tx) => {
      await tx.users.insert(user('u1', 'amani@example.com'));
      await tx.sellers.insert(seller('s1', 'u1'));
    });
    expect(await store.read((tx) => tx.sellers.findByUserId('u1'))).toMatchObject({ notifyBySms: true, notifyByEmail: true });
    const later = at('2026-03-01T10:00:00.000Z');
    expect(await store.transaction((tx) => tx.sellers.updateOwn('u1', { notifyBySms: true, notifyByEmail: false }, later))).toMatchObject({ notifyBySms: true, notifyByEmail: false, businessName: 'Amani Phones' });
    expect(await store.transaction((tx) => tx.sellers.updateOwn('u1', { about: 'Phones since 2019' }, later))).toMatchObject({ about: 'Phones since 2019', notifyBySms: true, notifyByEmail: false });
    expect(await store.transaction((tx) => tx.sellers.updateOwn('u1', { notifyBySms: false, notifyByEmail: true }, later))).toMatchObject({ notifyBySms: false, notifyByEmail: true });
    await expect(store.transaction((tx) => tx.sellers.updateOwn('u1', { notifyBySms: false, notifyByEmail: false }, later))).rejects.toThrow(/check/i);
    expect(await store.read((tx) => tx.sellers.findByUserId('u1'))).toMatchObject({ notifyBySms: false, notifyByEmail: true });
  });

  it('keeps the payout details (decision 0049): changed by their own change only, never by the business phone; the database refuses a method without its number', async () => {
    await store.transaction(async (tx) => {
      await tx.users.insert(user('u1', 'amani@example.com'));
      await tx.sellers.insert(seller('s1', 'u1'));
    });
    const later = at('2026-03-01T10:00:00.000Z');
    const till = { method: 'till' as const, phone: null, paybillNumber: null, accountReference: null, tillNumber: '5123456', changedAt: later };
    expect(await store.transaction((tx) => tx.sellers.updateOwn('u1', { payoutDetails: till, paymentMethod: 'till_number', paymentNumber: '5123456' }, later))).toMatchObject({ payoutDetails: till, paymentMethod: 'till_number' });
    // The business phone changes; where money goes does not.
    expect(await store.transaction((tx) => tx.sellers.updateOwn('u1', { phone: '+254799999999' }, later))).toMatchObject({ phone: '+254799999999', payoutDetails: till });
    const paybill = { ...till, method: 'paybill' as const, tillNumber: null, paybillNumber: '247247', accountReference: 'ACC 12/3-4.5' };
    expect(await store.transaction((tx) => tx.sellers.updateOwn('u1', { payoutDetails: paybill }, later))).toMatchObject({ payoutDetails: paybill });
    await expect(store.transaction((tx) => tx.sellers.updateOwn('u1', { payoutDetails: { ...paybill, paybillNumber: null } }, later))).rejects.toThrow(/check/i);
    await expect(store.transaction((tx) => tx.sellers.updateOwn('u1', { payoutDetails: { ...paybill, accountReference: '12345678901234' } }, later))).rejects.toThrow(/check/i);
    await expect(store.transaction((tx) => tx.sellers.updateOwn('u1', { payoutDetails: { ...till, method: 'mpesa_phone', tillNumber: null, phone: '0712345678' } }, later))).rejects.toThrow(/check/i);
    await expect(store.transaction((tx) => tx.sellers.updateOwn('u1', { payoutDetails: { ...till, tillNumber: '1234' } }, later))).rejects.toThrow(/check/i);
    expect(await store.read((tx) => tx.sellers.findByUserId('u1'))).toMatchObject({ payoutDetails: paybill });
  });

  it('purges expired sessions, reset codes and sign-ins sent to Google', async () => {
    await store.transaction(async (tx) => {
      await tx.users.insert(user('u1', 'amani@example.com'));
      await tx.sessions.insert({ id: 'idle', userId: 'u1', createdAt: at('2026-01-01T00:00:00.000Z'), expiresAt: at('2026-01-31T00:00:00.000Z'), idleExpiresAt: at('2026-01-02T00:00:00.000Z') });
      await tx.sessions.insert({ id: 'live', userId: 'u1', createdAt: at('2026-01-01T00:00:00.000Z'), expiresAt: at('2026-01-31T00:00:00.000Z'), idleExpiresAt: at('2026-01-09T00:00:00.000Z') });
      await tx.resetCodes.insert(code('gone', 'amani@example.com', '2026-01-01T00:00:00.000Z', '2026-01-01T00:15:00.000Z'));
      await tx.oauthAttempts.insert({ id: 'old', provider: 'google', codeVerifier: 'v', nonce: 'n', createdAt: at('2026-01-01T00:00:00.000Z'), expiresAt: at('2026-01-01T00:10:00.000Z') });
      await tx.oauthAttempts.insert({ id: 'new', provider: 'google', codeVerifier: 'v', nonce: 'n', createdAt: at('2026-01-03T00:00:00.000Z'), expiresAt: at('2026-01-03T00:10:00.000Z') });
    });
    expect(await purgeExpiredAccountRows(store, at('2026-01-03T00:00:00.000Z'))).toEqual({ sessions: 1, resetCodes: 1, oauthAttempts: 1 });
    expect(await store.read((tx) => tx.sessions.getWithUser('live'))).toBeDefined();
  });

  it('keeps an account without a password as none, and records once when the owner proved the address (decision 0060)', async () => {
    const none = { ...user('u1', 'wanjiku@example.com'), passwordHash: null, emailVerifiedAt: at('2026-01-02T00:00:00.000Z') };
    await store.transaction(async (tx) => {
      await tx.users.insert(none);
      await tx.users.insert(user('u2', 'amani@example.com'));
    });
    // An insert that leaves the language out gets English (migration 0022).
    expect(await store.read((tx) => tx.users.get('u1'))).toEqual({ ...none, lastSignInAt: null, locale: 'en' });
    expect(await store.read((tx) => tx.users.get('u2'))).toMatchObject({ passwordHash: 'hash-u2', emailVerifiedAt: null });
    await store.transaction(async (tx) => {
      await tx.users.markEmailVerified('u2', at('2026-01-05T00:00:00.000Z'));
      await tx.users.markEmailVerified('u2', at('2026-01-06T00:00:00.000Z'));
      await tx.users.removePassword('u2');
    });
    expect(await store.read((tx) => tx.users.get('u2'))).toMatchObject({ passwordHash: null, emailVerifiedAt: at('2026-01-05T00:00:00.000Z') });
    await store.transaction((tx) => tx.users.setPasswordHash('u2', 'hash-again'));
    expect(await store.read((tx) => tx.users.get('u2'))).toMatchObject({ passwordHash: 'hash-again' });
  });

  it('links one Google subject to one account, one per account, and takes a sign-in attempt once', async () => {
    const identity = { provider: 'google' as const, subject: 'sub-1', userId: 'u1', email: 'amani@example.com', createdAt: at('2026-01-01T00:00:00.000Z'), lastSignInAt: at('2026-01-01T00:00:00.000Z') };
    const outcome = await store.transaction(async (tx) => {
      await tx.users.insert(user('u1', 'amani@example.com'));
      await tx.users.insert(user('u2', 'baraka@example.com'));
      const first = await tx.oauthIdentities.insert(identity);
      // The same subject on another account, and a second subject on the same account: both refused, the transaction goes on.
      const sameSubject = await tx.oauthIdentities.insert({ ...identity, userId: 'u2' });
      const secondForUser = await tx.oauthIdentities.insert({ ...identity, subject: 'sub-2' });
      await tx.oauthIdentities.recordSignIn('google', 'sub-1', 'amani.new@example.com', at('2026-01-04T00:00:00.000Z'));
      return { first, sameSubject, secondForUser, bySubject: await tx.oauthIdentities.findBySubject('google', 'sub-1'), forUser: await tx.oauthIdentities.findForUser('u2', 'google') };
    });
    expect(outcome).toEqual({ first: true, sameSubject: false, secondForUser: false, bySubject: { ...identity, email: 'amani.new@example.com', lastSignInAt: at('2026-01-04T00:00:00.000Z') }, forUser: undefined });

    const attempt = { id: 'state-hash', provider: 'google' as const, codeVerifier: 'verifier', nonce: 'nonce', createdAt: at('2026-01-01T00:00:00.000Z'), expiresAt: at('2026-01-01T00:10:00.000Z') };
    await store.transaction((tx) => tx.oauthAttempts.insert(attempt));
    const [a, b] = await Promise.all([store.transaction((tx) => tx.oauthAttempts.take('state-hash')), store.transaction((tx) => tx.oauthAttempts.take('state-hash'))]);
    expect([a, b].filter(Boolean)).toEqual([attempt]);
  });

  it('refuses a store call from inside one of its own transactions', async () => {
    await expect(store.transaction(() => store.read(async () => 1))).rejects.toThrow(/inside a transaction/);
  });
});

describe.each(targets)('RateLimiter on $name', (target) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await target.open({ poolSize: 10 });
  });
  afterEach(async () => harness.dispose());
  const rule = { name: 'test', limit: 3, windowMs: 60_000 };
  const now = at('2026-01-01T09:00:30.000Z');

  it('allows `limit` hits per key and window, then refuses until the next window', async () => {
    const limiter = createKyselyRateLimiter(harness.db);
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.hit(rule, '1.2.3.4', now));
    expect(decisions.map((d) => [d.allowed, d.count, d.remaining])).toEqual([[true, 1, 2], [true, 2, 1], [true, 3, 0], [false, 4, 0]]);
    expect(decisions[3]?.resetAt).toEqual(at('2026-01-01T09:01:00.000Z'));
    // Other keys and other rules count separately; the next window starts from zero.
    expect((await limiter.hit(rule, '5.6.7.8', now)).count).toBe(1);
    expect((await limiter.hit({ ...rule, name: 'other' }, '1.2.3.4', now)).count).toBe(1);
    expect((await limiter.hit(rule, '1.2.3.4', at('2026-01-01T09:01:00.000Z'))).allowed).toBe(true);
  });

  it('counts every one of 20 parallel hits (atomic upsert)', async () => {
    const limiter = createKyselyRateLimiter(harness.db);
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.hit({ ...rule, limit: 5 }, 'k', now)));
    expect(decisions.map((d) => d.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });

  it('gives a hit back in the window it was counted in, never below zero', async () => {
    const limiter = createKyselyRateLimiter(harness.db);
    await limiter.hit(rule, 'k', now);
    await limiter.hit(rule, 'k', now);
    await limiter.release(rule, 'k', now);
    expect((await limiter.hit(rule, 'k', now)).count).toBe(2);
    // A hit given back after its window ended does not touch the next window.
    await limiter.release(rule, 'k', at('2026-01-01T08:59:59.000Z'));
    expect((await limiter.hit(rule, 'k', now)).count).toBe(3);
    for (let i = 0; i < 5; i += 1) await limiter.release(rule, 'k', now);
    expect((await limiter.hit(rule, 'k', now)).count).toBe(1);
  });

  it('forgets a key on reset and purges finished windows', async () => {
    const limiter = createKyselyRateLimiter(harness.db);
    await limiter.hit(rule, 'k', now);
    await limiter.hit(rule, 'k', now);
    await limiter.reset(rule, 'k', now);
    expect((await limiter.hit(rule, 'k', now)).count).toBe(1);
    expect(await limiter.purgeExpired(at('2026-01-01T09:00:59.000Z'))).toBe(0);
    expect(await limiter.purgeExpired(at('2026-01-01T09:01:00.000Z'))).toBe(1);
  });
});

describe.each(targets)('FailureCounters on $name', (target) => {
  let harness: StoreHarness;
  beforeEach(async () => {
    harness = await target.open({ poolSize: 10 });
  });
  afterEach(async () => harness.dispose());
  const hour = 60 * 60_000;
  const t0 = at('2026-01-01T09:00:00.000Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);

  it('counts failures with the time of the latest, forgets a count an hour after its last failure, and purges it', async () => {
    const counters = createKyselyFailureCounters(harness.db);
    await counters.record('k', t0, hour);
    await counters.record('k', later(1_000), hour);
    expect(await counters.read(['k', 'other'], later(2_000))).toEqual(new Map([['k', { failures: 2, lastFailureAt: later(1_000) }]]));
    expect(await counters.read(['k'], later(1_000 + hour))).toEqual(new Map());
    await counters.record('k', later(1_000 + hour), hour);
    expect((await counters.read(['k'], later(1_000 + hour)))?.get('k')?.failures).toBe(1);
    await counters.clear('k');
    expect(await counters.read(['k'], later(1_000 + hour))).toEqual(new Map());
    await counters.record('gone', t0, hour);
    expect(await counters.purgeExpired(later(hour - 1))).toBe(0);
    expect(await counters.purgeExpired(later(hour))).toBe(1);
  });

  it('claims only when the count is still what was read: of 20 parallel claims on one key exactly one wins, each time', async () => {
    const counters = createKyselyFailureCounters(harness.db);
    for (let round = 0; round < 3; round += 1) {
      const now = later(round * 1_000);
      const seen = (await counters.read(['k'], now)).get('k');
      const wins = await Promise.all(Array.from({ length: 20 }, () => counters.claim('k', seen, now, hour)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      expect((await counters.read(['k'], now)).get('k')).toEqual({ failures: round + 1, lastFailureAt: now });
    }
    // A stale view loses; a forgotten count is claimed afresh from "none".
    expect(await counters.claim('k', { failures: 1, lastFailureAt: t0 }, later(5_000), hour)).toBe(false);
    expect(await counters.claim('k', undefined, later(3 * hour), hour)).toBe(true);
    expect((await counters.read(['k'], later(3 * hour))).get('k')?.failures).toBe(1);
  });
});
