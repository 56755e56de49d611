import { FixedClock } from '@escrow/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ESCROW_RATE_LIMITS } from '../../src/http/escrow-rate-limits.js';
import { buyerHeaders, client, DIALECTS, freshAddress, from, openWorld, type World } from '../escrow-support/world.js';

const GUESSES = 10_000;
const { buyerWrongCodesPerOrder: PER_ORDER, buyerWrongCodesPerAddress: PER_ADDRESS, buyerLookupsPerAddress: LOOKUPS } = ESCROW_RATE_LIMITS;

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

/** The buyer's proof cookie a response set (`buyer_proof=...`), for the next request's Cookie header. */
const proofCookieOf = (headers: Headers): string | undefined =>
  headers
    .getSetCookie()
    .map((line) => /^(buyer_proof=[^;]+)/.exec(line)?.[1])
    .find(Boolean);

/** Opens the buyer's live stream and closes it again at once (a reconnect); the status it was answered. */
async function openLiveStream(world: World, orderId: string, code: string, address: string, cookie?: string): Promise<number> {
  return (await openLive(world, orderId, code, address, cookie)).status;
}

async function openLive(world: World, orderId: string, code: string, address: string, cookie?: string): Promise<{ status: number; headers: Headers; firstEvent: string }> {
  const response = await world.app.request(`/api/live/orders/${orderId}?code=${code}`, { headers: cookie ? { cookie } : {} }, from(address));
  const reader = response.body?.getReader();
  const first = reader ? await reader.read() : undefined;
  await reader?.cancel();
  return { status: response.status, headers: response.headers, firstEvent: first?.value ? Buffer.from(first.value).toString() : '' };
}

