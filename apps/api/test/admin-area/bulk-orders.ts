import { randomUUID } from 'node:crypto';
import { TRACKING_ALPHABET, type OrderStatus } from '@escrow/core';
import type { SellerWorld } from '../escrow-seller/seller-world.js';

/** A distinct tracking number per index, in the tracking alphabet (no 0/1/O/I/L). */
export function trackingFor(prefix: string, i: number): string {
  let out = '';
  for (let n = i, k = 0; k < 6; k += 1, n = Math.floor(n / TRACKING_ALPHABET.length)) out += TRACKING_ALPHABET[n % TRACKING_ALPHABET.length];
  return `${prefix}${out}`;
}

const STATUSES: readonly OrderStatus[] = ['awaiting_payment', 'paid', 'rider_assigned', 'in_transit', 'awaiting_settlement', 'settlement_completed', 'completed', 'cancelled'];

/**
 * Sellers and orders written straight into the tables, for volume (thousands in seconds): valid
 * rows of every status, spread over `days`, with buyers' phones repeating every 250 orders. The
 * money columns add up (fee + payout = price) but there are no ledger postings: for list and
 * export tests, not for ledger checks.
 */
export async function bulkOrders(world: SellerWorld, options: { sellers: number; orders: number; days: number; prefix: string }): Promise<{ sellerIds: string[]; businessNames: string[] }> {
  const db = world.composed.database.db;
  const bool = (value: boolean) => (world.dialect === 'sqlite' ? (value ? 1 : 0) : value);
  const now = Date.now();
  const sellerIds: string[] = [];
  const businessNames: string[] = [];
  for (let s = 0; s < options.sellers; s += 1) {
    const userId = randomUUID();
    const sellerId = randomUUID();
    const at = new Date(now - s * 3_600_000).toISOString();
    const name = `${options.prefix} Shop ${String(s).padStart(3, '0')}`;
    await db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, password_hash: '-', created_at: at, last_sign_in_at: at }).execute();
    await db
      .insertInto('sellers')
      .values({ id: sellerId, user_id: userId, business_name: name, business_profile: null, location: 'Nairobi', phone: `+2547${String(10_000_000 + s).slice(-8)}`, whatsapp: null, logo_url: null, about: null, payment_method: 'direct_mpesa', payment_number: '+254711111111', payout_phone: '+254711111111', terms_accepted: bool(true), terms_accepted_at: at, email: null, created_at: at, updated_at: at })
      .execute();
    sellerIds.push(sellerId);
    businessNames.push(name);
  }
  const rows = Array.from({ length: options.orders }, (_, i) => {
    const status = STATUSES[i % STATUSES.length] ?? 'awaiting_payment';
    const price = 1_000_00 + (i % 97) * 1_000;
    const fee = Math.round((price * 250) / 10_000);
    const created = new Date(now - Math.floor((i / options.orders) * options.days * 86_400_000) - 60_000).toISOString();
    const paid = !['awaiting_payment', 'cancelled'].includes(status);
    return {
      id: randomUUID(),
      seller_id: sellerIds[i % sellerIds.length] ?? '',
      tracking_number: trackingFor(options.prefix.slice(0, 4).toUpperCase().replace(/[^2-9A-HJKMNP-Z]/g, 'X'), i),
      item_name: `Bulk item ${i}`,
      price,
      product_photo_url: null,
      packaged_photo_url: null,
      pickup_photo_url: null,
      payment_method: status === 'completed' ? ('cash' as const) : ('mpesa_prepay' as const),
      buyer_cash_amount: status === 'completed' ? price : null,
      buyer_name: `Buyer ${i}`,
      buyer_phone: `+2547${String(20_000_000 + (i % 250)).slice(-8)}`,
      buyer_address: 'Kilimani',
      pin_location_link: null,
      landmark: null,
      house_number: null,
      estate: null,
      pickup_location: 'Westlands',
      delivery_code: String(100_000 + (i % 899_999)),
      delivery_cost: 200_00,
      delivery_paid_by: 'buyer' as const,
      fee_basis_points: 250,
      service_fee: fee,
      seller_payout: price - fee,
      rider_payout: 200_00,
      status,
      payment_confirmed: bool(paid && status !== 'completed'),
      payment_confirmed_at: paid ? created : null,
      mpesa_receipt: null,
      terms_accepted_at: paid ? created : null,
      settlement_paid: bool(status === 'settlement_completed'),
      settled_at: status === 'settlement_completed' ? created : null,
      settlement_reference: null,
      rider_name: null,
      rider_phone: null,
      rider_key: null,
      rider_assigned_at: null,
      rider_accepted_at: null,
      picked_up_at: null,
      delivered_at: null,
      cancelled_at: null,
      code_attempts: 0,
      code_locked_at: null,
      estimated_distance_km: null,
      estimated_time_minutes: null,
      created_at: created,
      updated_at: created,
      version: 0,
    };
  });
  for (let i = 0; i < rows.length; i += 250) await db.insertInto('orders').values(rows.slice(i, i + 250)).execute();
  return { sellerIds, businessNames };
}
