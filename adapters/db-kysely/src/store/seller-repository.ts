import type { SellerRef, SellerRepository } from '@escrow/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DbBool } from '../schema/column-types.js';
import type { Database } from '../schema/database.js';
import { decodeBool } from './codec.js';
import { PAYOUT_DETAILS_COLUMNS, rowToPayoutDetails, type PayoutDetailsRow } from './payout-details-mapping.js';

/** The seller columns the escrow core reads (SellerRef), for this repository and joins elsewhere. */
export const SELLER_REF_COLUMNS = ['id', 'user_id', 'business_name', 'location', 'phone', 'email', 'notify_by_sms', 'notify_by_email', ...PAYOUT_DETAILS_COLUMNS] as const;

type SellerRefRow = { id: string; user_id: string; business_name: string; location: string; phone: string; email: string | null; notify_by_sms: DbBool; notify_by_email: DbBool; locale: 'en' | 'sw' | null } & PayoutDetailsRow;

/**
 * The seller's language is the account's (users.locale, migration 0022; decision 0066), read with
 * the seller as a scalar subquery so every seller read carries it. `s_`-prefixed for joins.
 */
type SellerSelect = ExpressionBuilder<Database, 'sellers'>;
const localeOfSellerUser = (eb: SellerSelect) => eb.selectFrom('users').select('users.locale').whereRef('users.id', '=', 'sellers.user_id');
export const sellerLocaleColumn = (eb: SellerSelect) => localeOfSellerUser(eb).as('locale');
export const joinedSellerLocaleColumn = (eb: SellerSelect) => localeOfSellerUser(eb).as('s_locale');

export const rowToSellerRef = (row: SellerRefRow): SellerRef => ({
  id: row.id,
  userId: row.user_id,
  businessName: row.business_name,
  location: row.location,
  phone: row.phone,
  email: row.email,
  notifyBySms: decodeBool(row.notify_by_sms),
  notifyByEmail: decodeBool(row.notify_by_email),
  payoutDetails: rowToPayoutDetails(row),
  locale: row.locale ?? 'en',
});

/** The same columns of a seller left-joined to another table, `s_` prefixed (null when there is no seller). */
export const JOINED_SELLER_REF_COLUMNS = [
  'sellers.id as s_id',
  'sellers.user_id as s_user_id',
  'sellers.business_name as s_business_name',
  'sellers.location as s_location',
  'sellers.phone as s_phone',
  'sellers.email as s_email',
  'sellers.notify_by_sms as s_notify_by_sms',
  'sellers.notify_by_email as s_notify_by_email',
  'sellers.payout_method as s_payout_method',
  'sellers.payout_phone as s_payout_phone',
  'sellers.payout_paybill_number as s_payout_paybill_number',
  'sellers.payout_account_reference as s_payout_account_reference',
  'sellers.payout_till_number as s_payout_till_number',
  'sellers.payout_details_changed_at as s_payout_details_changed_at',
] as const;

export type JoinedSellerRefRow = { [K in keyof SellerRefRow as `s_${K}`]: SellerRefRow[K] | null };

/** The joined seller of a row, or null when the left join found none. */
export const joinedSellerRef = (row: JoinedSellerRefRow): SellerRef | null =>
  row.s_id === null
    ? null
    : rowToSellerRef({
        id: row.s_id,
        user_id: row.s_user_id ?? '',
        business_name: row.s_business_name ?? '',
        location: row.s_location ?? '',
        phone: row.s_phone ?? '',
        email: row.s_email,
        // A seller row always has both (NOT NULL); the defaults only satisfy the types.
        notify_by_sms: row.s_notify_by_sms ?? true,
        notify_by_email: row.s_notify_by_email ?? true,
        locale: row.s_locale,
        payout_method: row.s_payout_method ?? 'mpesa_phone',
        payout_phone: row.s_payout_phone,
        payout_paybill_number: row.s_payout_paybill_number,
        payout_account_reference: row.s_payout_account_reference,
        payout_till_number: row.s_payout_till_number,
        payout_details_changed_at: row.s_payout_details_changed_at,
      });

/** SellerRepository plus `remember`, for a seller row read along with something else. */
export interface RememberingSellerRepository extends SellerRepository {
  remember(seller: SellerRef): void;
}

/**
 * Sellers as the escrow core sees them. One binding lives for one transaction (or one read):
 * a seller read once in it is not read again (a state change reads it to create the order and
 * again to notify the seller, or with the order's row lock). The escrow store never writes
 * sellers, so the row cannot change under the transaction's own feet.
 */
export function kyselySellerRepository(db: Kysely<Database>): RememberingSellerRepository {
  const known = new Map<string, SellerRef | undefined>();
  return {
    async get(id) {
      if (known.has(id)) return known.get(id);
      const row = await db.selectFrom('sellers').select(SELLER_REF_COLUMNS).select(sellerLocaleColumn).where('id', '=', id).executeTakeFirst();
      const seller = row === undefined ? undefined : rowToSellerRef(row);
      known.set(id, seller);
      return seller;
    },
    remember(seller) {
      known.set(seller.id, seller);
    },
  };
}
