import type { SellerPayoutDetails } from '@escrow/core';
import type { PayoutMethodColumn } from '../schema/account-tables.js';
import type { Timestamp } from '../schema/column-types.js';
import { decodeTimeOrNull, encodeTimeOrNull } from './codec.js';

/** The payout columns of a seller row (migration 0017), as read. */
export interface PayoutDetailsRow {
  payout_method: PayoutMethodColumn;
  payout_phone: string | null;
  payout_paybill_number: string | null;
  payout_account_reference: string | null;
  payout_till_number: string | null;
  payout_details_changed_at: Timestamp | null;
}

export const PAYOUT_DETAILS_COLUMNS = ['payout_method', 'payout_phone', 'payout_paybill_number', 'payout_account_reference', 'payout_till_number', 'payout_details_changed_at'] as const;

export const rowToPayoutDetails = (row: PayoutDetailsRow): SellerPayoutDetails => ({
  method: row.payout_method,
  phone: row.payout_phone,
  paybillNumber: row.payout_paybill_number,
  accountReference: row.payout_account_reference,
  tillNumber: row.payout_till_number,
  changedAt: decodeTimeOrNull(row.payout_details_changed_at),
});

export const payoutDetailsToRow = (details: SellerPayoutDetails): PayoutDetailsRow => ({
  payout_method: details.method,
  payout_phone: details.phone,
  payout_paybill_number: details.paybillNumber,
  payout_account_reference: details.accountReference,
  payout_till_number: details.tillNumber,
  payout_details_changed_at: encodeTimeOrNull(details.changedAt),
});
