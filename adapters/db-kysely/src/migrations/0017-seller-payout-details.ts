import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf } from './schema-kit.js';

/**
 * Where each seller is paid (decision 0049), apart from the business phone and changed only with
 * the password: `sellers.payout_method` ('mpesa_phone' | 'paybill' | 'till'), `payout_phone`
 * (E.164), `payout_paybill_number` + `payout_account_reference` (Daraja B2B: at most 13
 * characters), `payout_till_number` and `payout_details_changed_at` (payouts to details changed
 * less than 24 hours ago wait; null for every existing seller: nothing is held).
 *
 * Existing sellers keep the destination they gave (the spec's payment_method / payment_number,
 * what admins pay by hand today): an M-Pesa number stays that number, a Paybill or Till stays
 * that shortcode. A Paybill gets no account reference (the old form had none): the seller adds
 * it before the first automatic payout. A number that does not fit its method (written before
 * the forms checked it) falls back to the seller's business phone. Anonymised sellers get none.
 * The chosen method's number must be there (CHECK): a table constraint on PostgreSQL; on SQLite,
 * which adds no table constraint to a table that exists, the CHECK of the last column added,
 * once the rows are filled in.
 */
export function sellerPayoutDetailsMigration(dialect: SqlDialect): Migration {
  const postgres = dialect === 'postgres';
  const matches = (column: string, pattern: string, glob: string) =>
    postgres ? sql`${sql.ref(column)} ~ ${sql.lit(pattern)}` : sql`${sql.ref(column)} glob ${sql.lit(glob)}`;
  const digits = (n: number) => '[0-9]'.repeat(n);
  const shortcode = (column: string) =>
    postgres ? sql`${sql.ref(column)} ~ '^[0-9]{5,7}$'` : sql`(${sql.ref(column)} glob ${sql.lit(digits(5))} or ${sql.ref(column)} glob ${sql.lit(digits(6))} or ${sql.ref(column)} glob ${sql.lit(digits(7))})`;
  const destinationSet = sql`anonymised_at is not null
    or (payout_method = 'mpesa_phone' and payout_phone is not null)
    or (payout_method = 'paybill' and payout_paybill_number is not null)
    or (payout_method = 'till' and payout_till_number is not null)`;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const add = (name: string, build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder) => db.schema.alterTable('sellers').addColumn(name, 'text', build).execute();
      await add('payout_method', (c) => c.notNull().defaultTo('mpesa_phone').check(oneOf('payout_method', ['mpesa_phone', 'paybill', 'till'])));
      await add('payout_phone', (c) => c.check(matches('payout_phone', '^\\+254[17][0-9]{8}$', `+254[17]${digits(8)}`)));
      await add('payout_paybill_number', (c) => c.check(shortcode('payout_paybill_number')));
      await add('payout_account_reference', (c) => c.check(sql`length(payout_account_reference) between 1 and 13`));
      await add('payout_till_number', (c) => c.check(shortcode('payout_till_number')));

      const rows = await sql<{ id: string; phone: string; payment_method: string; payment_number: string }>`
        select id, phone, payment_method, payment_number from sellers where anonymised_at is null`.execute(db);
      for (const row of rows.rows) {
        const set = legacyDestination(row);
        await sql`update sellers set payout_method = ${set.method}, payout_phone = ${set.phone}, payout_paybill_number = ${set.paybill}, payout_till_number = ${set.till} where id = ${row.id}`.execute(db);
      }

      if (postgres) {
        // COLLATE "C", as every timestamp column (schema-kit): compared as instants.
        await db.schema.alterTable('sellers').addColumn('payout_details_changed_at', sql`text collate "C"`, (c) => c.check(sql`length(payout_details_changed_at) = 24`)).execute();
        await db.schema.alterTable('sellers').addCheckConstraint('sellers_payout_destination_set', destinationSet).execute();
      } else {
        await add('payout_details_changed_at', (c) => c.check(sql`(payout_details_changed_at is null or length(payout_details_changed_at) = 24) and (${destinationSet})`));
      }
    },
  };
}

// Frozen copies of the rules of the day (a migration must not change when the core does).
const KENYAN_MOBILE = /^(?:\+?254|0)([17]\d{8})$/;
const SHORT_CODE = /^\d{5,7}$/;

function legacyDestination(row: { phone: string; payment_method: string; payment_number: string }): { method: string; phone: string | null; paybill: string | null; till: string | null } {
  const number = row.payment_number.replace(/[\s\-.()]/g, '');
  const subscriber = KENYAN_MOBILE.exec(number)?.[1];
  if (row.payment_method === 'direct_mpesa' && subscriber !== undefined) return { method: 'mpesa_phone', phone: `+254${subscriber}`, paybill: null, till: null };
  if (row.payment_method === 'paybill' && SHORT_CODE.test(number)) return { method: 'paybill', phone: null, paybill: number, till: null };
  if (row.payment_method === 'till_number' && SHORT_CODE.test(number)) return { method: 'till', phone: null, paybill: null, till: number };
  const business = KENYAN_MOBILE.exec(row.phone.replace(/[\s\-.()]/g, ''))?.[1];
  return { method: 'mpesa_phone', phone: business === undefined ? null : `+254${business}`, paybill: null, till: null };
}
