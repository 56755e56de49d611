import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';
import { oneOf, schemaKit } from './schema-kit.js';

/** Frozen copy of core's MoneyOutKind (a later change is a new migration). */
const MONEY_OUT_KINDS = ['refund', 'settlement', 'payout', 'unmatched_refund'];
/** The note markUnmatchedPaymentRefunded writes on an unmatched Paybill payment sent back by hand (frozen). */
const UNMATCHED_REFUND_NOTE = /^refunded by hand, M-Pesa reference ([A-Z0-9]{10})$/;
/** Mark Paid took at most 100 characters; anything else cannot be a reference that was recorded. */
const MAX_REFERENCE = 100;
const INSERT_BATCH = 400;

interface Row {
  reference: string;
  kind: string;
  order_id: string | null;
  owner_id: string;
  recorded_at: string;
}

/** Frozen copy of core's moneyOutReferenceKey. */
const key = (reference: string): string => reference.trim().toUpperCase();

/**
 * References of money going out are unique (decision 0050): `money_out_references`, one row
 * per reference, trimmed and upper case (the primary key: of two transactions racing for one
 * reference only one inserts it), with what it paid (`kind`), the order, the row it belongs to
 * (`owner_id`: refund request, order, payout, or Paybill payment) and when it was recorded.
 *
 * Backfilled from what was recorded before: refunded refund requests' M-Pesa references,
 * settled orders' Mark Paid references, and unmatched Paybill payments refunded by hand (their
 * reference is in the note). A reference recorded more than once keeps its earliest record
 * (by time, then refund before settlement, then owner id); the later ones stay as they are on
 * their request or order, with no row here (the decision record says how to list them).
 *
 * Also an index on stk_requests.callback_receipt: "is this reference a buyer's payment" reads it.
 */
export function moneyOutReferencesMigration(dialect: SqlDialect): Migration {
  const k = schemaKit(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('money_out_references')
        .addColumn('reference', 'text', (c) => c.primaryKey().check(sql`length(reference) between 1 and ${sql.lit(MAX_REFERENCE)}`))
        .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', MONEY_OUT_KINDS)))
        .addColumn('order_id', 'text', (c) => c.references('orders.id'))
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .$call(k.timestamp('recorded_at'))
        // Every reference but a refund of a payment no order took belongs to an order.
        .addCheckConstraint('money_out_references_order_check', sql`(kind = 'unmatched_refund') = (order_id is null)`)
        .execute();
      // An order's references (a payout engine reads them; the admin order view may).
      await db.schema.createIndex('money_out_references_order_idx').on('money_out_references').column('order_id').execute();
      await db.schema.createIndex('stk_requests_callback_receipt_idx').on('stk_requests').column('callback_receipt').execute();
      await backfill(db);
    },
  };
}

const KIND_ORDER: Readonly<Record<string, number>> = { refund: 0, unmatched_refund: 1, settlement: 2, payout: 3 };

async function backfill(db: Kysely<unknown>): Promise<void> {
  // Kysely<unknown>: a migration states its own SQL, frozen, without the live Database type.
  const refunds = await sql<{ id: string; order_id: string; mpesa_reference: string; resolved_at: string }>`
    select id, order_id, mpesa_reference, resolved_at from refund_requests
    where status = 'refunded' and mpesa_reference is not null and resolved_at is not null`.execute(db);
  const settlements = await sql<{ id: string; settlement_reference: string; settled_at: string | null; updated_at: string }>`
    select id, settlement_reference, settled_at, updated_at from orders where settlement_reference is not null`.execute(db);
  const unmatched = await sql<{ trans_id: string; note: string; resolved_at: string | null; received_at: string }>`
    select trans_id, note, resolved_at, received_at from c2b_payments where status = 'refunded' and note is not null`.execute(db);

  const candidates: Row[] = [
    ...refunds.rows.map((r) => ({ reference: key(r.mpesa_reference), kind: 'refund', order_id: r.order_id, owner_id: r.id, recorded_at: r.resolved_at })),
    ...settlements.rows.map((o) => ({ reference: key(o.settlement_reference), kind: 'settlement', order_id: o.id, owner_id: o.id, recorded_at: o.settled_at ?? o.updated_at })),
    ...unmatched.rows.flatMap((p) => {
      const reference = UNMATCHED_REFUND_NOTE.exec(p.note)?.[1];
      return reference ? [{ reference, kind: 'unmatched_refund', order_id: null, owner_id: p.trans_id, recorded_at: p.resolved_at ?? p.received_at }] : [];
    }),
  ].filter((row) => row.reference.length >= 1 && row.reference.length <= MAX_REFERENCE);

  candidates.sort((a, b) => (a.recorded_at < b.recorded_at ? -1 : a.recorded_at > b.recorded_at ? 1 : (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9) || (a.owner_id < b.owner_id ? -1 : a.owner_id > b.owner_id ? 1 : 0)));
  const earliest = new Map<string, Row>();
  for (const row of candidates) if (!earliest.has(row.reference)) earliest.set(row.reference, row);

  const rows = [...earliest.values()];
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const values = rows.slice(i, i + INSERT_BATCH).map((r) => sql`(${r.reference}, ${r.kind}, ${r.order_id}, ${r.owner_id}, ${r.recorded_at})`);
    await sql`insert into money_out_references (reference, kind, order_id, owner_id, recorded_at) values ${sql.join(values)}`.execute(db);
  }
}
