import type { Rider, RiderRepository } from '@escrow/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { RidersTable } from '../schema/order-tables.js';
import { decodeTime, encodeTime } from './codec.js';

const toRider = (row: Selectable<RidersTable>): Rider => ({
  id: row.id,
  sellerId: row.seller_id,
  name: row.name,
  phone: row.phone,
  motorbikePlate: row.motorbike_plate,
  createdAt: decodeTime(row.created_at),
});

const toRow = (rider: Rider): Insertable<RidersTable> => ({
  id: rider.id,
  seller_id: rider.sellerId,
  name: rider.name,
  phone: rider.phone,
  motorbike_plate: rider.motorbikePlate,
  created_at: encodeTime(rider.createdAt),
});

export function kyselyRiderRepository(db: Kysely<Database>): RiderRepository {
  const select = () => db.selectFrom('riders').selectAll();
  return {
    async insert(rider) {
      await db.insertInto('riders').values(toRow(rider)).execute();
    },
    async insertUnlessListed(rider) {
      // ON CONFLICT waits for a concurrent insert of the same phone to commit, then does
      // nothing; the read after it (a new statement, a new snapshot) sees that rider.
      const inserted = await db
        .insertInto('riders')
        .values(toRow(rider))
        .onConflict((oc) => oc.columns(['seller_id', 'phone']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return toRider(inserted);
      const listed = await select().where('seller_id', '=', rider.sellerId).where('phone', '=', rider.phone).executeTakeFirst();
      return listed === undefined ? undefined : toRider(listed);
    },
    async get(id) {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toRider(row);
    },
    /** In the order they were added. */
    async listBySeller(sellerId) {
      const rows = await select().where('seller_id', '=', sellerId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toRider);
    },
    async findBySellerAndPhone(sellerId, phone) {
      const row = await select().where('seller_id', '=', sellerId).where('phone', '=', phone).executeTakeFirst();
      return row === undefined ? undefined : toRider(row);
    },
    async isListedAnywhere(phone) {
      const row = await db.selectFrom('riders').select('id').where('phone', '=', phone).limit(1).executeTakeFirst();
      return row !== undefined;
    },
    async localeOf(phone) {
      const row = await db.selectFrom('rider_locales').select('locale').where('phone', '=', phone).executeTakeFirst();
      return row?.locale ?? 'en';
    },
    async setLocale(phone, locale, at) {
      await db
        .insertInto('rider_locales')
        .values({ phone, locale, updated_at: encodeTime(at) })
        .onConflict((oc) => oc.column('phone').doUpdateSet({ locale, updated_at: encodeTime(at) }))
        .execute();
    },
    async delete(id) {
      const result = await db.deleteFrom('riders').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
