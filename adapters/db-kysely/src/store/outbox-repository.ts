import type { OutboxMessage, OutboxRepository } from '@escrow/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../schema/database.js';
import type { OutboxTable } from '../schema/operations-tables.js';
import { decodeInteger, decodeJsonObject, decodeTime, decodeTimeOrNull, encodeJson, encodeTime, encodeTimeOrNull, type Codec } from './codec.js';
import type { Inserts } from './deferred-inserts.js';

const toMessage = (row: Selectable<OutboxTable>): OutboxMessage => ({
  id: row.id,
  topic: row.topic as OutboxMessage['topic'],
  payload: decodeJsonObject(row.payload),
  createdAt: decodeTime(row.created_at),
  attempts: decodeInteger(row.attempts),
  nextAttemptAt: decodeTime(row.next_attempt_at),
  deliveredAt: decodeTimeOrNull(row.delivered_at),
  lastError: row.last_error,
  givenUpAt: decodeTimeOrNull(row.given_up_at),
  ...(row.provider_id !== null ? { providerId: row.provider_id } : {}),
  ...(row.provider_cost !== null ? { providerCost: row.provider_cost } : {}),
});

/** What queuing a message does besides its insert, so dispatchers start a pass at once (decision 0074). */
export interface OutboxQueued {
  /**
   * PostgreSQL: NOTIFY on this channel (empty payload), in the transaction's flush statement:
   * delivered when it commits, so no dispatcher wakes before the row is visible, and never for
   * a rolled-back one. Sent once per transaction (PostgreSQL folds identical ones anyway).
   */
  readonly notifyChannel?: string;
  /** Told of each message queued; the store wakes the dispatcher once its transaction has committed. */
  readonly onEnqueue?: () => void;
}

