import { cryptoRandom, feePolicy, type EscrowDeps } from '@escrow/core';
import { FixedClock, unverifiablePayments, type ScenarioWorld } from '@escrow/core/testing';
import { newRider, seedSeller } from './fixtures.js';
import type { StoreHarness } from './store-harness.js';

/**
 * The use cases wired to a real database: two sellers, the first with one rider on its list
 * (the same shape as the core's in-memory world, so core/testing's scenarios run unchanged).
 */
export async function escrowWorld(h: StoreHarness): Promise<{ deps: EscrowDeps; clock: FixedClock; world: ScenarioWorld }> {
  const first = await seedSeller(h, { businessName: 'Amani Phones' });
  const second = await seedSeller(h, { businessName: 'Baraka Boutique', email: null });
  const rider = newRider(first.id, { name: 'Kamau', phone: '+254733333333' });
  await h.store.transaction((tx) => tx.riders.insert(rider));
  const fees = feePolicy(250);
  if (!fees.ok) throw new Error('fee policy');
  const clock = new FixedClock();
  const deps: EscrowDeps = { store: h.store, clock, random: cryptoRandom, payments: unverifiablePayments, fees: fees.value };
  return { deps, clock, world: { sellers: [first.id, second.id], listedRiderPhone: rider.phone, listedRiderId: rider.id } };
}
