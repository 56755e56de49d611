import type { Cents, Seq, Timestamp } from './column-types.js';

/** Append-only (triggers refuse UPDATE and DELETE); a correction is a new posting. */
export interface LedgerPostingsTable {
  seq: Seq;
  id: string;
  order_id: string;
  kind: 'payment_in' | 'delivery_release' | 'settlement_out' | 'refund_reserve' | 'refund_out' | 'cash_fee_owed' | 'payment_claimed' | 'claim_released' | 'payout_sent' | 'payout_returned' | 'payout_paid';
  reference: string | null;
  created_at: Timestamp;
}

/** Signed amounts: positive is money arriving in the account. A posting's lines sum to zero. */
export interface LedgerEntriesTable {
  posting_id: string;
  line_no: number;
  account: string;
  amount: Cents;
}
