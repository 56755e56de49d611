// The compiled API as a real child process, for the benchmark (bench/run.mjs) and the fault
// campaigns (scripts/faults/): a fresh database (SQLite in a temp DATA_DIR, or a fresh
// PostgreSQL schema), the API started on a free port and waited for until healthy, seeding
// through the real HTTP API, and the admin CLI's checks of the books afterwards.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUNDLE } from '../scripts/bundle-api.mjs';
import { c2bConfirmation, c2bConfirmationPath, isC2bAck, keepAliveAgent, MPESA_CALLBACK_SECRET, parse, request, viewKeyOf } from './http-client.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const POSTGRES_URL = process.env.DATABASE_URL_BENCH?.trim() || process.env.DATABASE_URL_TEST?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

/** Compiles the API, the admin CLI and the Daraja simulator (tsc -b) and bundles the API; throws if they do not build. */
export function buildApiAndCli(log = () => {}) {
  log('compiling the API, the admin CLI and the Daraja simulator (tsc -b apps/api apps/cli apps/daraja-sim), bundling the API');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'apps/api'), join(root, 'apps/cli'), join(root, 'apps/daraja-sim')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API, the CLI or the simulator does not compile');
  const bundled = spawnSync(process.execPath, [join(root, 'scripts/bundle-api.mjs')], { stdio: 'inherit' });
  if (bundled.status !== 0) throw new Error('the API does not bundle');
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A fresh schema on the PostgreSQL server; `url` selects it (search_path), `drop()` removes it. */
export async function postgresSchema(prefix = 'bench', baseUrl = POSTGRES_URL) {
  const pg = createRequire(join(root, 'apps/api/package.json'))('pg');
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (connectionString, sql, params) => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
  await run(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  /** Runs `sql` (with `params`) in the schema, on a connection of its own; resolves its rows. */
  const query = async (sql, params) => (await run(url.toString(), sql, params)).rows;
  return { url: url.toString(), schema, query, drop: () => run(baseUrl, `drop schema if exists ${schema} cascade`) };
}

/**
 * A database for an API process: `env` is what the API (and the admin CLI) need to open it.
 * SQLite: a temp DATA_DIR; PostgreSQL: a fresh schema. `dispose()` removes it.
 */
export async function apiDatabase(database, { prefix = 'bench', extraEnv = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `escrow-${prefix}-${database}-`));
  const cleanups = [() => rmSync(dataDir, { recursive: true, force: true })];
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'benchmark',
    RATE_LIMITS: 'off',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    PAYBILL_BUSINESS_NUMBER: '522533',
    PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd',
    // The M-Pesa callback routes, without Daraja credentials: orders are paid by posting the C2B
    // confirmation M-Pesa would send (payByPaybill), as a typed receipt alone no longer pays (decision 0042).
    MPESA_CALLBACK_SECRET,
    // BENCH_LOG_LEVEL=warn drops the per-request access lines (info), to price them against the default.
    ...(process.env.BENCH_LOG_LEVEL?.trim() ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL.trim() } : {}),
    ...extraEnv,
  };
  let schema = null;
  if (database === 'postgres') {
    schema = await postgresSchema(prefix);
    env.DATABASE_URL = schema.url;
    cleanups.push(() => schema.drop());
  }
  return {
    env,
    dataDir,
    schema,
    async dispose() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/**
 * How to run one of the apps: built (the API's bundle `apps/api/dist/server.mjs`, what `npm start`
 * runs; the others' `apps/<app>/dist/main.js`), or
 * with `source: true` its TypeScript through tsx (the tests, which do not build first).
 */
const entry = (app, source) => (source ? ['--conditions=@escrow/source', '--import', 'tsx', join(root, `apps/${app}/src/main.ts`)] : [app === 'api' ? API_BUNDLE : join(root, `apps/${app}/dist/main.js`)]);

/** Everything the API wrote is kept up to this size; beyond it, the latest half. */
const OUTPUT_LIMIT = 4_000_000;

/**
 * Starts the API with `env` (PORT chosen here if absent) and waits until /api/health answers
 * 200. Options:
 *   nodeFlags       node's flags before the entry (e.g. --cpu-prof)
 *   source          run the TypeScript through tsx (the tests, which do not build first)
 *   healthTimeoutMs how long it may take to become healthy
 *   processGroup    in a process group of its own, so that `signal(name, 'group')` and `kill()`
 *                   reach the cluster primary and its workers at once (as systemd signals a service)
 *   output          also read its standard output, which is discarded otherwise (the console
 *                   notifier writes a line there per SMS): `output()` then holds both streams,
 *                   and start-up also waits until every worker (API_WORKERS) logged that it
 *                   listens. A function is given every chunk of both as well (to keep a log).
 * Resolves { base, port, pid, child, exited, output(), signal(), stop(), kill() }; `exited`
 * resolves { code, signal, at } (`at`: performance.now()).
 */
export async function launchApi(env, { nodeFlags = [], healthTimeoutMs = 30_000, source = false, processGroup = false, output: readOutput = false } = {}) {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [...nodeFlags, ...entry('api', source)], {
    cwd: root,
    env: { ...env, PORT: port },
    stdio: ['ignore', readOutput ? 'pipe' : 'ignore', 'pipe'],
    detached: processGroup,
  });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT / 2);
    if (typeof readOutput === 'function') readOutput(chunk);
  };
  child.stderr.on('data', keep);
  child.stdout?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${port}`;
  const workers = readOutput ? Number(env.API_WORKERS ?? 1) : 0;
  const agent = keepAliveAgent(4);
  const deadline = Date.now() + healthTimeoutMs;
  try {
    for (;;) {
      if (!alive()) throw new Error(`the API exited at start:\n${output}`);
      if (output.split('HTTP server listening').length - 1 >= workers) {
        const health = await request(agent, base, { path: '/api/health' }).catch(() => null);
        if (health?.status === 200) break;
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the API did not become healthy:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    agent.destroy();
  }
  return {
    base,
    port,
    pid: child.pid,
    child,
    exited,
    /** What it wrote to standard error (with `output`, to standard output too). */
    output: () => output,
    /** Sends `name` to the process started, or (`'group'`, with `processGroup`) to every process of the API. */
    signal: (name, target = 'process') => (target === 'group' ? process.kill(-child.pid, name) : child.kill(name)),
    /** SIGTERM, then waits for the exit (SIGKILL after `killAfterMs`, if given); resolves { code, signal, at }. */
    async stop({ killAfterMs } = {}) {
      if (alive()) child.kill('SIGTERM');
      const timer = killAfterMs === undefined ? null : setTimeout(() => alive() && child.kill('SIGKILL'), killAfterMs);
      const how = await exited;
      clearTimeout(timer);
      return how;
    },
    /** kill -9 (of the whole group with `processGroup`): no shutdown of any kind. */
    async kill() {
      if (alive()) {
        if (processGroup) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      }
      return exited;
    },
  };
}

/**
 * Pays `order` (the create-order answer: id, trackingNumber, price, links) as M-Pesa does:
 * the C2B confirmation of a Paybill payment (decision 0042), which must be acknowledged; then
 * the buyer types its receipt (POST /api/buyer/orders/:id/payment), which answers the order
 * paid. `send(options)` makes one request (options as http-client's `request` takes them) and
 * resolves the reply. Resolves { receipt, confirmation, typed } (the two replies).
 */
export async function payByPaybill(send, order, { headers = {} } = {}) {
  const body = c2bConfirmation(order);
  const confirmation = await send({ method: 'POST', path: c2bConfirmationPath(), json: body });
  if (!isC2bAck(confirmation)) throw new Error(`C2B confirmation of ${order.trackingNumber}: expected 200 {ResultCode:0}, got ${confirmation.status} ${confirmation.body.slice(0, 300)}`);
  const typed = await send({ method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: { 'x-delivery-code': viewKeyOf(order), ...headers }, json: { termsAccepted: true, mpesaReceipt: body.TransID } });
  const answer = await expectStatus(typed, 200, 'confirm payment');
  if (answer.data?.order?.paymentConfirmed !== true) throw new Error(`confirm payment with the confirmed receipt ${body.TransID}: the order is not paid: ${typed.body.slice(0, 300)}`);
  // The receipt proves the payer: the answer carries the delivery code (issue 16).
  return { receipt: body.TransID, confirmation, typed, code: answer.data.deliveryCode };
}

export async function expectStatus(reply, status, what) {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${reply.body.slice(0, 300)}`);
  return parse(reply);
}

