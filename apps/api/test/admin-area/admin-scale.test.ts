import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openSellerWorld, ORIGIN, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';
import { bulkOrders } from './bulk-orders.js';

const ORDERS = 5_000;

/**
 * The admin screens over thousands of orders (issue 6): server-side pages, searches, the
 * summary and the export, timed over real HTTP requests to the composed app. The bounds are
 * generous (the machine is shared); the figures are printed for the record.
 */
describe.each(DIALECTS)('the admin area with %i orders on %s'.replace('%i', String(ORDERS)), (dialect) => {
  let world: SellerWorld;
  let admin: Session;
  let names: string[];
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    admin = await world.admin();
    names = (await bulkOrders(world, { sellers: 40, orders: ORDERS, days: 120, prefix: 'Scale' })).businessNames;
  }, 120_000);
  afterAll(async () => world?.dispose());

  const timed = async (path: string, runs = 5) => {
    const times: number[] = [];
    let last: Awaited<ReturnType<SellerWorld['call']>> | undefined;
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      last = await world.call('GET', path, { cookie: admin.cookie });
      times.push(performance.now() - start);
      expect(last.status, last.text).toBe(200);
    }
    times.sort((a, b) => a - b);
    return { reply: last!, median: times[Math.floor(times.length / 2)] ?? 0 };
  };

  it('pages, filters, searches and sums in milliseconds, with exact totals', async () => {
    const figures: Record<string, number> = {};
    const first = await timed('/api/admin/orders?pageSize=50');
    expect(first.reply.body.data.total).toBe(ORDERS);
    expect(first.reply.body.data.orders).toHaveLength(50);
    figures['page 1'] = first.median;
    const deep = await timed('/api/admin/orders?pageSize=50&page=99');
    expect(deep.reply.body.data.orders).toHaveLength(50);
    figures['page 99'] = deep.median;
    const byStatus = await timed('/api/admin/orders?status=awaiting_settlement&pageSize=50');
    expect(byStatus.reply.body.data.total).toBe(ORDERS / 8);
    figures['one status'] = byStatus.median;
    const byPhone = await timed('/api/admin/orders?q=0720%20000%20007');
    expect(byPhone.reply.body.data.total).toBe(ORDERS / 250);
    figures['buyer phone'] = byPhone.median;
    const tracking = String(first.reply.body.data.orders[7].trackingNumber);
    const byTracking = await timed(`/api/admin/orders?q=${tracking.toLowerCase()}`);
    expect(byTracking.reply.body.data.total).toBe(1);
    figures['tracking number'] = byTracking.median;
    const byName = await timed(`/api/admin/orders?q=${encodeURIComponent(names[3]?.toLowerCase() ?? '')}`);
    expect(byName.reply.body.data.total).toBe(ORDERS / 40);
    figures['business name'] = byName.median;
    const summary = await timed('/api/admin/summary');
    expect(summary.reply.body.data.totalOrders).toBe(ORDERS);
    expect(summary.reply.body.data.completed).toBe(ORDERS / 4);
    figures['summary'] = summary.median;
    const sellers = await timed('/api/admin/sellers?pageSize=20&page=2');
    expect(sellers.reply.body.data.total).toBe(40);
    figures['sellers'] = sellers.median;
    console.log(`[${dialect}] admin area over ${ORDERS} orders, median ms: ${Object.entries(figures).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
    for (const [name, ms] of Object.entries(figures)) expect(ms, name).toBeLessThan(250);
  });

  it('exports every order in the range as a stream, in seconds', async () => {
    const start = performance.now();
    const response = await world.app.request(`${ORIGIN}/api/admin/export.csv`, { headers: { cookie: `session=${admin.cookie}` } });
    let bytes = 0;
    let newlines = 0;
    let chunks = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) newlines += 1;
    }
    const ms = performance.now() - start;
    console.log(`[${dialect}] CSV export of ${ORDERS} orders: ${(bytes / 1024).toFixed(0)} KB in ${chunks} chunks, ${ms.toFixed(0)} ms`);
    expect(newlines).toBe(ORDERS + 1);
    expect(chunks).toBeGreaterThan(10);
    expect(ms).toBeLessThan(10_000);
  });
});
