import type { AdminSellerRow, ContactMessageRow, PageRequest, Paged, SavedPaymentConfig } from '@escrow/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeBool, decodeInteger, decodeTime, decodeTimeOrNull, type Codec } from '../store/codec.js';
import { likePattern } from './admin-orders-query.js';

/** Sellers not anonymised, newest first (sellers_created_id_idx), optionally by name or phone. */
export async function adminSellersQuery(
  db: Kysely<Database>,
  filter: { readonly search?: { readonly text: string; readonly phone: string | null } | undefined },
  page: PageRequest,
): Promise<Paged<AdminSellerRow>> {
  const search = filter.search;
  const base = () => {
    let query = db.selectFrom('sellers').where('anonymised_at', 'is', null);
    if (search) {
      const pattern = likePattern(search.text);
      query = query.where((eb) =>
        eb.or([sql<boolean>`lower(business_name) like ${pattern} escape '\\'`, ...(search.phone ? [eb('phone', '=', search.phone), eb('whatsapp', '=', search.phone)] : [])]),
      );
    }
    return query;
  };
  const rows = await base()
    .select(['id', 'business_name', 'location', 'phone', 'whatsapp', 'payment_method', 'payment_number', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await base().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => ({
      id: row.id,
      businessName: row.business_name,
      location: row.location,
      phone: row.phone,
      whatsapp: row.whatsapp,
      paymentMethod: row.payment_method,
      paymentNumber: row.payment_number,
      createdAt: decodeTime(row.created_at),
    })),
    total: decodeInteger(Number(counted.total)),
  };
}

/** Contact messages with the e-mail of the admin who resolved each. */
export const selectContacts = (db: Kysely<Database>) =>
  db
    .selectFrom('contact_submissions')
    .leftJoin('users', 'users.id', 'contact_submissions.resolved_by')
    .select([
      'contact_submissions.id',
      'contact_submissions.name',
      'contact_submissions.email',
      'contact_submissions.phone',
      'contact_submissions.message',
      'contact_submissions.resolved',
      'contact_submissions.resolved_at',
      'contact_submissions.resolved_by',
      'contact_submissions.created_at',
      'users.email as resolved_by_email',
    ]);

type ContactSelectRow = Awaited<ReturnType<ReturnType<typeof selectContacts>['execute']>>[number];

export function toContactRow(row: ContactSelectRow): ContactMessageRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    resolved: decodeBool(row.resolved),
    resolvedAt: decodeTimeOrNull(row.resolved_at),
    resolvedBy: row.resolved_by,
    resolvedByEmail: row.resolved_by_email,
    createdAt: decodeTime(row.created_at),
  };
}

/** Contact messages, newest first (contact_submissions_*_created_id_idx); all, open or resolved. */
export async function adminContactsQuery(db: Kysely<Database>, codec: Codec, filter: { readonly resolved?: boolean | undefined }, page: PageRequest): Promise<Paged<ContactMessageRow>> {
  const resolved = filter.resolved === undefined ? undefined : codec.bool(filter.resolved);
  const list = selectContacts(db);
  const rows = await (resolved === undefined ? list : list.where('contact_submissions.resolved', '=', resolved))
    .orderBy('contact_submissions.created_at', 'desc')
    .orderBy('contact_submissions.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = db.selectFrom('contact_submissions').select((eb) => eb.fn.countAll<number>().as('total'));
  const counted = await (resolved === undefined ? count : count.where('resolved', '=', resolved)).executeTakeFirstOrThrow();
  return { items: rows.map(toContactRow), total: decodeInteger(Number(counted.total)) };
}

/** The keys of spec section 3 (system_config), written together by the admin's save. */
export const PAYMENT_CONFIG_KEYS = { businessNumber: 'mpesa_business_number', accountNumber: 'mpesa_account_number', accountName: 'mpesa_account_name' } as const;

/** The saved Paybill, or null unless all three keys are saved. */
export async function savedPaymentConfigQuery(db: Kysely<Database>, options: { forUpdate?: boolean; dialect?: Codec['dialect'] } = {}): Promise<SavedPaymentConfig | null> {
  let query = db
    .selectFrom('system_config')
    .leftJoin('users', 'users.id', 'system_config.updated_by')
    .select(['system_config.config_key', 'system_config.config_value', 'system_config.updated_by', 'system_config.updated_at', 'users.email as updated_by_email'])
    .where('system_config.config_key', 'in', Object.values(PAYMENT_CONFIG_KEYS));
  if (options.forUpdate && options.dialect === 'postgres') query = query.forUpdate('system_config');
  const rows = await query.execute();
  const byKey = new Map(rows.map((row) => [row.config_key, row]));
  const business = byKey.get(PAYMENT_CONFIG_KEYS.businessNumber);
  const account = byKey.get(PAYMENT_CONFIG_KEYS.accountNumber);
  const name = byKey.get(PAYMENT_CONFIG_KEYS.accountName);
  if (!business || !account || !name) return null;
  const latest = [business, account, name].reduce((a, b) => (b.updated_at > a.updated_at ? b : a));
  return {
    businessNumber: business.config_value,
    accountNumber: account.config_value,
    accountName: name.config_value,
    updatedAt: decodeTime(latest.updated_at),
    updatedBy: latest.updated_by,
    updatedByEmail: latest.updated_by_email,
  };
}
