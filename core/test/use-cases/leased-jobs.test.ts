import { describe, expect, it } from 'vitest';
import { runLeased, runOncePerPeriod, type Clock, type JobLeases } from '../../src/index.js';

/** Leases as the database keeps them (one row per name: holder and end), on a clock the test moves. */
function memoryLeases(): JobLeases & { rows: Map<string, { holder: string; until: number }> } {
  const rows = new Map<string, { holder: string; until: number }>();
  return {
    rows,
    async tryTake(name, { holder, now, until }) {
      const row = rows.get(name);
      if (row && row.until > now.getTime()) return false;
      rows.set(name, { holder, until: until.getTime() });
      return true;
    },
    async release(name, { holder, now }) {
      const row = rows.get(name);
      if (row && row.holder === holder && row.until > now.getTime()) row.until = now.getTime();
    },
    async renew(name, { holder, now, until }) {
      const row = rows.get(name);
      if (!row || row.holder !== holder || row.until <= now.getTime()) return false;
      row.until = until.getTime();
      return true;
    },
  };
}

function movableClock(start = Date.parse('2026-03-01T00:00:00Z')): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

describe('runLeased', () => {
  it('runs the job in one holder at a time; the others skip while it runs, and run after it ends', async () => {
    const leases = memoryLeases();
    const clock = movableClock();
    let release: () => void = () => undefined;
    let runs = 0;
    const job = () => {
      runs += 1;
      return new Promise<string>((resolve) => (release = () => resolve('done')));
    };
    const first = runLeased({ leases, clock }, { name: 'payout-round', holder: 'api-a', maxMs: 120_000 }, job);
    await Promise.resolve();
    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => runLeased({ leases, clock }, { name: 'payout-round', holder: `api-${i}`, maxMs: 120_000 }, job)));
    expect(others.every((other) => !other.ran)).toBe(true);
    release();
    expect(await first).toEqual({ ran: true, value: 'done' });
    expect(runs).toBe(1);
    // Released at the end: the next round, from any holder, runs at once.
    const next = runLeased({ leases, clock }, { name: 'payout-round', holder: 'api-b', maxMs: 120_000 }, async () => 'again');
    expect(await next).toEqual({ ran: true, value: 'again' });
  });

  it('releases the lease when the job fails, and the failure reaches the caller', async () => {
    const leases = memoryLeases();
    const clock = movableClock();
    await expect(runLeased({ leases, clock }, { name: 'j', holder: 'api-a', maxMs: 60_000 }, async () => Promise.reject(new Error('M-Pesa down')))).rejects.toThrow('M-Pesa down');
    expect(await runLeased({ leases, clock }, { name: 'j', holder: 'api-b', maxMs: 60_000 }, async () => 1)).toEqual({ ran: true, value: 1 });
  });

  it('a running job renews its lease, so a job longer than maxMs is not run twice', async () => {
    const leases = memoryLeases();
    const clock = movableClock();
    const realWait = (ms: number) => new Promise<void>((resolve) => { const timer = setInterval(() => { clearInterval(timer); resolve(); }, ms); });
    let finish: () => void = () => undefined;
    const long = runLeased({ leases, clock }, { name: 'j', holder: 'api-a', maxMs: 30 }, () => new Promise<void>((resolve) => (finish = resolve)));
    await realWait(1);
    clock.advance(25);
    // Renewals every 10 ms (real time) move the lease on from the clock's now.
    await realWait(60);
    clock.advance(20);
    expect((await runLeased({ leases, clock }, { name: 'j', holder: 'api-b', maxMs: 30 }, async () => 1)).ran).toBe(false);
    finish();
    expect((await long).ran).toBe(true);
    expect((await runLeased({ leases, clock }, { name: 'j', holder: 'api-b', maxMs: 30 }, async () => 1)).ran).toBe(true);
  });

  it('a holder that died keeps the lease until maxMs, then another takes the job over', async () => {
    const leases = memoryLeases();
    const clock = movableClock();
    // api-a took the lease and died: nothing released it.
    expect(await leases.tryTake('j', { holder: 'api-a', now: clock.now(), until: new Date(clock.now().getTime() + 30_000) })).toBe(true);
    clock.advance(29_999);
    expect((await runLeased({ leases, clock }, { name: 'j', holder: 'api-b', maxMs: 30_000 }, async () => 1)).ran).toBe(false);
    clock.advance(1);
    expect((await runLeased({ leases, clock }, { name: 'j', holder: 'api-b', maxMs: 30_000 }, async () => 1)).ran).toBe(true);
  });
});

describe('runOncePerPeriod', () => {
  it('runs once per period across holders, the lease kept (not released) a little under the period', async () => {
    const leases = memoryLeases();
    const clock = movableClock();
    const hour = 3_600_000;
    let runs = 0;
    const job = async () => (runs += 1);
    const at = (holder: string) => runOncePerPeriod({ leases, clock }, { name: 'expired-rows-sweep', holder, periodMs: hour }, job);
    expect((await Promise.all(['a', 'b', 'a', 'b'].map(at))).filter((r) => r.ran)).toHaveLength(1);
    clock.advance(hour / 2);
    expect((await at('b')).ran).toBe(false);
    // The holder's own timer, a period later, finds it free.
    clock.advance(hour / 2);
    expect((await at('a')).ran).toBe(true);
    expect(runs).toBe(2);
  });
});
