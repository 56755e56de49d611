import fc from 'fast-check';
import { runScenario } from '@escrow/core/testing';
import { describe, expect, it } from 'vitest';
import { escrowWorld } from './support/escrow-world.js';
import { postgresForTests } from '@escrow/test-kit/postgres';
// The same generator as the core's property test, so both explore the same space.
import { stepsArb } from '@escrow/core/testing/arbitraries';
import { postgresTarget, sqliteTarget, type StoreTarget } from './support/store-harness.js';

/**
 * The core's invariants (legal transitions only, a code accepted only in the right state,
 * settlement at most once, every order's money matching its balanced postings) checked on
 * the real databases, not only on the in-memory store: a wrong mapping or a lost write here
 * breaks them. Each sequence gets its own fresh database.
 */
// 30: a sequence reaches settlement_completed about one time in four, so 15 sequences missed it
// in 1.5% of runs (6 of 400 sampled) and failed the coverage check below; 30 missed it in 0 of 1,000.
const RUNS = Number(process.env.ESCROW_DB_SEQUENCE_RUNS ?? 30);
const postgres = await postgresForTests('random use-case sequences');
const targets: StoreTarget[] = [sqliteTarget, ...(postgres.available ? [postgresTarget(postgres.url)] : [])];

describe.each(targets.map((t) => [t.name, t] as const))('%s: random use-case sequences', (_name, target) => {
  it(`keep every invariant of core/testing's scenario checker (${RUNS} sequences)`, async () => {
    const reached = new Set<string>();
    let succeeded = 0;
    await fc.assert(
      fc.asyncProperty(stepsArb(12), async (steps) => {
        const h = await target.open();
        try {
          const { deps, world } = await escrowWorld(h);
          const report = await runScenario(deps, world, steps);
          succeeded += report.outcomes.filter((o) => o.ok).length;
          for (const id of report.orderIds) {
            const order = await h.store.read((tx) => tx.orders.get(id));
            if (order) reached.add(order.status);
          }
          expect(report.violations).toEqual([]);
        } finally {
          await h.dispose();
        }
      }),
      { numRuns: RUNS },
    );
    // A generator that never gets past payment would prove little.
    expect(succeeded).toBeGreaterThan(RUNS);
    expect(reached).toContain('settlement_completed');
  }, 120_000);
});
