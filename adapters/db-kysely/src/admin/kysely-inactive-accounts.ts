import type { AnonymiseOutcome, InactiveAccount, InactiveAccounts } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { decodeInteger, decodeJsonObject, decodeTime, encodeJson, encodeTime } from '../store/codec.js';

/** Order statuses with nothing left to happen: no escrow held, no settlement owed. */
const FINAL_STATUSES = ['settlement_completed', 'completed', 'cancelled'] as const;
/** What replaces a name or a phone number in a kept record. */
const REMOVED = 'Deleted';
/** Keys of order_events.data that hold a rider's phone or a person's words. */
const PERSONAL_EVENT_KEYS = ['riderPhone', 'previousRiderPhone', 'paymentIssue', 'reason', 'pickupPhotoUrl'];

type Db = Kysely<Database>;

/** Text matched literally by LIKE ... ESCAPE '\\' (SQLite has no default escape character). */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface CandidateRow {
  id: string;
  email: string;
  last_active: string;
  is_admin: unknown;
  seller_id: string | null;
  business_name: string | null;
  orders: unknown;
  open_orders: unknown;
}

const finalList = sql.join(FINAL_STATUSES.map((s) => sql.lit(s)));

/** Accounts not anonymised, last active before `cutoff` (or one account, whatever its activity). */
async function candidatesQuery(db: Db, which: { cutoff: Date } | { userId: string }): Promise<InactiveAccount[]> {
  const condition = 'cutoff' in which ? sql`coalesce(u.last_sign_in_at, u.created_at) < ${encodeTime(which.cutoff)}` : sql`u.id = ${which.userId}`;
  const rows = await sql<CandidateRow>`
    select
      u.id, u.email, coalesce(u.last_sign_in_at, u.created_at) as last_active,
      (select count(*) from user_roles r where r.user_id = u.id) as is_admin,
      s.id as seller_id, s.business_name,
      (select count(*) from orders o where o.seller_id = s.id) as orders,
      (select count(*) from orders o where o.seller_id = s.id and o.status not in (${finalList})) as open_orders
    from users u left join sellers s on s.user_id = u.id
    where u.anonymised_at is null and ${condition}
    order by last_active, u.id
  `.execute(db);
  return rows.rows.map((r) => ({
    userId: r.id,
    email: r.email,
    lastActiveAt: decodeTime(r.last_active),
    isAdmin: Number(r.is_admin) > 0,
    sellerId: r.seller_id,
    businessName: r.business_name,
    orders: decodeInteger(Number(r.orders ?? 0)),
    openOrders: decodeInteger(Number(r.open_orders ?? 0)),
  }));
}

