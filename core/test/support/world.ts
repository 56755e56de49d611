import { cryptoRandom, feePolicy, type EscrowDeps } from '../../src/index.js';
import { FixedClock, MemoryEscrowStore, unverifiablePayments, type ScenarioWorld } from '../../src/testing/index.js';

/** A fresh in-memory world: two sellers, the first with one rider on its list. */
export function memoryWorld(): { deps: EscrowDeps; store: MemoryEscrowStore; clock: FixedClock; world: ScenarioWorld } {
  const store = new MemoryEscrowStore();
  const clock = new FixedClock();
  store.addSeller({ id: 'seller-a', userId: 'user-a', businessName: 'Amani Phones', location: 'Westlands', phone: '+254711111111', email: 'amani@example.com' });
  store.addSeller({ id: 'seller-b', userId: 'user-b', businessName: 'Baraka Boutique', location: 'CBD', phone: '+254722222222', email: null });
  store.state.riders.set('rider-1', { id: 'rider-1', sellerId: 'seller-a', name: 'Kamau', phone: '+254733333333', motorbikePlate: 'KMEA 123B', createdAt: clock.now() });
  const fees = feePolicy(250);
  if (!fees.ok) throw new Error('fee policy');
  const deps: EscrowDeps = { store, clock, random: cryptoRandom, payments: unverifiablePayments, fees: fees.value };
  return { deps, store, clock, world: { sellers: ['seller-a', 'seller-b'], listedRiderPhone: '+254733333333', listedRiderId: 'rider-1' } };
}
