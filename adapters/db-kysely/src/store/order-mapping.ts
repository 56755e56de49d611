import type { Order, OrderChanges, OrderStatus, PaymentMethod } from '@escrow/core';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { OrdersTable } from '../schema/order-tables.js';
import {
  decodeBool,
  decodeCents,
  decodeCentsOrNull,
  decodeInteger,
  decodeTime,
  decodeTimeOrNull,
  encodeTime,
  encodeTimeOrNull,
  type Codec,
} from './codec.js';

type FieldSpecs = {
  readonly [F in keyof Order]-?: { readonly column: keyof OrdersTable; readonly encode: (value: Order[F], codec: Codec) => unknown };
};

const same = <T>(value: T): T => value;

/**
 * Every `Order` field and its column. `satisfies` makes forgetting a field (or encoding it
 * with the wrong codec) a compile error; rowToOrder below is the typed way back.
 */
const ORDER_FIELDS = {
  id: { column: 'id', encode: same },
  sellerId: { column: 'seller_id', encode: same },
  trackingNumber: { column: 'tracking_number', encode: same },
  itemName: { column: 'item_name', encode: same },
  price: { column: 'price', encode: same },
  productPhotoUrl: { column: 'product_photo_url', encode: same },
  packagedPhotoUrl: { column: 'packaged_photo_url', encode: same },
  pickupPhotoUrl: { column: 'pickup_photo_url', encode: same },
  paymentMethod: { column: 'payment_method', encode: same },
  buyerCashAmount: { column: 'buyer_cash_amount', encode: same },
  buyerName: { column: 'buyer_name', encode: same },
  buyerPhone: { column: 'buyer_phone', encode: same },
  buyerLocale: { column: 'buyer_locale', encode: same },
  buyerAddress: { column: 'buyer_address', encode: same },
  pinLocationLink: { column: 'pin_location_link', encode: same },
  landmark: { column: 'landmark', encode: same },
  houseNumber: { column: 'house_number', encode: same },
  estate: { column: 'estate', encode: same },
  pickupLocation: { column: 'pickup_location', encode: same },
  deliveryCode: { column: 'delivery_code', encode: same },
  deliveryCost: { column: 'delivery_cost', encode: same },
  deliveryPaidBy: { column: 'delivery_paid_by', encode: same },
  feeBasisPoints: { column: 'fee_basis_points', encode: same },
  serviceFee: { column: 'service_fee', encode: same },
  sellerPayout: { column: 'seller_payout', encode: same },
  riderPayout: { column: 'rider_payout', encode: same },
  status: { column: 'status', encode: same },
  paymentConfirmed: { column: 'payment_confirmed', encode: (v, codec) => codec.bool(v) },
  paymentConfirmedAt: { column: 'payment_confirmed_at', encode: encodeTimeOrNull },
  mpesaReceipt: { column: 'mpesa_receipt', encode: same },
  paymentVerifiedBy: { column: 'payment_verified_by', encode: same },
  paymentReceived: { column: 'payment_received', encode: same },
  paymentClaimedAt: { column: 'payment_claimed_at', encode: encodeTimeOrNull },
  paymentClaimReceipt: { column: 'payment_claim_receipt', encode: same },
  buyerViewKey: { column: 'buyer_view_key', encode: same },
  payerPhone: { column: 'payer_phone', encode: same },
  payerToken: { column: 'payer_token', encode: same },
  termsAcceptedAt: { column: 'terms_accepted_at', encode: encodeTimeOrNull },
  settlementPaid: { column: 'settlement_paid', encode: (v, codec) => codec.bool(v) },
  settledAt: { column: 'settled_at', encode: encodeTimeOrNull },
  settlementReference: { column: 'settlement_reference', encode: same },
  riderName: { column: 'rider_name', encode: same },
  riderPhone: { column: 'rider_phone', encode: same },
  riderKey: { column: 'rider_key', encode: same },
  riderAssignedAt: { column: 'rider_assigned_at', encode: encodeTimeOrNull },
  riderAcceptedAt: { column: 'rider_accepted_at', encode: encodeTimeOrNull },
  pickedUpAt: { column: 'picked_up_at', encode: encodeTimeOrNull },
  deliveredAt: { column: 'delivered_at', encode: encodeTimeOrNull },
  cancelledAt: { column: 'cancelled_at', encode: encodeTimeOrNull },
  codeAttempts: { column: 'code_attempts', encode: same },
  codeLockedAt: { column: 'code_locked_at', encode: encodeTimeOrNull },
  estimatedDistanceKm: { column: 'estimated_distance_km', encode: same },
  estimatedTimeMinutes: { column: 'estimated_time_minutes', encode: same },
  createdAt: { column: 'created_at', encode: encodeTime },
  updatedAt: { column: 'updated_at', encode: encodeTime },
  version: { column: 'version', encode: same },
} satisfies FieldSpecs;

/**
 * Every column of an order, named (not `select *`): a prepared statement's result keeps its
 * shape when a later migration adds a column, and a row carries only what rowToOrder reads.
 */
