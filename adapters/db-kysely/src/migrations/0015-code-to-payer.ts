import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../sql-dialect.js';

/**
 * The delivery code reaches only the payer (issue 16, PRODUCT-DECISIONS, Real money):
 * - `orders.buyer_view_key`: the secret of the link the seller shares (`/buyer/order/{id}?code=`),
 *   which shows the order and the payment action, never the code. Existing orders get one each.
 * - `orders.payer_phone`: where the code was sent by SMS (the phone that paid), when M-Pesa gave it.
 * - `orders.payer_token`: the payer's browser (an HttpOnly cookie): the one that started the paid
 *   prompt, or that typed the receipt of the verified payment. It shows the code there.
 * - `stk_requests.payer_token`: the token of the browser that started the prompt, moved to the
 *   order when that prompt pays it.
 */
export function codeToPayerMigration(dialect: SqlDialect): Migration {
  void dialect;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('buyer_view_key', 'text').execute();
      await db.schema.alterTable('orders').addColumn('payer_phone', 'text').execute();
      await db.schema.alterTable('orders').addColumn('payer_token', 'text').execute();
      await db.schema.alterTable('stk_requests').addColumn('payer_token', 'text').execute();
      // Every existing order gets its own view key (old links with the real code keep working).
      for (;;) {
        const rows = await sql<{ id: string }>`select id from orders where buyer_view_key is null limit 500`.execute(db);
        if (rows.rows.length === 0) break;
        for (const row of rows.rows) await sql`update orders set buyer_view_key = ${newViewKey()} where id = ${row.id}`.execute(db);
      }
    },
  };
}

/** 128 bits, URL-safe: 22 characters, never 6 digits (a delivery code). */
export const newViewKey = (): string => randomBytes(16).toString('base64url');
