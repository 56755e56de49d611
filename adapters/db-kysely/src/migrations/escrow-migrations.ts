import type { Migration, MigrationProvider } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { accountsMigration } from './0001-accounts.js';
import { ordersMigration } from './0002-orders.js';
import { ledgerMigration } from './0003-ledger.js';
import { operationsMigration } from './0004-operations.js';
import { orderListIndexesMigration } from './0005-order-list-indexes.js';
import { adminAreaMigration } from './0006-admin-area.js';
import { outboxDispatchMigration } from './0007-outbox-dispatch.js';
import { fileSweepMigration } from './0008-file-sweep.js';
import { throttlingMigration } from './0009-throttling.js';
import { healthProbeMigration } from './0010-health-probe.js';
import { mpesaPaymentsMigration } from './0011-mpesa-payments.js';
import { smsDeliveryReportsMigration } from './0012-sms-delivery-reports.js';
import { statusQueriesMigration } from './0013-status-queries.js';
import { riderPhoneProofsMigration } from './0014-rider-phone-proofs.js';
import { codeToPayerMigration } from './0015-code-to-payer.js';
import { sellerNotifyChannelsMigration } from './0016-seller-notify-channels.js';
import { sellerPayoutDetailsMigration } from './0017-seller-payout-details.js';
import { moneyOutReferencesMigration } from './0018-money-out-references.js';
import { payoutsMigration } from './0019-payouts.js';
import { outboxProviderCostMigration } from './0020-outbox-provider-cost.js';
import { oauthSignInMigration } from './0021-oauth-sign-in.js';
import { recipientLocalesMigration } from './0022-recipient-locales.js';

/**
 * The migrations ship inside the package (no folder to find at run time). Names sort in the
 * order they run; a step, once released, is never edited: a change is a new step. Branches
 * number their steps apart (0014 was written while 0012 and 0013 were under way elsewhere), and
 * the migrator runs a step that sorts before one already run (allowUnorderedMigrations), so
 * independent steps may land in any order.
 */
export function escrowMigrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001-accounts': accountsMigration(dialect),
    '0002-orders': ordersMigration(dialect),
    '0003-ledger': ledgerMigration(dialect),
    '0004-operations': operationsMigration(dialect),
    '0005-order-list-indexes': orderListIndexesMigration(),
    '0006-admin-area': adminAreaMigration(dialect),
    '0007-outbox-dispatch': outboxDispatchMigration(dialect),
    '0008-file-sweep': fileSweepMigration(dialect),
    '0009-throttling': throttlingMigration(dialect),
    '0010-health-probe': healthProbeMigration(dialect),
    '0011-mpesa-payments': mpesaPaymentsMigration(dialect),
    '0012-sms-delivery-reports': smsDeliveryReportsMigration(dialect),
    '0013-status-queries': statusQueriesMigration(dialect),
    '0014-rider-phone-proofs': riderPhoneProofsMigration(dialect),
    '0015-code-to-payer': codeToPayerMigration(dialect),
    '0016-seller-notify-channels': sellerNotifyChannelsMigration(dialect),
    '0017-seller-payout-details': sellerPayoutDetailsMigration(dialect),
    '0018-money-out-references': moneyOutReferencesMigration(dialect),
    '0019-payouts': payoutsMigration(dialect),
    '0020-outbox-provider-cost': outboxProviderCostMigration(),
    '0021-oauth-sign-in': oauthSignInMigration(dialect),
    '0022-recipient-locales': recipientLocalesMigration(dialect),
  };
}

export function escrowMigrationProvider(dialect: SqlDialect): MigrationProvider {
  return { getMigrations: async () => escrowMigrations(dialect) };
}
