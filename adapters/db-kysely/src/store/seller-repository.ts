import type { SellerRepository } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';

export function kyselySellerRepository(db: Kysely<Database>): SellerRepository {
  return {
    async get(id) {
      const row = await db
        .selectFrom('sellers')
        .select(['id', 'user_id', 'business_name', 'location', 'phone', 'email'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return { id: row.id, userId: row.user_id, businessName: row.business_name, location: row.location, phone: row.phone, email: row.email };
    },
  };
}
