import { resolve } from 'node:path';
import { cryptoRandom, DEFAULT_FEE_BASIS_POINTS, systemClock, type EscrowDeps, type FileStorage, type PaymentGateway, type StoredFileListing } from '@escrow/core';
import { fileStorageFromEnv } from '@escrow/storage-s3/env';
import { CliError, EXIT } from './command.js';
import { createKyselyAdminQueries, createKyselyEscrowStore, createKyselyInactiveAccounts, createKyselyJobLeases, createKyselyLedgerAudit, type DatabaseHandle } from '@escrow/db-kysely';
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
    // The API's job leases: a cron job run on several machines takes its lease first (issue 22).
    jobLeases: createKyselyJobLeases(database.db),
    clock: systemClock,
    random: cryptoRandom,
  };
}

/** The API's photo storage, as FILE_STORAGE and S3_* (or DATA_DIR) name it: what the sweep lists and the purge deletes. */
export interface PhotoStorage {
  readonly files: FileStorage;
  readonly listing: StoredFileListing;
  /** Where the photos are, for the reports: `DATA_DIR/uploads/order-photos` or `bucket escrow-photos`. */
  readonly where: string;
  /** True for a bucket every machine shares; false for this machine's disk. */
  readonly shared: boolean;
  close(): void;
}

/**
 * Opens the photos' storage the API uses (the same variables, read by the same parser): this
 * machine's DATA_DIR/uploads, or with FILE_STORAGE=s3 the bucket, checked first so a missing,
 * denied or unreachable one is said at once. A half configuration is refused like the API's.
 * The S3 adapter (and the AWS SDK) loads only then.
 */
export async function openPhotoStorage(env: NodeJS.ProcessEnv): Promise<PhotoStorage> {
  const { settings, problems } = fileStorageFromEnv(env);
  if (!settings) throw new CliError(`the photo storage is not configured right:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`, EXIT.failed);
  if (settings.kind === 'local') {
    const uploads = resolve(env['DATA_DIR']?.trim() || './data', 'uploads');
    const { FsFileStorage, FsStoredFileListing } = await import('@escrow/storage-fs');
    return { files: new FsFileStorage(uploads), listing: new FsStoredFileListing(uploads), where: resolve(uploads, 'order-photos'), shared: false, close: () => undefined };
  }
  const { S3FileStorage, S3PhotoBucket, S3StoredFileListing } = await import('@escrow/storage-s3');
  const bucket = new S3PhotoBucket(settings.bucket);
  try {
    await bucket.check();
  } catch (error) {
    bucket.destroy();
    throw new CliError(`FILE_STORAGE=s3: ${error instanceof Error ? error.message : String(error)}`, EXIT.failed);
  }
  return { files: new S3FileStorage(bucket), listing: new S3StoredFileListing(bucket), where: `bucket ${settings.bucket.bucket} (order-photos/)`, shared: true, close: () => bucket.destroy() };
}