/** Removes the personal data of one account and of its seller record's orders; returns the files unlinked. */
async function scrub(trx: Db, account: InactiveAccount, at: Date): Promise<{ orders: number; files: string[] }> {
  const when = encodeTime(at);
  const files: string[] = [];
  await trx.deleteFrom('sessions').where('user_id', '=', account.userId).execute();
  await trx.deleteFrom('password_reset_codes').where('email', '=', account.email).execute();
  await trx.deleteFrom('password_verification').where('user_id', '=', account.userId).execute();
  // A linked Google account would otherwise still sign into the anonymised account (decision 0060).
  await trx.deleteFrom('oauth_identities').where('user_id', '=', account.userId).execute();
  await trx.deleteFrom('buyer_profiles').where('user_id', '=', account.userId).execute();
  // Messages still queued for this person would reach an address that no longer belongs to an account.
  const sellerPhone = account.sellerId
    ? ((await trx.selectFrom('sellers').select('phone').where('id', '=', account.sellerId).executeTakeFirst())?.phone ?? null)
    : null;
  for (const to of [account.email, sellerPhone]) {
    if (to) {
      const pattern = `%${likeLiteral(`"to":${JSON.stringify(to)}`)}%`;
      await trx.deleteFrom('outbox').where(sql<boolean>`payload like ${pattern} escape '\\'`).execute();
    }
  }
  // Rate-limit counters keyed by the e-mail (sign-in, reset codes) would keep it until they expire.
  await trx.deleteFrom('rate_limit_counters').where(sql<boolean>`bucket_key like ${`%:${likeLiteral(account.email)}`} escape '\\'`).execute();
  await trx.deleteFrom('failure_counters').where(sql<boolean>`bucket_key like ${`%:${likeLiteral(account.email)}`} escape '\\'`).execute();
  if (account.sellerId) await trx.deleteFrom('idempotency_keys').where('scope', '=', `seller\n${account.sellerId}`).execute();
  await trx
    .updateTable('users')
    .set({ email: `anonymised-${account.userId.toLowerCase()}@deleted.invalid`, password_hash: '!anonymised', anonymised_at: when })
    .where('id', '=', account.userId)
    .execute();
  if (!account.sellerId) return { orders: 0, files };

  const sellerId = account.sellerId;
  const logo = await trx.selectFrom('sellers').select('logo_url').where('id', '=', sellerId).executeTakeFirst();
  if (logo?.logo_url) files.push(logo.logo_url);
  await trx
    .updateTable('sellers')
    .set({
      business_name: 'Deleted seller',
      business_profile: null,
      location: REMOVED,
      phone: REMOVED,
      whatsapp: null,
      logo_url: null,
      about: null,
      payment_number: REMOVED,
      // Where payouts went (migration 0017): personal data like the rest.
      payout_phone: null,
      payout_paybill_number: null,
      payout_account_reference: null,
      payout_till_number: null,
      email: null,
      updated_at: when,
      anonymised_at: when,
    })
    .where('id', '=', sellerId)
    .execute();
  const riderPhones = await trx.selectFrom('riders').select('phone').where('seller_id', '=', sellerId).execute();
  await trx.deleteFrom('riders').where('seller_id', '=', sellerId).execute();

  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'tracking_number', 'buyer_phone', 'payer_phone', 'rider_phone', 'product_photo_url', 'packaged_photo_url', 'pickup_photo_url'])
    .where('seller_id', '=', sellerId)
    .execute();
  await deleteTextsAbout(trx, {
    phones: [...riderPhones.map((r) => r.phone), ...orders.flatMap((o) => [o.buyer_phone, o.payer_phone, o.rider_phone])],
    trackingNumbers: orders.map((o) => o.tracking_number),
  });
  for (const o of orders) for (const url of [o.product_photo_url, o.packaged_photo_url, o.pickup_photo_url]) if (url) files.push(url);
  const riderPhonesNamed = [...riderPhones.map((r) => r.phone), ...orders.flatMap((o) => (o.rider_phone ? [o.rider_phone] : []))];
  const ids = orders.map((o) => o.id);
  if (ids.length === 0) {
    await forgetRiderLanguages(trx, riderPhonesNamed);
    return { orders: 0, files };
  }
  // Orders keep their money, status, tracking number, receipt and times: the ledger points at them.
  await trx
    .updateTable('orders')
    .set((eb) => ({
      buyer_name: REMOVED,
      buyer_phone: REMOVED,
      buyer_address: REMOVED,
      pin_location_link: null,
      landmark: null,
      house_number: null,
      estate: null,
      pickup_location: REMOVED,
      rider_name: null,
      rider_phone: null,
      payer_phone: null,
      rider_key: null,
      product_photo_url: null,
      packaged_photo_url: null,
      pickup_photo_url: null,
      updated_at: when,
      version: eb('version', '+', 1),
    }))
    .where('seller_id', '=', sellerId)
    .execute();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    await trx.updateTable('feedback').set({ buyer_name: REMOVED, comment: null }).where('order_id', 'in', batch).execute();
    await trx.updateTable('rider_payment_confirmations').set({ rider_phone: REMOVED, payment_issue: null }).where('order_id', 'in', batch).execute();
    await trx.updateTable('refund_requests').set({ reason: '(removed)', resolution_note: null }).where('order_id', 'in', batch).execute();
    // M-Pesa's records of who paid: the phone prompted or paying, the payer's name (the receipts, amounts and results stay).
    await trx.updateTable('stk_requests').set({ msisdn: REMOVED, callback_phone: null }).where('order_id', 'in', batch).execute();
    await trx.updateTable('c2b_payments').set({ msisdn: REMOVED, payer_name: REMOVED }).where('order_id', 'in', batch).execute();
    await trx.updateTable('code_attempts').set({ actor: 'rider:removed' }).where('order_id', 'in', batch).where('actor', 'like', 'rider:%').execute();
    await trx.updateTable('order_events').set({ actor: 'rider:removed' }).where('order_id', 'in', batch).where('actor', 'like', 'rider:%').execute();
    const events = await trx.selectFrom('order_events').select(['id', 'data']).where('order_id', 'in', batch).execute();
    for (const event of events) {
      const data = decodeJsonObject(event.data);
      const personal = PERSONAL_EVENT_KEYS.filter((key) => data[key] !== undefined && data[key] !== null);
      if (personal.length === 0) continue;
      for (const key of personal) data[key] = 'removed';
      await trx.updateTable('order_events').set({ data: encodeJson(data) }).where('id', '=', event.id).execute();
    }
  }
  await forgetRiderLanguages(trx, riderPhonesNamed);
  return { orders: ids.length, files };
}

