import { LEASED_JOBS, runLeased, runOncePerPeriod, systemClock } from '@escrow/core';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createKyselyJobLeases, openPostgres } from '../../src/index.js';
import type { Database } from '../../src/schema/database.js';
import { harnessPerTest, postgresTarget, sqliteTarget, type StoreTarget } from '../support/store-harness.js';

const postgres = await postgresForTests('leased jobs');
const TARGETS: readonly StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];
const open = harnessPerTest();

/** A job's effect, counted in the database: one row per run, written after a pause so that runs started together overlap. */
async function effect(db: Kysely<Database>, job: string, holder: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  await sql`insert into job_effects (job, holder) values (${job}, ${holder})`.execute(db);
}

const effects = async (db: Kysely<Database>, job: string) => (await sql<{ n: number | string }>`select count(*) as n from job_effects where job = ${job}`.execute(db)).rows[0]?.n;

describe.each(TARGETS)('every job once on $name', (target) => {
  it('10 runs of each job at once: one runs, the others skip; a round released is run again by the next tick', async () => {
    const { db } = await open(target);
    await sql`create table job_effects (job text not null, holder text not null)`.execute(db);
    const leases = createKyselyJobLeases(db);
    const deps = { leases, clock: systemClock };
    for (const job of [LEASED_JOBS.payoutRound, LEASED_JOBS.paymentReconciliation]) {
      const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => runLeased(deps, { name: job, holder: `api-${i}`, maxMs: 30_000 }, () => effect(db, job, `api-${i}`))));
      expect(runs.filter((run) => run.ran), job).toHaveLength(1);
      expect(Number(await effects(db, job)), job).toBe(1);
      // Released when it ended: the next tick runs it.
      expect((await runLeased(deps, { name: job, holder: 'api-next', maxMs: 30_000 }, () => effect(db, job, 'api-next'))).ran, job).toBe(true);
    }
    for (const job of [LEASED_JOBS.expiredRowsSweep, LEASED_JOBS.payoutReconciliationDaily]) {
      const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => runOncePerPeriod(deps, { name: job, holder: `api-${i}`, periodMs: 3_600_000 }, () => effect(db, job, `api-${i}`))));
      expect(runs.filter((run) => run.ran), job).toHaveLength(1);
      // Kept for the period: a later tick in the same hour skips.
      expect((await runOncePerPeriod(deps, { name: job, holder: 'api-next', periodMs: 3_600_000 }, () => effect(db, job, 'api-next'))).ran, job).toBe(false);
      expect(Number(await effects(db, job)), job).toBe(1);
    }
  });
});

// Two machines: each its own pool on one PostgreSQL, 10 rounds of each job started at once on each.
describe.runIf(postgres.available)('every job once across two pools on PostgreSQL', () => {
  it('2 x 10 concurrent runs of each job: exactly one effect each', async () => {
    const h = await open(postgresTarget(postgres.url));
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(h.db)).rows[0]?.s ?? '';
    const second = openPostgres({ connectionString: postgres.url, schema, poolSize: 10 });
    try {
      await sql`create table job_effects (job text not null, holder text not null)`.execute(h.db);
      const machines = [h.db, second.db].map((db) => ({ db, deps: { leases: createKyselyJobLeases(db), clock: systemClock } }));
      await Promise.all(machines.map(({ db }) => sql`select 1`.execute(db)));
      for (const job of Object.values(LEASED_JOBS)) {
        const runs = await Promise.all(
          machines.flatMap(({ db, deps }, machine) =>
            Array.from({ length: 10 }, (_, i) => runLeased(deps, { name: job, holder: `machine-${machine}-${i}`, maxMs: 30_000 }, () => effect(db, job, `machine-${machine}-${i}`))),
          ),
        );
        expect(runs.filter((run) => run.ran), job).toHaveLength(1);
        expect(Number(await effects(h.db, job)), job).toBe(1);
      }
    } finally {
      await second.close();
    }
  });
});
