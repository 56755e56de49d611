import type { Cents, Timestamp } from './column-types.js';

export type StkRequestStatusColumn = 'sending' | 'pending' | 'paid' | 'failed' | 'unknown';
export type C2bPaymentStatusColumn = 'matched' | 'unmatched' | 'attached' | 'refunded';

/** One STK Push of an order (core/payments/stk-request.ts); migration 0011. */
export interface StkRequestsTable {
  id: string;
  order_id: string;
  msisdn: string;
  amount: Cents;
  status: StkRequestStatusColumn;
  checkout_request_id: string | null;
  merchant_request_id: string | null;
  result_code: number | null;
  result_desc: string | null;
  callback_result_code: number | null;
  callback_receipt: string | null;
  callback_amount: Cents | null;
  callback_phone: string | null;
  payer_token: string | null;
  callbacks: number;
  queries: number;
  next_query_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  settled_at: Timestamp | null;
}

/** A Paybill payment Safaricom confirmed, once per TransID (core/payments/c2b-payment.ts); migration 0011. */
export interface C2bPaymentsTable {
  trans_id: string;
  bill_ref_number: string;
  amount: Cents;
  msisdn: string;
  payer_name: string;
  business_short_code: string;
  trans_time: string;
  received_at: Timestamp;
  status: C2bPaymentStatusColumn;
  order_id: string | null;
  note: string | null;
  resolved_by: string | null;
  resolved_at: Timestamp | null;
}

export type StatusQueryStatusColumn = 'sending' | 'sent' | 'answered' | 'failed' | 'unknown';
export type StatusQueryOutcomeColumn = 'verified' | 'unknown_receipt' | 'not_completed' | 'wrong_receipt' | 'other_business' | 'short' | 'claim_closed' | 'receipt_used' | 'query_failed';

/** One Transaction Status query about a claim (core/payments/status-query.ts); migration 0012. */
export interface StatusQueriesTable {
  id: string;
  order_id: string;
  receipt: string;
  attempt: number;
  short_code: string;
  originator_conversation_id: string;
  conversation_id: string | null;
  status: StatusQueryStatusColumn;
  next_attempt_at: Timestamp | null;
  result_code: number | null;
  result_desc: string | null;
  result_receipt: string | null;
  result_amount: Cents | null;
  result_credit_party: string | null;
  result_transaction_status: string | null;
  outcome: StatusQueryOutcomeColumn | null;
  note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  answered_at: Timestamp | null;
}

export type PayoutStateColumn = 'awaiting_approval' | 'queued' | 'sending' | 'sent' | 'unknown' | 'succeeded' | 'failed' | 'recorded';

/** One payout of an order (core/payouts/payout.ts); migration 0019. */
export interface PayoutsTable {
  id: string;
  order_id: string;
  purpose: 'seller' | 'rider' | 'refund';
  amount: Cents;
  state: PayoutStateColumn;
  destination_kind: 'mpesa_phone' | 'paybill' | 'till' | null;
  destination_number: string | null;
  destination_account: string | null;
  attempt: number;
  originator_conversation_id: string | null;
  conversation_id: string | null;
  receipt: string | null;
  receiver_name: string | null;
  problem: string | null;
  next_attempt_at: Timestamp | null;
  queue_timeout_at: Timestamp | null;
  status_checks: number;
  decided_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
  version: number;
}

export type MoneyOutKindColumn = 'refund' | 'settlement' | 'payout' | 'unmatched_refund';

/** A reference of money going out, recorded once (core/ports/money-out-references.ts); migration 0018. */
export interface MoneyOutReferencesTable {
  /** Trimmed, upper case; the primary key. */
  reference: string;
  kind: MoneyOutKindColumn;
  order_id: string | null;
  owner_id: string;
  recorded_at: Timestamp;
}
