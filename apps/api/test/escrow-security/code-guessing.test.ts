import { afterEach, describe, expect, it } from 'vitest';
import { ESCROW_RATE_LIMITS } from '../../src/http/escrow-rate-limits.js';
import { buyerHeaders, client, DIALECTS, freshAddress, openWorld, type World } from '../escrow-support/world.js';

const GUESSES = 10_000;

/** Runs `work` for 0..n-1 with at most `width` in flight. */
async function pool(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
}

describe.each(DIALECTS)('guessing delivery codes on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it(`${GUESSES.toLocaleString('en')} guesses at one order from ever-new addresses succeed 0 times, the right code among them`, { timeout: 180_000 }, async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    // Every code in turn, except that the real one is sent as guess 5,000: by then the
    // order's limit is long exhausted, so even the right code must be refused.
    const guesses = Array.from({ length: GUESSES + 1 }, (_, i) => String(100_000 + i))
      .filter((code) => code !== order.deliveryCode)
      .slice(0, GUESSES);
    guesses[5_000] = order.deliveryCode;
    expect(guesses).toHaveLength(GUESSES);
    const counts = new Map<number, number>();
    const started = performance.now();
    await pool(guesses.length, 16, async (i) => {
      const { status } = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(guesses[i] ?? ''), address: freshAddress() });
      counts.set(status, (counts.get(status) ?? 0) + 1);
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`[${dialect}] ${guesses.length} code guesses against one order from distinct addresses: ${counts.get(200) ?? 0} succeeded, ${counts.get(404) ?? 0} answered not found, ${counts.get(429) ?? 0} rate-limited, in ${seconds.toFixed(1)} s (${Math.round(guesses.length / seconds)} req/s)`);
    expect(counts.get(200) ?? 0).toBe(0);
    expect(counts.get(404)).toBe(ESCROW_RATE_LIMITS.buyerPerOrder.limit);
    expect(counts.get(429)).toBe(guesses.length - ESCROW_RATE_LIMITS.buyerPerOrder.limit);
    expect([...counts.keys()].sort()).toEqual([404, 429]);
  });

  it('one address is limited across orders; a 429 says when to come back; other orders and addresses are unaffected', async () => {
    world = await openWorld(dialect);
    const { sellerId } = await world.seller();
    const orders = await Promise.all(Array.from({ length: 3 }, () => world.order(sellerId)));
    const api = client(world.app);
    const attacker = '198.51.100.7';
    const statuses: number[] = [];
    for (let i = 0; i < ESCROW_RATE_LIMITS.buyerPerAddress.limit + 5; i += 1) {
      const target = orders[i % orders.length]!;
      statuses.push((await api.get(`/api/buyer/orders/${target.id}`, { headers: buyerHeaders('999999'), address: attacker })).status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(ESCROW_RATE_LIMITS.buyerPerAddress.limit);
    const limited = await api.get(`/api/buyer/orders/${orders[0]!.id}`, { headers: buyerHeaders(orders[0]!.deliveryCode), address: attacker });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The buyer, from their own phone, still gets in.
    const buyer = await api.get(`/api/buyer/orders/${orders[1]!.id}`, { headers: buyerHeaders(orders[1]!.deliveryCode), address: '203.0.113.9' });
    expect(buyer.status).toBe(200);
    // IPv6 clients are limited per /64: rotating the interface id does not help.
    const v6 = await Promise.all(
      Array.from({ length: ESCROW_RATE_LIMITS.buyerPerAddress.limit + 1 }, (_, i) => api.get(`/api/buyer/orders/${orders[2]!.id}`, { headers: buyerHeaders('999999'), address: `2001:db8:1:2::${(i + 1).toString(16)}` })),
    );
    expect(v6.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
  });
});
