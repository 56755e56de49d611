import { cryptoRandom, DEFAULT_FEE_BASIS_POINTS, systemClock, type EscrowDeps, type PaymentGateway } from '@escrow/core';
import { createKyselyAdminQueries, createKyselyEscrowStore, createKyselyInactiveAccounts, createKyselyLedgerAudit, type DatabaseHandle } from '@escrow/db-kysely';
import { openApiDatabase } from './open-database.js';
import { cliPayouts, payoutsModeOf, type PayoutsMode } from './payouts-mode.js';

/**
 * The CLI settles and reads; it never takes a buyer's payment claim, so its gateway answers
 * that no provider is reachable from here (a use case that asked would refuse, not guess).
 */
const noPaymentProvider: PaymentGateway = {
  verify: async () => ({ status: 'unavailable', reason: 'the admin CLI does not verify payments' }),
};

export type AdminContext = ReturnType<typeof contextOn>;

/** The API's database with the ports the admin commands use; closed when `work` ends. */
export async function withAdminContext<T>(env: NodeJS.ProcessEnv, work: (ctx: AdminContext) => Promise<T>): Promise<T> {
  const payoutsMode = payoutsModeOf(env);
  const database = await openApiDatabase(env);
  try {
    return await work(contextOn(database, payoutsMode));
  } finally {
    await database.close();
  }
}

function contextOn(database: DatabaseHandle, payoutsMode: PayoutsMode) {
  const escrow: EscrowDeps = {
    store: createKyselyEscrowStore(database.db, database.dialect),
    clock: systemClock,
    random: cryptoRandom,
    payments: noPaymentProvider,
    // No command here prices an order; the fee of every existing order is stored with it.
    fees: { basisPoints: DEFAULT_FEE_BASIS_POINTS },
    // MPESA_PAYOUTS as the API has it: approvals and retries queue payouts; the API's worker sends them.
    ...cliPayouts(payoutsMode),
  };
  return {
    database,
    escrow,
    payoutsMode,
    adminQueries: createKyselyAdminQueries(database.db, database.dialect),
    ledgerAudit: createKyselyLedgerAudit(database.db, database.dialect),
    inactiveAccounts: createKyselyInactiveAccounts(database.db, database.dialect),
    clock: systemClock,
    random: cryptoRandom,
  };
}