export const ORDER_COLUMNS: readonly (keyof OrdersTable)[] = Object.values(ORDER_FIELDS).map((spec) => spec.column);

/** Set once at creation, or (version) only by the conditional update itself. */
const NOT_CHANGEABLE: ReadonlySet<string> = new Set(['id', 'sellerId', 'createdAt', 'version']);

function encodeField(field: string, value: unknown, codec: Codec): [keyof OrdersTable, unknown] {
  const spec = (ORDER_FIELDS as Record<string, { column: keyof OrdersTable; encode: (v: unknown, c: Codec) => unknown }>)[field];
  if (!spec) throw new Error(`unknown order field: ${field}`);
  return [spec.column, spec.encode(value, codec)];
}

export function orderToRow(order: Order, codec: Codec): Insertable<OrdersTable> {
  const row: Record<string, unknown> = {};
  for (const field of Object.keys(ORDER_FIELDS)) {
    const [column, value] = encodeField(field, order[field as keyof Order], codec);
    row[column] = value;
  }
  return row as unknown as Insertable<OrdersTable>;
}

/**
 * The columns for a partial change. Fields present with `undefined` are left alone; a field
 * that is not an order field, or may not change, is a programming error and throws rather
 * than being dropped (the caller would believe it was saved).
 */
export function orderChangesToRow(changes: OrderChanges, codec: Codec): Updateable<OrdersTable> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (NOT_CHANGEABLE.has(field)) throw new Error(`order field ${field} cannot be changed by an update`);
    const [column, encoded] = encodeField(field, value, codec);
    row[column] = encoded;
  }
  return row as Updateable<OrdersTable>;
}

export function rowToOrder(row: Selectable<OrdersTable>): Order {
  return {
    id: row.id,
    sellerId: row.seller_id,
    trackingNumber: row.tracking_number,
    itemName: row.item_name,
    price: decodeCents(row.price),
    productPhotoUrl: row.product_photo_url,
    packagedPhotoUrl: row.packaged_photo_url,
    pickupPhotoUrl: row.pickup_photo_url,
    // The CHECK constraints restrict these columns to the core's values.
    paymentMethod: row.payment_method as PaymentMethod,
    buyerCashAmount: decodeCentsOrNull(row.buyer_cash_amount),
    buyerName: row.buyer_name,
    buyerPhone: row.buyer_phone,
    buyerLocale: row.buyer_locale,
    buyerAddress: row.buyer_address,
    pinLocationLink: row.pin_location_link,
    landmark: row.landmark,
    houseNumber: row.house_number,
    estate: row.estate,
    pickupLocation: row.pickup_location,
    deliveryCode: row.delivery_code,
    deliveryCost: decodeCents(row.delivery_cost),
    deliveryPaidBy: row.delivery_paid_by,
    feeBasisPoints: decodeInteger(row.fee_basis_points),
    serviceFee: decodeCents(row.service_fee),
    sellerPayout: decodeCents(row.seller_payout),
    riderPayout: decodeCents(row.rider_payout),
    status: row.status as OrderStatus,
    paymentConfirmed: decodeBool(row.payment_confirmed),
    paymentConfirmedAt: decodeTimeOrNull(row.payment_confirmed_at),
    mpesaReceipt: row.mpesa_receipt,
    paymentVerifiedBy: row.payment_verified_by,
    paymentReceived: decodeCentsOrNull(row.payment_received),
    paymentClaimedAt: decodeTimeOrNull(row.payment_claimed_at),
    paymentClaimReceipt: row.payment_claim_receipt,
    // Set for every order by migration 0015 and by createOrder.
    buyerViewKey: row.buyer_view_key ?? '',
    payerPhone: row.payer_phone,
    payerToken: row.payer_token,
    termsAcceptedAt: decodeTimeOrNull(row.terms_accepted_at),
    settlementPaid: decodeBool(row.settlement_paid),
    settledAt: decodeTimeOrNull(row.settled_at),
    settlementReference: row.settlement_reference,
    riderName: row.rider_name,
    riderPhone: row.rider_phone,
    riderKey: row.rider_key,
    riderAssignedAt: decodeTimeOrNull(row.rider_assigned_at),
    riderAcceptedAt: decodeTimeOrNull(row.rider_accepted_at),
    pickedUpAt: decodeTimeOrNull(row.picked_up_at),
    deliveredAt: decodeTimeOrNull(row.delivered_at),
    cancelledAt: decodeTimeOrNull(row.cancelled_at),
    codeAttempts: decodeInteger(row.code_attempts),
    codeLockedAt: decodeTimeOrNull(row.code_locked_at),
    estimatedDistanceKm: row.estimated_distance_km,
    estimatedTimeMinutes: row.estimated_time_minutes,
    createdAt: decodeTime(row.created_at),
    updatedAt: decodeTime(row.updated_at),
    version: decodeInteger(row.version),
  };
}