/**
 * A rider's language is kept by phone (decision 0066) for as long as something names the phone:
 * once the purged seller's list and orders no longer do, and no other seller's list or order
 * does, the phone and its language are forgotten.
 */
async function forgetRiderLanguages(trx: Db, phones: readonly string[]): Promise<void> {
  const unique = [...new Set(phones)];
  for (let i = 0; i < unique.length; i += 500) {
    await trx
      .deleteFrom('rider_locales')
      .where('phone', 'in', unique.slice(i, i + 500))
      .where('phone', 'not in', trx.selectFrom('riders').select('phone'))
      .where('phone', 'not in', trx.selectFrom('orders').select('rider_phone').where('rider_phone', 'is not', null).$narrowType<{ rider_phone: string }>())
      .execute();
  }
}

/**
 * Texts to the seller's riders and to the buyers, payers and riders of the seller's orders: those
 * sent or given up (kept with who they went to) and those still queued about one of these orders.
 * A text still queued to the same phone about another seller's order stays: a rider or a buyer
 * may deal with several sellers, and that message is not this seller's to remove.
 */
async function deleteTextsAbout(trx: Db, args: { phones: readonly (string | null)[]; trackingNumbers: readonly string[] }): Promise<void> {
  const phones = [...new Set(args.phones.filter((p): p is string => typeof p === 'string' && p.startsWith('+')))];
  for (const phone of phones) {
    const pattern = `%${likeLiteral(`"to":${JSON.stringify(phone)}`)}%`;
    const rows = await trx.selectFrom('outbox').select(['id', 'payload', 'delivered_at', 'given_up_at']).where(sql<boolean>`payload like ${pattern} escape '\\'`).execute();
    const ids = rows.filter((r) => r.delivered_at !== null || r.given_up_at !== null || args.trackingNumbers.some((t) => String(r.payload).includes(t))).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) await trx.deleteFrom('outbox').where('id', 'in', ids.slice(i, i + 500)).execute();
  }
}

/**
 * The inactive-account purge over Kysely. Each account is anonymised in its own transaction,
 * which first checks again, with the user's row locked, that it still qualifies.
 */
export function createKyselyInactiveAccounts(db: Db, dialect: SqlDialect): InactiveAccounts {
  return {
    candidates: (cutoff) => candidatesQuery(db, { cutoff }),
    anonymise: (userId, args) =>
      db.transaction().execute(async (trx): Promise<AnonymiseOutcome> => {
        if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const [account] = await candidatesQuery(trx, { userId });
        if (!account) return { anonymised: false, reason: 'gone' };
        if (account.lastActiveAt.getTime() >= args.cutoff.getTime()) return { anonymised: false, reason: 'signed_in' };
        if (account.isAdmin) return { anonymised: false, reason: 'admin' };
        if (account.openOrders > 0) return { anonymised: false, reason: 'open_orders' };
        const done = await scrub(trx, account, args.at);
        const audit = args.audit;
        await trx
          .insertInto('admin_audit_log')
          .values({
            id: audit.id,
            actor: audit.actor,
            action: audit.action,
            subject_type: audit.subjectType,
            subject_id: audit.subjectId,
            before: audit.before === null ? null : encodeJson({ ...audit.before, orders: done.orders }),
            after: audit.after === null ? null : encodeJson(audit.after),
            at: encodeTime(audit.at),
          })
          .execute();
        return { anonymised: true, orders: done.orders, files: done.files };
      }),
  };
}
