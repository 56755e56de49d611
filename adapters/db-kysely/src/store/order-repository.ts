import type { OrderRepository, SellerRef } from '@escrow/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { OrdersTable } from '../schema/order-tables.js';
import { decodeInteger, decodeTime, type Codec } from './codec.js';
import { immediateInserts, type Inserts } from './deferred-inserts.js';
import { ORDER_COLUMNS, orderChangesToRow, orderToRow, rowToOrder } from './order-mapping.js';
import { precompiled } from './precompiled-query.js';
import { JOINED_SELLER_REF_COLUMNS, joinedSellerLocaleColumn, joinedSellerRef, type JoinedSellerRefRow } from './seller-repository.js';

/** The order's columns qualified, for queries that join another table. */
const QUALIFIED_ORDER_COLUMNS = ORDER_COLUMNS.map((column) => `orders.${column}` as const);

type LockedRow = Selectable<OrdersTable> & JoinedSellerRefRow;

/**
 * The buyer page in one statement: the order, its seller, its feedback and whether a refund
 * request is open (four reads before; the page is the busiest read of the API). 'open' is a
 * literal, not a bound value: SQLite re-prepares a statement whose bound value decides whether
 * a partial index applies (refund_requests_one_open_idx), at every run.
 */
const buyerPageQuery = precompiled(['orderId'], (db, p) =>
  db
    .selectFrom('orders')
    .leftJoin('sellers', 'sellers.id', 'orders.seller_id')
    .leftJoin('feedback', 'feedback.order_id', 'orders.id')
    .select(QUALIFIED_ORDER_COLUMNS)
    .select(JOINED_SELLER_REF_COLUMNS)
      .select(joinedSellerLocaleColumn)
    .select(['feedback.order_id as f_order_id', 'feedback.buyer_name as f_buyer_name', 'feedback.rider_rating as f_rider_rating', 'feedback.seller_rating as f_seller_rating', 'feedback.comment as f_comment', 'feedback.created_at as f_created_at'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('refund_requests').select('refund_requests.id').whereRef('refund_requests.order_id', '=', 'orders.id').where('refund_requests.status', '=', sql.lit('open')))
        .as('refund_open'),
    )
    .where('orders.id', '=', p.orderId),
);

/**
 * A state change's first read: the order with its seller, locked on PostgreSQL (FOR UPDATE OF
 * orders; SQLite has no row locks, its transactions hold the write lock). Every state change
 * makes it, so it is built and compiled once (precompiled-query.ts).
 */
const lockedOrderQuery = (lock: boolean) =>
  precompiled(['orderId'], (db, p) => {
    const query = db
      .selectFrom('orders')
      .leftJoin('sellers', 'sellers.id', 'orders.seller_id')
      .select(QUALIFIED_ORDER_COLUMNS)
      .select(JOINED_SELLER_REF_COLUMNS)
      .select(joinedSellerLocaleColumn)
      .where('orders.id', '=', p.orderId);
    return lock ? query.forUpdate('orders') : query;
  });
const lockOrderPostgres = lockedOrderQuery(true);
const readOrderWithSeller = lockedOrderQuery(false);

