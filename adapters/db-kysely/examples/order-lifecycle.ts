// The README example, runnable: one order through its whole life on the SQLite adapter.
//   npx tsx --conditions=@escrow/source adapters/db-kysely/examples/order-lifecycle.ts [sqlite-file]
// adapters/db-kysely/test/readme-example.test.ts runs it, so the README cannot rot.
import {
  acceptJob,
  assignRider,
  completeDelivery,
  confirmPayment,
  confirmPickup,
  confirmSettlement,
  createOrder,
  cryptoRandom,
  feePolicy,
  formatKsh,
  systemClock,
  type EscrowDeps,
  type Result,
} from '@escrow/core';
import { payByPaybill } from '@escrow/core/testing';
import { createKyselyEscrowStore, openSqlite } from '../src/index.js';

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code} ${result.error.detail ?? ''}`);
  return result.value;
}

export async function runOrderLifecycle(file: string): Promise<string[]> {
  const log: string[] = [];
  const database = openSqlite({ file });
  try {
    await database.migrate();
    const deps: EscrowDeps = {
      store: createKyselyEscrowStore(database.db, database.dialect),
      clock: systemClock,
      random: cryptoRandom,
      // Like the manual Paybill adapter: claims cannot be checked with Safaricom, so they are recorded.
      payments: { verify: async () => ({ status: 'unverifiable' }) },
      fees: must(feePolicy(250)),
    };
    // Accounts are another feature; the example inserts its seller directly.
    const now = new Date().toISOString();
    const userId = cryptoRandom.uuid();
    const sellerId = cryptoRandom.uuid();
    await database.db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, password_hash: '-', created_at: now, last_sign_in_at: null }).execute();
    await database.db
      .insertInto('sellers')
      .values({ id: sellerId, user_id: userId, business_name: 'Amani Phones', business_profile: null, location: 'Westlands', phone: '+254711111111', whatsapp: null, logo_url: null, about: null, payment_method: 'direct_mpesa', payment_number: '+254711111111', payout_phone: '+254711111111', terms_accepted: database.dialect === 'sqlite' ? 1 : true, terms_accepted_at: now, email: null, created_at: now, updated_at: now })
      .execute();

    const seller = { kind: 'seller', sellerId } as const;
    const order = must(await createOrder(deps, { actor: seller, input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng', buyerPhone: '0722 000 111', buyerAddress: 'Kileleshwa', deliveryCost: 300_00 } }));
    log.push(`created ${order.trackingNumber}: price ${formatKsh(order.price)}, fee ${formatKsh(order.serviceFee)}, seller gets ${formatKsh(order.sellerPayout)} (${order.status})`);
    const buyer = { kind: 'buyer', deliveryCode: order.deliveryCode } as const;
    // M-Pesa's Paybill confirmation (what the Daraja callback records), then the buyer's typed receipt finds it.
    await payByPaybill(deps, order, 'NLJ7RT61SV');
    log.push(`-> ${must(await confirmPayment(deps, { orderId: order.id, actor: buyer, mpesaReceipt: 'NLJ7RT61SV', termsAccepted: true })).status}`);
    const assigned = must(await assignRider(deps, { orderId: order.id, actor: seller, rider: { name: 'Otieno', phone: '0711 222 333' } }));
    log.push(`-> ${assigned.status} (${assigned.riderPhone})`);
    const rider = { kind: 'rider', phone: assigned.riderPhone ?? '', key: assigned.riderKey ?? '' } as const;
    must(await acceptJob(deps, { orderId: order.id, actor: rider }));
    log.push(`-> ${must(await confirmPickup(deps, { orderId: order.id, actor: rider, pickupPhotoUrl: '/uploads/order-photos/pickup/p.jpg' })).status}`);
    log.push(`-> ${must(await completeDelivery(deps, { orderId: order.id, actor: rider, code: order.deliveryCode })).status}`);
    log.push(`-> ${must(await confirmSettlement(deps, { orderId: order.id, actor: { kind: 'admin', userId } })).status}`);
    return log;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = await runOrderLifecycle(process.argv[2] ?? ':memory:');
  console.log(lines.join('\n'));
}