export function kyselyOutboxRepository(db: Kysely<Database>, codec: Codec, inserts: Inserts, queued: OutboxQueued = {}): OutboxRepository {
  let notified = false;
  const signal = async (): Promise<void> => {
    queued.onEnqueue?.();
    if (queued.notifyChannel === undefined) return;
    // A PostgreSQL transaction holds the NOTIFY for its flush statement; elsewhere it follows the insert (after it, on a plain connection).
    if (!inserts.holdsUpdates) await sql`select pg_notify(${queued.notifyChannel}, '')`.execute(db);
    else if (!notified) inserts.notify(queued.notifyChannel, '');
    notified = true;
  };
  return {
    async enqueue(message) {
      await inserts.add('outbox', [
        {
          id: message.id,
          topic: message.topic,
          payload: encodeJson(message.payload),
          created_at: encodeTime(message.createdAt),
          attempts: message.attempts,
          next_attempt_at: encodeTime(message.nextAttemptAt),
          delivered_at: encodeTimeOrNull(message.deliveredAt),
          last_error: message.lastError,
        },
      ]);
      await signal();
    },

    /**
     * One statement: the due rows, longest due first, are leased and their attempt counted
     * (UPDATE ... WHERE seq IN (SELECT ... LIMIT n) RETURNING). On PostgreSQL the inner SELECT
     * locks its rows FOR UPDATE SKIP LOCKED: a second dispatcher skips rows the first is
     * claiming instead of waiting, and a row the first has leased and committed is no longer
     * due when the second re-checks it, so no row is handed to two. On SQLite claims take
     * turns (one writer).
     */
    async claimDue(now, limit, leaseUntil) {
      await inserts.flush();
      const due = db
        .selectFrom('outbox')
        .select('seq')
        .where('delivered_at', 'is', null)
        .where('given_up_at', 'is', null)
        // ISO-8601 UTC text compares in time order (schema/column-types.ts).
        .where('next_attempt_at', '<=', encodeTime(now))
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .orderBy('seq')
        .limit(limit);
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: encodeTime(leaseUntil) }))
        .where('seq', 'in', codec.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returningAll()
        .execute();
      // In hand oldest first (RETURNING keeps no order).
      return rows.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : Number(a.seq) - Number(b.seq))).map(toMessage);
    },

    /** The first delivery wins; marking a delivered message again changes nothing. */
    async markDelivered(id, at, replacePayload, providerId, providerCost) {
      await inserts.flush();
      await db
        .updateTable('outbox')
        .set({ delivered_at: encodeTime(at), given_up_at: null, provider_id: providerId ?? null, provider_cost: providerCost ?? null, ...(replacePayload ? { payload: encodeJson(replacePayload) } : {}) })
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .execute();
    },

    /**
     * One statement with a fixed text whatever the count (prepared once): the ids, times,
     * provider ids and costs go as four arrays on PostgreSQL, as one JSON array of 4-tuples on SQLite.
     */
    async markAllDelivered(deliveries) {
      if (deliveries.length === 0) return;
      await inserts.flush();
      const ids = deliveries.map((d) => d.id);
      const times = deliveries.map((d) => encodeTime(d.at));
      const providerIds = deliveries.map((d) => d.providerId ?? null);
      const costs = deliveries.map((d) => d.providerCost ?? null);
      if (codec.dialect === 'postgres') {
        await sql`update outbox set delivered_at = d.at, given_up_at = null, provider_id = d.provider_id, provider_cost = d.provider_cost
          from unnest(${ids}::text[], ${times}::text[], ${providerIds}::text[], ${costs}::text[]) as d(id, at, provider_id, provider_cost)
          where outbox.id = d.id and outbox.delivered_at is null`.execute(db);
        return;
      }
      const tuples = JSON.stringify(deliveries.map((d, i) => [d.id, times[i], providerIds[i], costs[i]]));
      await sql`update outbox
          set (delivered_at, provider_id, provider_cost) = (select json_extract(d.value, '$[1]'), json_extract(d.value, '$[2]'), json_extract(d.value, '$[3]') from json_each(${tuples}) as d where json_extract(d.value, '$[0]') = outbox.id),
              given_up_at = null
          where id in (select json_extract(value, '$[0]') from json_each(${tuples})) and delivered_at is null`.execute(db);
    },

    async markFailed(id, attempt, error, nextAttemptAt) {
      await inserts.flush();
      await db
        .updateTable('outbox')
        .set({ last_error: error, next_attempt_at: encodeTime(nextAttemptAt) })
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('delivered_at', 'is', null)
        .where('given_up_at', 'is', null)
        .execute();
    },

    async markGivenUp(id, attempt, error, at, replacePayload) {
      await inserts.flush();
      await db
        .updateTable('outbox')
        .set({ last_error: error, given_up_at: encodeTime(at), ...(replacePayload ? { payload: encodeJson(replacePayload) } : {}) })
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('delivered_at', 'is', null)
        .where('given_up_at', 'is', null)
        .execute();
    },

    async release(id, attempt, at) {
      await inserts.flush();
      await db
        .updateTable('outbox')
        .set({ attempts: attempt - 1, next_attempt_at: encodeTime(at) })
        .where('id', '=', id)
        .where('attempts', '=', attempt)
        .where('delivered_at', 'is', null)
        .where('given_up_at', 'is', null)
        .execute();
    },

    /** One statement whatever the count (at most the dispatcher's concurrency): (id, attempt, lease end) triples or'ed. */
    async extendLeases(held, leaseUntil) {
      if (held.length === 0) return [];
      await inserts.flush();
      const rows = await db
        .updateTable('outbox')
        .set({ next_attempt_at: encodeTime(leaseUntil) })
        .where((eb) => eb.or(held.map(({ id, attempt, leaseEnd }) => eb.and([eb('id', '=', id), eb('attempts', '=', attempt), eb('next_attempt_at', '=', encodeTime(leaseEnd))]))))
        .where('delivered_at', 'is', null)
        .where('given_up_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async status(now, givenUpLimit) {
      await inserts.flush();
      const at = encodeTime(now);
      const open = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('open'),
          eb.fn.count<number | string>(eb.case().when('next_attempt_at', '<=', at).then(1).end()).as('due'),
          eb.fn.min(eb.case().when('next_attempt_at', '<=', at).then(eb.ref('next_attempt_at')).end()).as('oldest_due'),
        ])
        .where('delivered_at', 'is', null)
        .where('given_up_at', 'is', null)
        .executeTakeFirstOrThrow();
      const givenUp = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number | string>().as('n')).where('given_up_at', 'is not', null).where('delivered_at', 'is', null).executeTakeFirstOrThrow();
      const delivered = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number | string>().as('n')).where('delivered_at', 'is not', null).executeTakeFirstOrThrow();
      const givenUpRows =
        givenUpLimit > 0
          ? await db.selectFrom('outbox').selectAll().where('given_up_at', 'is not', null).where('delivered_at', 'is', null).orderBy('given_up_at', 'desc').orderBy('seq', 'desc').limit(givenUpLimit).execute()
          : [];
      const openCount = Number(open.open);
      const dueCount = Number(open.due);
      return {
        due: dueCount,
        waiting: openCount - dueCount,
        givenUp: Number(givenUp.n),
        delivered: Number(delivered.n),
        oldestDueAt: open.oldest_due === null ? null : decodeTime(open.oldest_due as string),
        givenUpMessages: givenUpRows.map(toMessage),
      };
    },
  };
}