/** The order alone: the look-up before a change that must not hold a lock (a payment check, a photo). */
const orderQuery = precompiled(['orderId'], (db, p) => db.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', p.orderId));

/**
 * `onSeller`: the order's seller, read with the row lock (getForUpdate), is handed to the
 * transaction's seller repository, so a state change that notifies the seller does not read
 * the seller again (one round trip less on PostgreSQL).
 *
 * `inserts`: the transaction's held writes. On PostgreSQL the update of an order this
 * transaction locked (getForUpdate) at the version it read is held and sent with the audit,
 * ledger and outbox rows in the statement before COMMIT (one round trip less per state
 * change): the lock guarantees the version still matches, and the flush checks it did. Any
 * other read or write of `orders` here sends what is held first.
 */
export function kyselyOrderRepository(
  db: Kysely<Database>,
  codec: Codec,
  onSeller: (seller: SellerRef) => void = () => {},
  inserts: Inserts = immediateInserts(db),
): OrderRepository {
  const select = () => db.selectFrom('orders').select(ORDER_COLUMNS);
  /** Rows this transaction holds the lock of, with the version they are at (PostgreSQL). */
  const locked = new Map<string, number>();
  const settle = async (): Promise<void> => {
    if (inserts.holdingOrderUpdate) await inserts.flush();
  };
  return {
    async insert(order) {
      await settle();
      await db.insertInto('orders').values(orderToRow(order, codec)).execute();
    },

    async insertIfTrackingNumberFree(order) {
      // ON CONFLICT on the tracking number only: a clash writes nothing and, unlike a unique
      // violation, leaves a PostgreSQL transaction usable; any other violation still throws.
      await settle();
      const result = await db
        .insertInto('orders')
        .values(orderToRow(order, codec))
        .onConflict((oc) => oc.column('tracking_number').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async getForUpdate(id) {
      // PostgreSQL: the row lock is held until the transaction ends, so a second writer waits
      // here and then reads the first writer's committed row. Only the order is locked (FOR
      // UPDATE OF orders): locking the seller would serialise all of a seller's orders. SQLite
      // has no row locks: its transactions start with BEGIN IMMEDIATE and hold the database
      // write lock throughout.
      await settle();
      const [row] = (await (codec.dialect === 'postgres' ? lockOrderPostgres : readOrderWithSeller).execute(db, codec.dialect, { orderId: id })) as LockedRow[];
      if (row === undefined) return undefined;
      const seller = joinedSellerRef(row);
      if (seller) onSeller(seller);
      const order = rowToOrder(row);
      if (inserts.holdsUpdates) locked.set(order.id, order.version);
      return order;
    },

    async get(id) {
      await settle();
      const [row] = await orderQuery.execute(db, codec.dialect, { orderId: id });
      return row === undefined ? undefined : rowToOrder(row);
    },

    async listUnverifiedPayments(limit) {
      // An operator's list (CLI, admin): a scan is acceptable; no index is kept for it.
      await settle();
      const rows = await select()
        .where((eb) =>
          eb.or([
            eb.and([eb('payment_confirmed', '=', codec.bool(false)), eb('payment_claimed_at', 'is not', null), eb('status', '!=', 'cancelled')]),
            eb.and([eb('payment_confirmed', '=', codec.bool(true)), eb('payment_verified_by', 'is', null), eb('payment_method', '!=', 'cash')]),
          ]),
        )
        .orderBy((eb) => eb.fn.coalesce('payment_claimed_at', 'payment_confirmed_at', 'created_at'))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(rowToOrder);
    },

    async findByTrackingNumber(trackingNumber) {
      // The unique index on tracking_number answers it.
      await settle();
      const row = await select().where('tracking_number', '=', trackingNumber).executeTakeFirst();
      return row === undefined ? undefined : rowToOrder(row);
    },

    async getBuyerPage(id) {
      await settle();
      const [row] = await buyerPageQuery.execute(db, codec.dialect, { orderId: id });
      if (row === undefined) return undefined;
      const seller = joinedSellerRef(row);
      const feedback =
        row.f_order_id === null
          ? null
          : {
              orderId: row.f_order_id,
              buyerName: row.f_buyer_name ?? '',
              riderRating: decodeInteger(row.f_rider_rating ?? 0),
              sellerRating: decodeInteger(row.f_seller_rating ?? 0),
              comment: row.f_comment,
              createdAt: decodeTime(row.f_created_at ?? ''),
            };
      // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
      return { order: rowToOrder(row), seller, feedback, refundRequested: row.refund_open === true || Number(row.refund_open) === 1 };
    },

    async update(id, expectedVersion, changes) {
      // One held update at a time: two updates of one row in one statement would not both apply.
      await settle();
      if (inserts.holdsUpdates && locked.get(id) === expectedVersion) {
        inserts.holdOrderUpdate({ id, expectedVersion, set: orderChangesToRow(changes, codec) });
        locked.set(id, expectedVersion + 1);
        return true;
      }
      const result = await db
        .updateTable('orders')
        .set((eb) => ({ ...orderChangesToRow(changes, codec), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      const updated = result.numUpdatedRows > 0n;
      if (updated && locked.has(id)) locked.set(id, expectedVersion + 1);
      return updated;
    },

    /** Newest first (the seller dashboard's order), id breaking ties so pages never overlap. */
    async listBySeller(sellerId, page) {
      await settle();
      const rows = await select()
        .where('seller_id', '=', sellerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map(rowToOrder);
    },

    /** Oldest first: the job that has waited longest is offered first. */
    async listAvailableForRider(phone) {
      await settle();
      const rows = await select()
        .where('status', '=', 'paid')
        .where('rider_phone', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('riders')
              .select('riders.id')
              .whereRef('riders.seller_id', '=', 'orders.seller_id')
              .where('riders.phone', '=', phone),
          ),
        )
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(rowToOrder);
    },

    /** Every order currently carrying this phone, any status, newest first. */
    async listAssignedToRider(phone) {
      await settle();
      const rows = await select().where('rider_phone', '=', phone).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(rowToOrder);
    },
  };
}
