// docs/embedding.md's example, run by embed-core.test.ts so it cannot rot: the escrow core used
// from another Node service, on the SQLite adapter, through the packages' public exports only.
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import {
  checkOrderAgainstLedger,
  confirmPayment,
  createOrder,
  createSellerProfile,
  cryptoRandom,
  escrowHeld,
  feePolicy,
  messageFor,
  recordC2bPayment,
  signUp,
  systemClock,
  type AccountsDeps,
  type Cents,
  type EscrowDeps,
  type EventBus,
  type PasswordHasher,
  type Result,
} from '@escrow/core';
import { createKyselyAccountsStore, createKyselyEscrowStore, openSqlite } from '@escrow/db-kysely';

const must = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`${result.error.code}: ${messageFor(result.error)}`);
  return result.value;
};

// Ports your service provides. The API's are Argon2id passwords and an event bus its live
// screens listen to; here, scrypt and a bus nobody listens to.
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
const passwords: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16);
    return `${salt.toString('hex')}:${(await scryptAsync(password, salt, 32)).toString('hex')}`;
  },
  async verify(hash, password) {
    const [salt, expected] = hash.split(':');
    if (!salt || !expected) return false;
    return timingSafeEqual(await scryptAsync(password, Buffer.from(salt, 'hex'), 32), Buffer.from(expected, 'hex'));
  },
  needsRehash: () => false,
};
const quietEvents: EventBus = { publish: async () => undefined, subscribe: () => () => undefined };

/** Opens (and migrates) the database at `file`, sells one phone, pays for it, and checks the ledger. */
export async function embedCore(file: string, log: (line: string) => void = console.log): Promise<void> {
  const database = openSqlite({ file });
  await database.migrate();
  try {
    const deps: EscrowDeps = {
      store: createKyselyEscrowStore(database.db, 'sqlite'),
      clock: systemClock,
      random: cryptoRandom,
      // Manual Paybill: M-Pesa's C2B confirmation (recordC2bPayment) is what proves a payment.
      payments: { verify: async () => ({ status: 'unverifiable' }) },
      fees: must(feePolicy(250)),
      events: quietEvents,
    };
    const accounts: AccountsDeps = {
      store: createKyselyAccountsStore(database.db, 'sqlite'),
      clock: systemClock,
      random: cryptoRandom,
      passwords,
      digest: { sha256Hex: (value) => createHash('sha256').update(value, 'utf8').digest('hex') },
      events: quietEvents,
    };

    // A seller: an account, then its seller record (the use cases validate with the forms' zod schemas).
    const { account } = must(await signUp(accounts, { input: { email: `amani-${Date.now()}@example.com`, password: 'Passphrase-2026' } }));
    const seller = must(
      await createSellerProfile(accounts, {
        userId: account.userId,
        input: { businessName: 'Amani Phones', location: 'Westlands', phone: '0711111111', paymentMethod: 'direct_mpesa', paymentNumber: '0711111111', termsAccepted: true },
      }),
    );
    const actor = { kind: 'seller', sellerId: seller.id } as const;

    // An order: prices are integer cents (KSh 65,000 = 6_500_000).
    const order = must(
      await createOrder(deps, { actor, input: { itemName: 'iPhone 13', price: 65_000_00, buyerName: 'Achieng Odhiambo', buyerPhone: '0722000111', buyerAddress: 'Kileleshwa, Othaya Road', deliveryCost: 300_00 } }),
    );
    log(`order ${order.trackingNumber}: ${order.status}`);

    // The buyer pays the Paybill; M-Pesa's C2B confirmation arrives (your callback calls this)...
    const receipt = `QK${Date.now().toString(36).toUpperCase()}`.slice(0, 10).padEnd(10, '0');
    must(await recordC2bPayment(deps, { transId: receipt, billRefNumber: order.trackingNumber, amount: order.price as Cents, msisdn: '254722000111', payerName: 'ACHIENG', businessShortCode: '522533', transTime: '20261129090000' }));
    // ...and the buyer confirms with the receipt and the delivery code they were given.
    const paid = must(await confirmPayment(deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, mpesaReceipt: receipt, termsAccepted: true }));
    log(`order ${paid.trackingNumber}: ${paid.status}`);

    // The ledger: the money is held in escrow, and the order agrees with its postings.
    const postings = await deps.store.read((tx) => tx.ledger.listByOrder(order.id));
    log(`escrow holds ${escrowHeld(postings)} cents`);
    const problems = checkOrderAgainstLedger(paid, postings);
    log(problems.length === 0 ? 'ledger agrees with the order' : `ledger problems: ${problems.join('; ')}`);
  } finally {
    await database.close();
  }
}

// Run it: `npx tsx apps/api/test/embedding/embed-core.example.ts` (after `npm run build`, which builds the packages).
if (import.meta.url === `file://${process.argv[1]}`) await embedCore(process.argv[2] ?? './data/embedded-example.sqlite');
