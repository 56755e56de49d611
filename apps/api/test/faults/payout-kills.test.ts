import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../escrow-support/world.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

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

/** Runs the payout fault campaign (scripts/faults/payout-kills.mjs) as `npm run faults` does, with fewer kills, on the TypeScript sources. */
function runCampaign(database: string, kills: number): Promise<{ rows: CampaignRow[]; log: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/faults/payout-kills.mjs', database, '--kills', String(kills), '--source'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...(process.env['DATABASE_URL_TEST'] ? { DATABASE_URL_TEST: process.env['DATABASE_URL_TEST'] } : {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (!last.startsWith('[')) return reject(new Error(`the campaign exited with ${code} and no row:\n${stderr.slice(-4000)}`));
      resolve({ rows: JSON.parse(last) as CampaignRow[], log: stderr, code });
    });
  });
}

// kill -9 of the real API process between sending a B2C payout request to the Daraja simulator
// (its own process) and the Result (issue 17). `npm run faults` runs the same campaign with 100
// kills per database.
describe.each(DIALECTS)('kill -9 between a B2C request and its Result on %s', (database) => {
  it('pays every payout exactly once, settles every order, and the ledger holds', { timeout: 600_000 }, async () => {
    const { rows, log, code } = await runCampaign(database, 5);
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
