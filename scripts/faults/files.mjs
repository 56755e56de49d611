#!/usr/bin/env node
// Fault campaign "files" (issue 14 item 5, decision 0039): kill -9 the API while sellers upload
// photos (orders with two photos, logos), restart it, again and again. Each kill can leave a
// photo no order names (written, not committed) or an unfinished .part file. Then, as if an
// hour had passed (every stored file's time set back 2 hours), the admin CLI's `sweep-files`
// runs, and the files are checked against the database: no file left that no row names, no
// row naming a file that is gone. Then the CLI's ledger check.
//
// Run by the faults runner (which compiles first), or alone after `npx tsc -b`:
//   node scripts/faults/files.mjs [sqlite|postgres]     (FAULTS_ROUNDS, default 25 kills)
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { adminCli, apiDatabase, launchApi, ledgerCheck, root, signUpSeller } from '../../bench/api-process.mjs';
import { keepAliveAgent, PNG, request } from '../../bench/http-client.mjs';

const ROUNDS = Number(process.env.FAULTS_ROUNDS ?? 25);
const UPLOADERS = 8;
const requireFrom = createRequire(join(root, 'adapters/db-kysely/package.json'));

/** Every file URL a row holds (orders' three photos, sellers' logos). */
async function namedUrls(database, dataDir, schema) {
  const sql = `select product_photo_url as url from orders union select packaged_photo_url from orders union select pickup_photo_url from orders union select logo_url from sellers`;
  let rows;
  if (database === 'postgres') rows = await schema.query(sql);
  else {
    const Database = requireFrom('better-sqlite3');
    const db = new Database(join(dataDir, 'escrow.sqlite'), { readonly: true });
    rows = db.prepare(sql).all();
    db.close();
  }
  return new Set(rows.map((r) => r.url).filter(Boolean));
}

/** Every entry in the photo folders, as `folder/name`. */
function storedFiles(dataDir) {
  const bucket = join(dataDir, 'uploads', 'order-photos');
  if (!existsSync(bucket)) return [];
  return readdirSync(bucket).flatMap((folder) => readdirSync(join(bucket, folder)).map((name) => `${folder}/${name}`));
}

function multipartOrder(i) {
  const boundary = `----faults${randomUUID().replace(/-/g, '')}`;
  const fields = { itemName: `Faults item ${i}`, price: '2500.00', buyerName: 'Faults Buyer', buyerPhone: '0722 000 111', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' };
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  // Photos of a few hundred KB: the write takes long enough for a kill to land in it now and then.
  for (const field of ['productPhoto', 'packagedPhoto']) {
    const bytes = Buffer.alloc(200_000 + Math.floor(Math.random() * 600_000));
    PNG.copy(bytes);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) };
}

function logoUpload() {
  const boundary = `----faults${randomUUID().replace(/-/g, '')}`;
  const bytes = Buffer.alloc(300_000);
  PNG.copy(bytes);
  const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}

export async function campaign({ database, log }) {
  const db = await apiDatabase(database, { prefix: 'faults_files', extraEnv: { NODE_ENV: 'test' } });
  const { dataDir, schema } = db;
  let api = null;
  let killed = false;
  let unexpectedExits = 0;
  const launch = async () => {
    api = await launchApi(db.env);
    killed = false;
    void api.exited.then(() => {
      if (!killed) unexpectedExits += 1;
    });
  };
  const stop = async (signal) => {
    if (!api) return;
    killed = true;
    await (signal === 'SIGKILL' ? api.kill() : api.stop());
  };

  let requests = 0;
  let resets = 0;
  let hung = 0;
  let ledger = 'FAIL: not run';
  let notes = '';
  try {
    await launch();
    const agent = keepAliveAgent(4);
    const { cookie } = await signUpSeller(agent, api.base, { businessName: 'Faults Shop' });
    agent.destroy();

    for (let round = 1; round <= ROUNDS; round += 1) {
      const base = api.base;
      const seller = { origin: base, cookie: `session=${cookie}` };
      let loading = true;
      const uploaders = Array.from({ length: UPLOADERS }, async (_, worker) => {
        const conn = keepAliveAgent(1);
        for (let i = 0; loading; i += 1) {
          const logo = worker === 0 && i % 3 === 2;
          const raw = logo ? logoUpload() : multipartOrder(`${round}-${worker}-${i}`);
          requests += 1;
          const timeout = new Promise((r) => setTimeout(() => r('hung'), 15_000));
          const reply = await Promise.race([
            request(conn, base, { method: logo ? 'PUT' : 'POST', path: logo ? '/api/seller/profile/logo' : '/api/seller/orders', headers: { ...seller, 'idempotency-key': randomUUID() }, raw }).catch(() => 'reset'),
            timeout,
          ]);
          if (reply === 'hung') hung += 1;
          if (reply === 'reset') resets += 1;
          if (reply === 'reset' || reply === 'hung') break;
        }
        conn.destroy();
      });
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 1_200));
      await stop('SIGKILL');
      loading = false;
      await Promise.all(uploaders);
      await launch();
      if (round % 5 === 0) log(`files/${database}: ${round}/${ROUNDS} kills, ${requests} uploads, ${storedFiles(dataDir).length} files on disk`);
    }
    await stop('SIGTERM');

    // What the kills left: files no row names, unfinished uploads.
    const named = await namedUrls(database, dataDir, schema);
    const before = storedFiles(dataDir);
    const leaked = before.filter((path) => !named.has(`/uploads/order-photos/${path}`));
    const parts = leaked.filter((path) => path.endsWith('.part')).length;
    // As if an hour had passed: every stored file 2 hours old.
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const path of before) utimesSync(join(dataDir, 'uploads', 'order-photos', path), twoHoursAgo, twoHoursAgo);
    const swept = await adminCli(db.env, 'sweep-files');
    const after = storedFiles(dataDir);
    const stillUnnamed = after.filter((path) => !named.has(`/uploads/order-photos/${path}`));
    const missing = [...named].filter((url) => !after.includes(url.replace('/uploads/order-photos/', '')));
    const filesOk = swept.status === 0 && stillUnnamed.length === 0 && missing.length === 0;
    notes = `files ${filesOk ? 'pass' : 'FAIL'}: ${leaked.length} unnamed after the kills (${parts} .part), ${before.length - after.length} swept, ${stillUnnamed.length} unnamed left, ${missing.length} named but missing; sweep-files exit ${swept.status}`;
    if (!filesOk) notes += `\n${swept.stdout}${swept.stderr}`;
    ledger = (await ledgerCheck(db.env)).result;
  } finally {
    await stop('SIGKILL').catch(() => undefined);
    await db.dispose().catch(() => undefined);
  }
  return [{ campaign: 'files (kill -9 during uploads, then sweep-files)', database, rounds: ROUNDS, requests, duplicates: 0, changedAnswers: 0, processExits: unexpectedExits, hung, resets, ledger, notes }];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!existsSync(join(root, 'apps/api/dist/server.mjs')) || !existsSync(join(root, 'apps/cli/dist/main.js'))) {
    console.error('Build first: npx tsc -b && node scripts/bundle-api.mjs');
    process.exit(1);
  }
  const databases = process.argv[2] ? [process.argv[2]] : ['sqlite', 'postgres'];
  const rows = [];
  for (const database of databases) rows.push(...(await campaign({ database, log: (line) => console.error(line) })));
  console.log(JSON.stringify(rows, null, 2));
}
