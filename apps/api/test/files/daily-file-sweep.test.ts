import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compose, type Composed } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { recordingLogger, type LogEntry } from '../helpers/recording-logger.js';
import { PNG } from '../escrow-support/world.js';
import { DIALECTS, openSellerWorld, ORDER_FORM, orderForm, type SellerWorld } from '../escrow-seller/seller-world.js';

// The API's own daily sweep (composition root, decision 0039): every process checks for the
// day's lease; on PostgreSQL several API processes (here two composed APIs with pools of their
// own, as two machines would be) share one database and one uploads folder and sweep once.
const HOUR = 3_600_000;

async function oldFile(path: string, ageMs = 2 * HOUR): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'orphan');
  const at = new Date(Date.now() - ageMs);
  await utimes(path, at, at);
}

const until = async (probe: () => boolean, what: string, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

let world: SellerWorld | undefined;
const apis: Composed[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) await api.close();
  await world?.dispose();
  world = undefined;
});

describe.each(DIALECTS)('the daily file sweep inside the API on %s', (dialect) => {
  it('runs once across the API processes on the database: the old orphan goes, the named photo and the new file stay', { timeout: 120_000 }, async () => {
    world = await openSellerWorld(dialect);
    const seller = await world.seller();
    const created = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, form: orderForm(ORDER_FORM, { product: PNG }) });
    expect(created.status, created.text).toBe(201);
    const bucket = join(world.dataDir, 'uploads', 'order-photos');
    const named = join(bucket, String(created.body.data.order.productPhotoUrl).replace('/uploads/order-photos/', ''));
    await utimes(named, new Date(Date.now() - 40 * 24 * HOUR), new Date(Date.now() - 40 * 24 * HOUR));
    const orphan = join(bucket, 'pickup', '1767225600000-crashed.jpg');
    const unfinished = join(bucket, 'products', '.1767225600000-abc123.part');
    const fresh = join(bucket, 'pickup', '1767225600001-fresh.jpg');
    await oldFile(orphan);
    await oldFile(unfinished);
    await oldFile(fresh, 10 * 60_000);

    // SQLite runs as one process; PostgreSQL as two, both checking every 20 ms.
    const logs: LogEntry[][] = [];
    for (let i = 0; i < (dialect === 'postgres' ? 2 : 1); i += 1) {
      const logger = recordingLogger();
      logs.push(logger.entries);
      apis.push(await compose(loadConfig(world.env), logger, { dispatchIntervalMs: 60_000, fileSweep: { firstCheckAfterMs: 0, checkEveryMs: 20 } }));
    }
    const sweeps = () => logs.flatMap((entries, api) => entries.filter((e) => e.message.startsWith('file sweep')).map((e) => ({ api, ...e })));
    await until(() => sweeps().length > 0, 'a sweep');
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(unfinished)).toBe(false);
    expect(existsSync(named)).toBe(true);
    expect(existsSync(fresh)).toBe(true);

    // Checks go on (dozens in a second); another orphan appears; nobody sweeps again today.
    const another = join(bucket, 'packaged', '1767225600002-later.jpg');
    await oldFile(another);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sweeps()).toEqual([{ api: expect.any(Number), level: 'info', message: 'file sweep done', fields: expect.objectContaining({ removed: 2, unfinished: 1, referenced: 1, recent: 1 }) }]);
    expect(existsSync(another)).toBe(true);
    const lease = await world.composed.database.db.selectFrom('job_leases').selectAll().execute();
    expect(lease).toEqual([{ name: 'sweep-files', holder: expect.stringContaining(`:${process.pid}:`), lease_until: expect.any(String) }]);
    expect(new Date(lease[0]!.lease_until).getTime() - Date.now()).toBeGreaterThan(23 * HOUR);
  });
});
