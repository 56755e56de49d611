import type { SellerProfile, SellerProfileRepository } from '@escrow/core';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SellersTable } from '../schema/account-tables.js';
import { payoutDetailsToRow, rowToPayoutDetails } from '../store/payout-details-mapping.js';
import { decodeBool, decodeTime, decodeTimeOrNull, encodeTime, encodeTimeOrNull, type Codec } from '../store/codec.js';

const toProfile = (row: Selectable<SellersTable>): SellerProfile => ({
  id: row.id,
  userId: row.user_id,
  businessName: row.business_name,
  businessProfile: row.business_profile,
  location: row.location,
  phone: row.phone,
  whatsapp: row.whatsapp,
  logoUrl: row.logo_url,
  about: row.about,
  paymentMethod: row.payment_method,
  paymentNumber: row.payment_number,
  termsAccepted: decodeBool(row.terms_accepted),
  termsAcceptedAt: decodeTimeOrNull(row.terms_accepted_at),
  email: row.email,
  notifyBySms: decodeBool(row.notify_by_sms),
  notifyByEmail: decodeBool(row.notify_by_email),
  payoutDetails: rowToPayoutDetails(row),
  createdAt: decodeTime(row.created_at),
  updatedAt: decodeTime(row.updated_at),
});

export function kyselySellerProfileRepository(db: Kysely<Database>, codec: Codec): SellerProfileRepository {
  return {
    /** One seller record per user (unique user_id); a second insert is a no-op answered false. */
    async insert(p) {
      const result = await db
        .insertInto('sellers')
        .values({
          id: p.id,
          user_id: p.userId,
          business_name: p.businessName,
          business_profile: p.businessProfile,
          location: p.location,
          phone: p.phone,
          whatsapp: p.whatsapp,
          logo_url: p.logoUrl,
          about: p.about,
          payment_method: p.paymentMethod,
          payment_number: p.paymentNumber,
          terms_accepted: codec.bool(p.termsAccepted),
          terms_accepted_at: encodeTimeOrNull(p.termsAcceptedAt),
          email: p.email,
          notify_by_sms: codec.bool(p.notifyBySms),
          notify_by_email: codec.bool(p.notifyByEmail),
          ...payoutDetailsToRow(p.payoutDetails),
          created_at: encodeTime(p.createdAt),
          updated_at: encodeTime(p.updatedAt),
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async findByUserId(userId) {
      const row = await db.selectFrom('sellers').selectAll().where('user_id', '=', userId).executeTakeFirst();
      return row === undefined ? undefined : toProfile(row);
    },
    // PostgreSQL: FOR UPDATE. SQLite: write transactions begin immediate, one at a time.
    async lockByUserId(userId) {
      const query = db.selectFrom('sellers').selectAll().where('user_id', '=', userId);
      const row = await (codec.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      return row === undefined ? undefined : toProfile(row);
    },
    /** Addressed by the owner's user id only: there is no way to name another seller's row. */
    async updateOwn(userId, changes, at) {
      const set: Updateable<SellersTable> = { updated_at: encodeTime(at) };
      if (changes.businessName !== undefined) set.business_name = changes.businessName;
      if (changes.location !== undefined) set.location = changes.location;
      if (changes.phone !== undefined) set.phone = changes.phone;
      if (changes.whatsapp !== undefined) set.whatsapp = changes.whatsapp;
      if (changes.about !== undefined) set.about = changes.about;
      if (changes.logoUrl !== undefined) set.logo_url = changes.logoUrl;
      if (changes.paymentMethod !== undefined) set.payment_method = changes.paymentMethod;
      if (changes.paymentNumber !== undefined) set.payment_number = changes.paymentNumber;
      if (changes.notifyBySms !== undefined) set.notify_by_sms = codec.bool(changes.notifyBySms);
      if (changes.notifyByEmail !== undefined) set.notify_by_email = codec.bool(changes.notifyByEmail);
      if (changes.payoutDetails !== undefined) Object.assign(set, payoutDetailsToRow(changes.payoutDetails));
      const row = await db.updateTable('sellers').set(set).where('user_id', '=', userId).returningAll().executeTakeFirst();
      return row === undefined ? undefined : toProfile(row);
    },
  };
}
