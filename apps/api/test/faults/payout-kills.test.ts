import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../escrow-support/world.js';
import { runFaultCampaign } from './run-campaign.js';

interface CampaignRow {
  readonly kills: number;
  readonly payouts: number;
  readonly paidOnce: number;
  readonly paidTwice: number;
  readonly neverPaid: number;
  readonly notSucceeded: number;
  readonly unsettled: number;
  readonly wrongAmounts: number;
  readonly b2cRequests: number;
  readonly statusQueries: number;
  readonly resultsLost: number;
  readonly stalls: number;
  readonly processExits: number;
  readonly problems: number;
  readonly ledger: string;
  readonly notes: string;
}

// kill -9 of the real API process between sending a B2C payout request to the Daraja simulator
// (its own process) and the Result (issue 17). `npm run faults` runs the same campaign with 100
// kills per database.
describe.each(DIALECTS)('kill -9 between a B2C request and its Result on %s', (database) => {
  it('pays every payout exactly once, settles every order, and the ledger holds', { timeout: 600_000 }, async () => {
    const { rows, log, code } = await runFaultCampaign<CampaignRow>('payout-kills.mjs', database, 5);
    const [row] = rows;
    expect(row, log).toBeDefined();
    expect(row!.kills).toBe(5);
    // One order delivered per kill, two on every fourth: each one's payout paid once by M-Pesa.
    expect(row!.payouts).toBe(6);
    // The kills came before the Results: some were lost with the killed process and found by status queries.
    expect(row!.resultsLost).toBeGreaterThan(0);
    expect(row!.statusQueries).toBeGreaterThan(0);
    expect(
      {
        paidOnce: row!.paidOnce,
        paidTwice: row!.paidTwice,
        neverPaid: row!.neverPaid,
        notSucceeded: row!.notSucceeded,
        unsettled: row!.unsettled,
        wrongAmounts: row!.wrongAmounts,
        stalls: row!.stalls,
        processExits: row!.processExits,
        problems: row!.problems,
        ledger: row!.ledger,
        exitCode: code,
      },
      `${row!.notes}\n${log.slice(-3000)}`,
    ).toEqual({ paidOnce: 6, paidTwice: 0, neverPaid: 0, notSucceeded: 0, unsettled: 0, wrongAmounts: 0, stalls: 0, processExits: 0, problems: 0, ledger: 'pass', exitCode: 0 });
  });
});
