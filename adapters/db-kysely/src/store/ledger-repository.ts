import type { LedgerEntry, LedgerRepository, Posting, PostingKind } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { decodeInteger, decodeTime, encodeTime } from './codec.js';
import type { Inserts } from './deferred-inserts.js';

export function kyselyLedgerRepository(db: Kysely<Database>, inserts: Inserts): LedgerRepository {
  return {
    async append(postings) {
      if (postings.length === 0) return;
      await inserts.add(
        'ledger_postings',
        postings.map((p) => ({ id: p.id, order_id: p.orderId, kind: p.kind, reference: p.reference, created_at: encodeTime(p.createdAt) })),
      );
      await inserts.add(
        'ledger_entries',
        postings.flatMap((p) => p.entries.map((e, lineNo) => ({ posting_id: p.id, line_no: lineNo, account: e.account, amount: e.amount }))),
      );
    },

    /** In the order they were appended. */
    async listByOrder(orderId) {
      await inserts.flush();
      const postings = await db.selectFrom('ledger_postings').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
      if (postings.length === 0) return [];
      const entries = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where(
          'posting_id',
          'in',
          postings.map((p) => p.id),
        )
        .orderBy('posting_id')
        .orderBy('line_no')
        .execute();
      const byPosting = new Map<string, LedgerEntry[]>();
      for (const e of entries) {
        const lines = byPosting.get(e.posting_id) ?? [];
        lines.push({ account: e.account, amount: decodeInteger(e.amount) });
        byPosting.set(e.posting_id, lines);
      }
      return postings.map(
        (p): Posting => ({
          id: p.id,
          orderId: p.order_id,
          kind: p.kind as PostingKind,
          entries: byPosting.get(p.id) ?? [],
          reference: p.reference,
          createdAt: decodeTime(p.created_at),
        }),
      );
    },
  };
}
