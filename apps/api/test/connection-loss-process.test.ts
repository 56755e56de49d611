import { describe, expect, it } from 'vitest';
import { postgresForTests } from '@escrow/test-kit/postgres';
import { runConnectionLoss, type ConnectionLossReport } from '../../../scripts/faults/connection-loss.mjs';

// Issue 14, item 1, as a test: the API as a real process (and as two, API_WORKERS=2) on
// PostgreSQL through a TCP proxy, under a load of order lifecycles; its backends terminated
// 25 times, then an 8 s outage. The campaign is the same code `npm run faults` runs on the
// compiled API (scripts/faults/connection-loss.mjs); here it runs the TypeScript sources.
const postgres = await postgresForTests('connection loss of a real API process');

function expectSurvived(report: ConnectionLossReport): void {
  const context = `statuses ${JSON.stringify(report.statuses)}; server errors ${report.serverErrors.join(' | ')}; unexpected ${report.unexpected.join(' | ')}; stderr ${report.stderrTail}`;
  expect(report.rounds, context).toBe(25);
  expect(report.terminated, context).toBeGreaterThanOrEqual(25);
  expect(report.processExits, context).toBe(0);
  expect(report.unexpectedExit, context).toBeNull();
  // Every request answered within the bound, none reset by the API.
  expect(report.hung, context).toBe(0);
  expect(report.resets, context).toBe(0);
  // Only 2xx, 4xx and 503 (with the message and Retry-After); never a 500.
  expect(report.serverErrors, context).toEqual([]);
  for (const status of Object.keys(report.statuses)) expect(status, context).toMatch(/^(2\d\d|4\d\d|503)$/);
  // The faults were felt: some requests answered 503, and health said so during the outage.
  expect(report.statuses['503'] ?? 0, context).toBeGreaterThan(0);
  expect(report.healthByPhase['outage']?.['503'] ?? 0, context).toBeGreaterThan(0);
  expect(report.healthByPhase['outage']?.['200'] ?? 0, context).toBe(0);
  // Recovered by itself, and answers normally afterwards.
  expect(report.healthyAfterMs, context).not.toBeNull();
  expect(report.healthyAfterMs ?? Infinity, context).toBeLessThan(15_000);
  expect(report.writesAfterMs, context).not.toBeNull();
  expect(report.afterFailure, context).toBeNull();
  expect(report.lifecycles, context).toBeGreaterThan(0);
  // Nothing twice, the same answer to a replayed key, and the books exact.
  expect(report.duplicates, context).toBe(0);
  expect(report.changedAnswers, context).toBe(0);
  expect(report.ledger, report.ledgerOutput).toBe('pass');
}

describe.runIf(postgres.available)('a real API process when PostgreSQL connections are lost', () => {
  it.each([1, 2])(
    'API_WORKERS=%i: 25 rounds of terminated backends under load and an 8 s outage; no process exits, nothing hangs, no 500, the ledger check passes',
    async (workers) => {
      const report = await runConnectionLoss({ workers, rounds: 25, outageMs: 8_000, source: true });
      console.log(
        `[connection loss, API_WORKERS=${workers}] ${report.terminated} backends terminated in ${report.rounds} rounds + ${report.outageMs / 1000} s outage; ` +
          `${report.requests} requests ${JSON.stringify(report.statuses)}, max ${report.maxMs} ms; ${report.lifecycles} lifecycles; ` +
          `healthy ${report.healthyAfterMs} ms and writing ${report.writesAfterMs} ms after the outage; ledger ${report.ledger}`,
      );
      expectSurvived(report);
    },
    240_000,
  );
});