describe.each(DIALECTS)('guessing delivery codes on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it(`${GUESSES.toLocaleString('en')} guesses at one order from ever-new addresses succeed 0 times, the right code among them`, { timeout: 180_000 }, async () => {
    world = await openWorld(dialect, { clock: new FixedClock(new Date('2026-03-02T07:00:00.000Z')) });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    // Every code in turn, except that the real one is sent as guess 5,000: by then the order's
    // wrong-code budget is long spent, so even the right code must be refused.
    const guesses = Array.from({ length: GUESSES + 1 }, (_, i) => String(100_000 + i))
      .filter((code) => code !== order.deliveryCode)
      .slice(0, GUESSES);
    guesses[5_000] = order.deliveryCode;
    expect(guesses).toHaveLength(GUESSES);
    const counts = new Map<number, number>();
    let rightCodeStatus = 0;
    const started = performance.now();
    await pool(guesses.length, 16, async (i) => {
      const { status } = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(guesses[i] ?? ''), address: freshAddress() });
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (i === 5_000) rightCodeStatus = status;
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`[${dialect}] ${guesses.length} code guesses against one order from distinct addresses: ${counts.get(200) ?? 0} succeeded, ${counts.get(404) ?? 0} answered not found, ${counts.get(429) ?? 0} rate-limited, in ${seconds.toFixed(1)} s (${Math.round(guesses.length / seconds)} req/s)`);
    expect(counts.get(200) ?? 0).toBe(0);
    expect(rightCodeStatus).toBe(429);
    expect(counts.get(404)).toBe(PER_ORDER.limit);
    expect(counts.get(429)).toBe(guesses.length - PER_ORDER.limit);
    expect([...counts.keys()].sort()).toEqual([404, 429]);
  });

  it('lets the buyer load the page 200 times in an hour and reconnect the live stream 100 times without a 429; right codes never spend the wrong-code budget', { timeout: 120_000 }, async () => {
    const clock = new FixedClock(new Date('2026-03-02T08:00:00.000Z'));
    world = await openWorld(dialect, { clock });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const phone = '197.232.10.5';
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      statuses.push((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode), address: phone })).status);
      if (i % 2 === 0) statuses.push(await openLiveStream(world, order.id, order.deliveryCode, phone));
      clock.advance(15_000);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(300);
    // A live stream opened by a fresh browser streams as before and carries the proof for its path.
    const live = await openLive(world, order.id, order.deliveryCode, '41.90.64.8');
    expect(live.status).toBe(200);
    expect(live.firstEvent).toContain('ready');
    expect(live.headers.getSetCookie().join('\n')).toContain(`Path=/api/live/orders/${order.id}`);
    // Fresh browsers (no proof) with the right code, from many addresses, cost the order nothing either.
    for (let i = 0; i < 100; i += 1) expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) })).status).toBe(200);
    const wrong = order.deliveryCode === '999999' ? '999998' : '999999';
    const after: number[] = [];
    for (let i = 0; i <= PER_ORDER.limit; i += 1) after.push((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(wrong) })).status);
    expect(after.slice(0, PER_ORDER.limit).every((s) => s === 404)).toBe(true);
    expect(after.at(-1)).toBe(429);
  });

  it('a stranger hammering wrong codes from many addresses cannot lock out the buyer who opened the page before, and cannot learn the code', { timeout: 120_000 }, async () => {
    const clock = new FixedClock(new Date('2026-03-02T09:00:00.000Z'));
    world = await openWorld(dialect, { clock });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    // The buyer opens the link: the answer carries the proof cookie for this order and code.
    const first = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode), address: '197.232.10.6' });
    expect(first.status).toBe(200);
    const cookie = proofCookieOf(first.headers);
    expect(cookie).toBeDefined();
    expect(first.headers.getSetCookie().join('\n')).toMatch(/HttpOnly/i);

    // 2,000 wrong codes from 2,000 addresses: 20 are answered "not found", the rest 429.
    const counts = new Map<number, number>();
    await pool(2_000, 16, async (i) => {
      const code = String(100_000 + i) === order.deliveryCode ? '999999' : String(100_000 + i);
      const { status } = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(code), address: freshAddress() });
      counts.set(status, (counts.get(status) ?? 0) + 1);
    });
    expect(counts).toEqual(new Map([[404, PER_ORDER.limit], [429, 2_000 - PER_ORDER.limit]]));

    // The buyer, from any address, keeps loading the page and following it live.
    for (const address of ['197.232.10.6', '41.90.64.7']) {
      expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode, { cookie: cookie ?? '' }), address })).status).toBe(200);
      expect(await openLiveStream(world, order.id, order.deliveryCode, address, cookie)).toBe(200);
    }
    // Without the proof, the right code gets exactly the answer a wrong one gets: nothing to learn.
    const rightNoProof = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) });
    const wrongNoProof = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders('999999') });
    expect(rightNoProof.status).toBe(429);
    expect({ ...rightNoProof, headers: undefined }).toEqual({ ...wrongNoProof, headers: undefined });
    expect(rightNoProof.headers.get('retry-after')).toBe(wrongNoProof.headers.get('retry-after'));
    // A proof of another code, or a forged one, is no proof: the guess is refused like the others.
    for (const forged of [cookie ?? '', 'buyer_proof=AAAA', `buyer_proof=${'A'.repeat(43)}`]) {
      expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders('999999', { cookie: forged }) })).status).toBe(429);
    }
    // The proof is for this order only.
    const other = await world.order(sellerId);
    expect((await api.get(`/api/buyer/orders/${other.id}`, { headers: buyerHeaders(other.deliveryCode, { cookie: cookie ?? '' }) })).status).toBe(200);
    // An hour later the budget is back for everyone.
    clock.advance(PER_ORDER.windowMs);
    expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode) })).status).toBe(200);
  });

  it('one address trying wrong codes across orders is refused after 30, whatever the code, and told when to come back; the buyer with the proof at that address and other addresses go on', { timeout: 120_000 }, async () => {
    const clock = new FixedClock(new Date('2026-03-02T10:00:00.000Z'));
    world = await openWorld(dialect, { clock });
    const { sellerId } = await world.seller();
    const orders = await Promise.all(Array.from({ length: 3 }, () => world.order(sellerId)));
    const api = client(world.app);
    const shared = '198.51.100.7';
    const mine = await api.get(`/api/buyer/orders/${orders[0]!.id}`, { headers: buyerHeaders(orders[0]!.deliveryCode), address: shared });
    const cookie = proofCookieOf(mine.headers) ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS.limit + 5; i += 1) {
      const target = orders[i % orders.length]!;
      const wrong = target.deliveryCode === '999999' ? '999998' : '999999';
      statuses.push((await api.get(`/api/buyer/orders/${target.id}`, { headers: buyerHeaders(wrong), address: shared })).status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(PER_ADDRESS.limit);
    const limited = await api.get(`/api/buyer/orders/${orders[1]!.id}`, { headers: buyerHeaders(orders[1]!.deliveryCode), address: shared });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: `Too many attempts. Please wait ${Math.ceil(Number(limited.headers.get('retry-after')) / 60)} minutes and try again.` });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The buyer behind the same address (a carrier NAT) who opened their order before goes on.
    expect((await api.get(`/api/buyer/orders/${orders[0]!.id}`, { headers: buyerHeaders(orders[0]!.deliveryCode, { cookie }), address: shared })).status).toBe(200);
    // Another buyer, from their own phone, still gets in.
    expect((await api.get(`/api/buyer/orders/${orders[1]!.id}`, { headers: buyerHeaders(orders[1]!.deliveryCode), address: '203.0.113.9' })).status).toBe(200);
    // IPv6 clients are counted per /64: rotating the interface id does not help.
    const v6: number[] = [];
    for (let i = 0; i < PER_ADDRESS.limit + 1; i += 1) {
      v6.push((await api.get(`/api/buyer/orders/${orders[2]!.id}`, { headers: buyerHeaders('999999'), address: `2001:db8:1:2::${(i + 1).toString(16)}` })).status);
    }
    expect(v6.at(-1)).toBe(429);
  });

  it(`caps every buyer request from one address at ${LOOKUPS.limit} in ten minutes, proof or not`, { timeout: 120_000 }, async () => {
    world = await openWorld(dialect, { clock: new FixedClock(new Date('2026-03-02T11:00:00.000Z')) });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const address = '198.51.100.99';
    let cookie = '';
    let refusedAt = -1;
    for (let i = 0; i <= LOOKUPS.limit && refusedAt < 0; i += 1) {
      const reply = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.deliveryCode, cookie ? { cookie } : {}), address });
      cookie ||= proofCookieOf(reply.headers) ?? '';
      if (reply.status === 429) refusedAt = i;
    }
    expect(refusedAt).toBe(LOOKUPS.limit);
  });
});
