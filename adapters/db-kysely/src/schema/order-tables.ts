import type { Cents, DbBool, JsonText, LocaleColumn, Seq, Timestamp } from './column-types.js';

export type OrderStatusColumn =
  | 'draft'
  | 'awaiting_payment'
  | 'paid'
  | 'rider_assigned'
  | 'picked_up'
  | 'in_transit'
  | 'delivered'
  | 'awaiting_settlement'
  | 'settlement_completed'
  | 'completed'
  | 'cancelled';

/**
 * One row per core `Order` field. The rider and buyer links of the spec are not stored: they
 * are derived from the id, the delivery code and `rider_key` (core/orders/order.ts).
 */
export interface OrdersTable {
  id: string;
  seller_id: string;
  tracking_number: string;
  item_name: string;
  price: Cents;
  product_photo_url: string | null;
  packaged_photo_url: string | null;
  pickup_photo_url: string | null;
  payment_method: 'mpesa_prepay' | 'mpesa_pod' | 'cash';
  buyer_cash_amount: Cents | null;
  buyer_name: string;
  buyer_phone: string;
  /** The buyer's language (migration 0022, decision 0066); inserts written before it leave it out ('en'). */
  buyer_locale: LocaleColumn;
  buyer_address: string;
  pin_location_link: string | null;
  landmark: string | null;
  house_number: string | null;
  estate: string | null;
  pickup_location: string;
  delivery_code: string;
  delivery_cost: Cents;
  delivery_paid_by: 'buyer' | 'seller';
  fee_basis_points: number;
  service_fee: Cents;
  seller_payout: Cents;
  rider_payout: Cents;
  status: OrderStatusColumn;
  payment_confirmed: DbBool;
  payment_confirmed_at: Timestamp | null;
  mpesa_receipt: string | null;
  /** What verified the payment with M-Pesa (migration 0011); null on orders paid on a typed receipt alone. */
  payment_verified_by: string | null;
  /** What M-Pesa says was received (migration 0011). */
  payment_received: Cents | null;
  /** A receipt the buyer typed that no verified payment matched yet (migration 0011). */
  payment_claimed_at: Timestamp | null;
  payment_claim_receipt: string | null;
  buyer_view_key: string | null;
  payer_phone: string | null;
  payer_token: string | null;
  terms_accepted_at: Timestamp | null;
  settlement_paid: DbBool;
  settled_at: Timestamp | null;
  settlement_reference: string | null;
  rider_name: string | null;
  rider_phone: string | null;
  rider_key: string | null;
  rider_assigned_at: Timestamp | null;
  rider_accepted_at: Timestamp | null;
  picked_up_at: Timestamp | null;
  delivered_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  code_attempts: number;
  code_locked_at: Timestamp | null;
  estimated_distance_km: number | null;
  estimated_time_minutes: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: number;
}

export interface RidersTable {
  id: string;
  seller_id: string;
  name: string;
  phone: string;
  motorbike_plate: string;
  created_at: Timestamp;
}

/** A rider's language, by phone (migration 0022, decision 0066); no row: English. */
export interface RiderLocalesTable {
  phone: string;
  locale: 'en' | 'sw';
  updated_at: Timestamp;
}

/** An M-Pesa receipt belongs to at most one order, whatever is retried or raced. */
export interface PaymentReceiptsTable {
  receipt: string;
  order_id: string;
  amount: Cents;
  claimed_at: Timestamp;
}

export interface FeedbackTable {
  order_id: string;
  buyer_name: string;
  rider_rating: number;
  seller_rating: number;
  comment: string | null;
  created_at: Timestamp;
}

export interface RiderPaymentConfirmationsTable {
  id: string;
  order_id: string;
  rider_phone: string;
  payment_received: DbBool;
  payment_issue: string | null;
  created_at: Timestamp;
}

export interface RefundRequestsTable {
  id: string;
  order_id: string;
  requested_by: 'buyer' | 'seller' | 'rider';
  reason: string;
  status: 'open' | 'refunded' | 'rejected';
  created_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
  mpesa_reference: string | null;
  resolution_note: string | null;
}

/** The audit trail: one row per change, written in the same transaction as the change. */
export interface OrderEventsTable {
  seq: Seq;
  id: string;
  order_id: string;
  action: string;
  actor: string;
  from_status: string | null;
  to_status: string;
  data: JsonText;
  at: Timestamp;
}

export interface CodeAttemptsTable {
  seq: Seq;
  id: string;
  order_id: string;
  actor: string;
  success: DbBool;
  at: Timestamp;
}
