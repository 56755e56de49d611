import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../escrow-support/world.js';
import { runFaultCampaign } from './run-campaign.js';

interface CampaignRow {
  readonly rounds: number;
  readonly requests: number;
  readonly duplicates: number;
  readonly changedAnswers: number;
  readonly processExits: number;
  readonly hung: number;
  readonly resets: number;
  readonly lost: number;
  readonly unexpected: number;
  readonly ledger: string;
  readonly notes: string;
}

// kill -9 of the real API process at random points under a load where every write carries an
// Idempotency-Key and is retried with it until answered (decision 0035). `npm run faults` runs
// the same campaign with 100 kills per database.
describe.each(DIALECTS)('kill -9 under keyed load on %s', (database) => {
  it('makes no effect twice, never changes an answer, loses nothing, and the ledger holds', { timeout: 600_000 }, async () => {
    const { rows, log, code } = await runFaultCampaign<CampaignRow>('kill-keyed.mjs', database, 10);
    expect(code, log.slice(-4000)).toBe(0);
    const [row] = rows;
    expect(row, log).toBeDefined();
    expect(row!.rounds).toBe(10);
    // The kills hit requests in flight, and the load got through them.
    expect(row!.resets).toBeGreaterThan(0);
    expect(row!.requests).toBeGreaterThan(100);
    expect({ duplicates: row!.duplicates, changedAnswers: row!.changedAnswers, lost: row!.lost, processExits: row!.processExits, hung: row!.hung, unexpected: row!.unexpected, ledger: row!.ledger }, `${row!.notes}\n${log.slice(-3000)}`).toEqual({
      duplicates: 0,
      changedAnswers: 0,
      lost: 0,
      processExits: 0,
      hung: 0,
      unexpected: 0,
      ledger: 'pass',
    });
  });
});
