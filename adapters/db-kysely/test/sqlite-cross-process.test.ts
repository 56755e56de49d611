import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { newOrder, seedSeller } from './support/fixtures.js';
import { sqliteTarget, type StoreHarness } from './support/store-harness.js';

/**
 * Another process (the admin CLI, a second API process) writes the same SQLite file. The child
 * below takes the write lock, changes the order and holds the lock for a while. The store's
 * transaction, started meanwhile, must wait and then see the child's committed row. With a
 * deferred BEGIN it would read the old row first and then fail with SQLITE_BUSY when it tries
 * to write; BEGIN IMMEDIATE (connection/immediate-sqlite-dialect.ts) makes it wait instead.
 */
const CHILD = `
const Database = (await import(process.env.BETTER_SQLITE3)).default;
const db = new Database(process.env.DB_FILE);
db.pragma('busy_timeout = 5000');
db.exec('begin immediate');
db.prepare("update orders set item_name = 'written by the other process', version = version + 1 where id = ?").run(process.env.ORDER_ID);
process.stdout.write('locked\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.HOLD_MS));
db.exec('commit');
db.close();
`;

let h: StoreHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

describe('SQLite shared by two processes', () => {
  it('a transaction waits for the other process to commit, then reads and writes on top of it', async () => {
    h = await sqliteTarget.open();
    const order = newOrder((await seedSeller(h)).id);
    await h.store.transaction((tx) => tx.orders.insert(order));

    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      env: { ...process.env, BETTER_SQLITE3: createRequire(import.meta.url).resolve('better-sqlite3'), DB_FILE: h.sqliteFile, ORDER_ID: order.id, HOLD_MS: '400' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited (${code}) before locking: ${stderr}`)));
    });

    const store = h.store;
    const outcome = await store.transaction(async (tx) => {
      const seen = await tx.orders.getForUpdate(order.id);
      if (!seen) throw new Error('order vanished');
      return { seen: { itemName: seen.itemName, version: seen.version }, wrote: await tx.orders.update(order.id, seen.version, { itemName: 'written by the store' }) };
    });

    expect(await exited).toBe(0);
    expect(outcome).toEqual({ seen: { itemName: 'written by the other process', version: 1 }, wrote: true });
    expect(await store.read((tx) => tx.orders.get(order.id))).toMatchObject({ itemName: 'written by the store', version: 2 });
  });
});
