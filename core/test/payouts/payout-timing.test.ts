import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_TIMING, payoutTiming, statusCheckDelayMs, type PayoutGateway } from '../../src/index.js';

const gateway = {} as PayoutGateway;

describe('payout timing', () => {
  it("keeps today's waits unless the deployment sets them: a 2-minute lease, 5 minutes for a Result, the first status query after 1 minute", () => {
    expect(DEFAULT_PAYOUT_TIMING).toEqual({ sendingLeaseMs: 120_000, resultWaitMs: 300_000, firstStatusCheckMs: 60_000 });
    expect(payoutTiming({})).toEqual(DEFAULT_PAYOUT_TIMING);
    expect(payoutTiming({ payouts: { gateway, mode: 'automatic' } })).toEqual(DEFAULT_PAYOUT_TIMING);
    expect(payoutTiming({ payouts: { gateway, mode: 'automatic', timing: { resultWaitMs: 3_000 } } })).toEqual({ ...DEFAULT_PAYOUT_TIMING, resultWaitMs: 3_000 });
  });

  it('status queries wait 1, 2, 5, 15, 30 minutes, then hourly; a shorter first wait scales them all', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => statusCheckDelayMs(n) / 60_000)).toEqual([1, 2, 5, 15, 30, 60, 60]);
    expect([1, 2, 3, 4, 5, 6].map((n) => statusCheckDelayMs(n, 1_000))).toEqual([1_000, 2_000, 5_000, 15_000, 30_000, 60_000]);
  });
});
