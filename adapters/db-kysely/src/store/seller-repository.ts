import type { SellerRef, SellerRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';

/** The seller columns the escrow core reads (SellerRef), for this repository and joins elsewhere. */
export const SELLER_REF_COLUMNS = ['id', 'user_id', 'business_name', 'location', 'phone', 'email'] as const;

type SellerRefRow = { id: string; user_id: string; business_name: string; location: string; phone: string; email: string | null };

export const rowToSellerRef = (row: SellerRefRow): SellerRef => ({ id: row.id, userId: row.user_id, businessName: row.business_name, location: row.location, phone: row.phone, email: row.email });

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
      const row = await db.selectFrom('sellers').select(SELLER_REF_COLUMNS).where('id', '=', id).executeTakeFirst();
      const seller = row === undefined ? undefined : rowToSellerRef(row);
      known.set(id, seller);
      return seller;
    },
    remember(seller) {
      known.set(seller.id, seller);
    },
  };
}
