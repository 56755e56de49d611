import { cryptoRandom, feePolicy, payoutDetailsFromSignup, type Actor, type CreateOrderInput, type EscrowDeps, type Order, type Result } from '../../src/index.js';
import { FixedClock, MemoryEscrowStore, unverifiablePayments, type ScenarioWorld } from '../../src/testing/index.js';

/** A fresh in-memory world: two sellers, the first with one rider on its list. */
export function memoryWorld(): { deps: EscrowDeps; store: MemoryEscrowStore; clock: FixedClock; world: ScenarioWorld } {
  const store = new MemoryEscrowStore();
  const clock = new FixedClock();
  store.addSeller({ id: 'seller-a', userId: 'user-a', businessName: 'Amani Phones', location: 'Westlands', phone: '+254711111111', email: 'amani@example.com', notifyBySms: true, notifyByEmail: true, payoutDetails: payoutDetailsFromSignup('direct_mpesa', '+254711111111') });
  store.addSeller({ id: 'seller-b', userId: 'user-b', businessName: 'Baraka Boutique', location: 'CBD', phone: '+254722222222', email: null, notifyBySms: true, notifyByEmail: true, payoutDetails: payoutDetailsFromSignup('direct_mpesa', '+254722222222') });
  store.state.riders.set('rider-1', { id: 'rider-1', sellerId: 'seller-a', name: 'Kamau', phone: '+254733333333', motorbikePlate: 'KMEA 123B', createdAt: clock.now() });
  const fees = feePolicy(250);
  if (!fees.ok) throw new Error('fee policy');
  const deps: EscrowDeps = { store, clock, random: cryptoRandom, payments: unverifiablePayments, fees: fees.value };
  return { deps, store, clock, world: { sellers: ['seller-a', 'seller-b'], listedRiderPhone: '+254733333333', listedRiderId: 'rider-1' } };
}

/** The callers and the order of the use-case tests on `memoryWorld`. */
export const seller: Actor = { kind: 'seller', sellerId: 'seller-a' };
export const admin: Actor = { kind: 'admin', userId: 'admin-1' };
export const orderInput: CreateOrderInput = { itemName: 'Samsung A54', price: 40_000_00, buyerName: 'Njeri', buyerPhone: '+254 722 000 111', buyerAddress: 'Ngong Road', deliveryCost: 400_00 };
export const buyerOf = (o: Order): Actor => ({ kind: 'buyer', deliveryCode: o.deliveryCode });
export const riderOf = (o: Order): Actor => ({ kind: 'rider', phone: o.riderPhone ?? '', key: o.riderKey ?? '' });

/** The value of a result that must be ok. */
export function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code} ${r.error.detail ?? ''}`);
  return r.value;
}