/** A seller account with its profile, signed in: { cookie, headers } for the seller routes. */
export async function signUpSeller(agent, base, { businessName = 'Bench Electronics' } = {}) {
  const origin = { origin: base };
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await request(agent, base, { method: 'POST', path: '/api/auth/sign-up', headers: origin, json: { email, password: 'Bench#2026pass' } });
  await expectStatus(signUp, 201, 'sign-up');
  const cookie = /session=([^;]+)/.exec([].concat(signUp.headers['set-cookie'] ?? []).join('\n'))?.[1];
  if (!cookie) throw new Error('sign-up set no session cookie');
  const headers = { ...origin, cookie: `session=${cookie}` };
  await expectStatus(
    await request(agent, base, { method: 'POST', path: '/api/seller/profile', headers, json: { businessName, location: 'Westlands, Nairobi', phone: '0712 345 678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true } }),
    201,
    'seller profile',
  );
  return { cookie, headers, email };
}

/** Adds `count` riders to the signed-in seller's list (`headers`: signUpSeller's); resolves their ids. */
export async function addRiders(agent, base, headers, count = 3) {
  const riderIds = [];
  for (let i = 0; i < count; i += 1) {
    const body = await expectStatus(await request(agent, base, { method: 'POST', path: '/api/seller/riders', headers, json: { name: `Rider ${i + 1}`, phone: `07110000${10 + i}`, motorbikePlate: `KMB ${100 + i}B` } }), 201, 'add rider');
    riderIds.push(body.data.rider.id);
  }
  return riderIds;
}

/** Seeds through the real API: one seller (sign-up, profile), 3 riders, `orders` orders, half of them paid. */
export async function seed(base, { orders: count = 1000 } = {}) {
  const agent = keepAliveAgent(16);
  const { cookie, headers: seller } = await signUpSeller(agent, base);
  const riderIds = await addRiders(agent, base, seller);
  const orders = [];
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        const body = await expectStatus(
          await request(agent, base, { method: 'POST', path: '/api/seller/orders', headers: seller, json: { itemName: `Seeded item ${i}`, price: `${1000 + i}.50`, buyerName: 'Seed Buyer', buyerPhone: '0722 111 222', buyerAddress: 'Lavington, Nairobi', deliveryCost: '250', estate: 'Lavington' } }),
          201,
          'create order',
        );
        // `code`: what the buyer page sends (the link's view key), or the delivery code once paid.
        const order = { id: body.data.order.id, code: viewKeyOf(body.data.order) };
        if (i % 2 === 0) order.code = (await payByPaybill((options) => request(agent, base, options), body.data.order)).code;
        orders.push(order);
      }
    }),
  );
  agent.destroy();
  return { sellerCookie: cookie, riderIds, orders, seedSeconds: (Date.now() - started) / 1000 };
}

