import type { RiderPhoneCode, RiderPhoneProof } from '@escrow/core';
import { expect, it } from 'vitest';
import { at, newRider, phone, seedSeller } from '../support/fixtures.js';
import type { HarnessAccess } from './harness-access.js';

const code = (p: string, overrides: Partial<RiderPhoneCode> = {}): RiderPhoneCode => ({
  id: `code-${Math.random().toString(36).slice(2)}`,
  phone: p,
  codeHash: 'a'.repeat(64),
  used: false,
  attempts: 0,
  expiresAt: at(10),
  createdAt: at(0),
  ...overrides,
});

const proof = (p: string, overrides: Partial<RiderPhoneProof> = {}): RiderPhoneProof => ({ tokenHash: `h${Math.random().toString(36).slice(2)}`, phone: p, createdAt: at(0), expiresAt: at(30), ...overrides });

/** Riders' phone codes and proofs (migration 0014, decision 0046). */
export function riderPhonesContract(harness: HarnessAccess): void {
  it('tells whether any seller lists a phone', async () => {
    const h = harness();
    const seller = await seedSeller(h);
    const rider = newRider(seller.id);
    await h.store.transaction((tx) => tx.riders.insert(rider));
    expect(await h.store.read((tx) => tx.riders.isListedAnywhere(rider.phone))).toBe(true);
    expect(await h.store.read((tx) => tx.riders.isListedAnywhere(phone()))).toBe(false);
  });

  it("keeps a phone's codes: the newest unused one, wrong tries counted, used once, superseded by a new one, purged when expired", async () => {
    const h = harness();
    const p = phone();
    const older = code(p, { createdAt: at(0), expiresAt: at(10) });
    const newer = code(p, { createdAt: at(1), expiresAt: at(11) });
    const elsewhere = code(phone(), { createdAt: at(2) });
    await h.store.transaction(async (tx) => {
      for (const c of [older, newer, elsewhere]) await tx.riderPhoneCodes.insert(c);
    });
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.latestUnusedForUpdate(p))).toStrictEqual(newer);
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.recordWrongAttempt(newer.id))).toBe(1);
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.recordWrongAttempt(newer.id))).toBe(2);
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.markUsed(newer.id))).toBe(true);
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.markUsed(newer.id))).toBe(false);
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.latestUnusedForUpdate(p))).toStrictEqual(older);
    await h.store.transaction((tx) => tx.riderPhoneCodes.supersedeAll(p));
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.latestUnusedForUpdate(p))).toBeUndefined();
    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.latestUnusedForUpdate(elsewhere.phone))).toStrictEqual(elsewhere);

    expect(await h.store.transaction((tx) => tx.riderPhoneCodes.deleteExpired(at(10)))).toBe(2);
    expect((await h.db.selectFrom('rider_phone_codes').select(['id', 'attempts']).orderBy('id').execute()).map((r) => r.id).sort()).toEqual([newer.id].sort());
  });

  it('counts every one of many concurrent wrong tries at one code', async () => {
    const h = harness();
    const c = code(phone());
    await h.store.transaction((tx) => tx.riderPhoneCodes.insert(c));
    const counts = await Promise.all(
      Array.from({ length: 8 }, () =>
        h.store.transaction(async (tx) => {
          const latest = await tx.riderPhoneCodes.latestUnusedForUpdate(c.phone);
          return latest ? tx.riderPhoneCodes.recordWrongAttempt(latest.id) : 0;
        }),
      ),
    );
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps proofs by token hash: found, revoked by deleting, purged when expired', async () => {
    const h = harness();
    const p = phone();
    const kept = proof(p, { expiresAt: at(30) });
    const old = proof(p, { expiresAt: at(5) });
    await h.store.transaction(async (tx) => {
      await tx.riderPhoneProofs.insert(kept);
      await tx.riderPhoneProofs.insert(old);
    });
    expect(await h.store.read((tx) => tx.riderPhoneProofs.findByTokenHash(kept.tokenHash))).toStrictEqual(kept);
    expect(await h.store.read((tx) => tx.riderPhoneProofs.findByTokenHash('nope'))).toBeUndefined();
    expect(await h.store.transaction((tx) => tx.riderPhoneProofs.deleteExpired(at(5)))).toBe(1);
    expect(await h.store.transaction((tx) => tx.riderPhoneProofs.delete(kept.tokenHash))).toBe(true);
    expect(await h.store.transaction((tx) => tx.riderPhoneProofs.delete(kept.tokenHash))).toBe(false);
    expect(await h.db.selectFrom('rider_phone_proofs').selectAll().execute()).toEqual([]);
  });
}
