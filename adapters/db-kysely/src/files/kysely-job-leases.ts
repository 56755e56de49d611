import type { JobLeases } from '@escrow/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.js';
import { encodeTime } from '../store/codec.js';

/**
 * JobLeases in `job_leases`: one statement, an insert that, when the row exists, takes it over
 * only if its lease has run out (`ON CONFLICT ... DO UPDATE ... WHERE`). PostgreSQL locks the
 * conflicting row and checks the condition on its latest version, SQLite runs one writer at a
 * time, so of racing callers exactly one gets the row back. Times are ISO text (byte order is
 * time order); they come from the callers' clocks, which for a daily lease may differ by
 * seconds without harm.
 */
export function createKyselyJobLeases(db: Kysely<Database>): JobLeases {
  /**
   * Moves the end of `holder`'s lease `name` to `to`, only while that holder still holds it at
   * `now`: a lease that ran out or was taken over since is left alone. Whether it moved.
   */
  const moveEnd = async (name: string, holder: string, now: Date, to: Date): Promise<boolean> => {
    const result = await db
      .updateTable('job_leases')
      .set({ lease_until: encodeTime(to) })
      .where('name', '=', name)
      .where('holder', '=', holder)
      .where('lease_until', '>', encodeTime(now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  return {
    async tryTake(name, { holder, now, until }) {
      const row = await db
        .insertInto('job_leases')
        .values({ name, holder, lease_until: encodeTime(until) })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, lease_until: encodeTime(until) })
            .where('job_leases.lease_until', '<=', encodeTime(now)),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },
    renew: (name, { holder, now, until }) => moveEnd(name, holder, now, until),
    async release(name, { holder, now }) {
      await moveEnd(name, holder, now, now);
    },
  };
}