/**
 * Runs the admin CLI on the API's database (`env` as the API has it); `{ source, timeoutMs }`
 * first, optionally: from its TypeScript; SIGTERM after that long. Resolves { status, stdout,
 * stderr }. A child process, not spawnSync: what runs in this process (an SMTP server the API
 * sends to, a proxy) keeps running meanwhile.
 */
export function adminCli(env, ...args) {
  const { source = false, timeoutMs } = typeof args[0] === 'object' ? args.shift() : {};
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...entry('cli', source), ...args], { cwd: root, env: { ...env, ESCROW_OPERATOR: 'bench' }, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The admin CLI's `ledger check`: `result` is 'pass', or 'FAIL: ' and the first lines it printed; `output` all it printed. */
export async function ledgerCheck(env, options = {}) {
  const run = await adminCli(env, options, 'ledger', 'check');
  const output = `${run.stdout}${run.stderr}`.trim();
  return { result: run.status === 0 ? 'pass' : `FAIL: ${output.split('\n').slice(0, 3).join(' | ') || `exit ${run.status}`}`, output };
}

/**
 * The books of what a load did: the admin CLI's `ledger check` (every order's money columns
 * against its postings, every posting balanced, every account's balance) and the settlement
 * queue (`settlements list --json`), run on the API's own database.
 */
export async function checkBooks(cliEnv, { source = false } = {}) {
  const ledger = await ledgerCheck(cliEnv, { source });
  const settlements = await adminCli(cliEnv, { source }, 'settlements', 'list', '--json');
  let awaitingSettlement = null;
  try {
    awaitingSettlement = JSON.parse(settlements.stdout).totals.orders;
  } catch {
    // reported as unknown
  }
  return { ledgerOk: ledger.result === 'pass', ledgerText: ledger.output, awaitingSettlement };
}
