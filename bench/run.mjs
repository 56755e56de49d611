#!/usr/bin/env node
// `npm run bench`: the API's throughput and latency on this machine, printed as a table.
//
// For each database (SQLite, then PostgreSQL in a fresh schema) it starts the compiled API
// (`node apps/api/dist/main.js`) as its own process, seeds it through the real HTTP API (a
// seller account and profile, riders, orders, payments), and then loads it from a second
// process over loopback with N keep-alive connections, each kept busy (closed loop): a
// warm-up, then the measured window. Scenarios: the buyer's order read, the seller's order
// list, and the whole escrow lifecycle (create -> pay -> assign -> accept -> pickup photo ->
// complete with the code) as fast as it goes.
//
// Rate limits are OFF in the benchmarked API (RATE_LIMITS=off with NODE_ENV=benchmark; the
// API refuses that switch otherwise): every buyer request counts against 20 per 10 minutes per
// address (docs/decisions/0012), and all load comes from one loopback address.
//
// Environment: BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (50),
// BENCH_DATABASES (sqlite,postgres), BENCH_ORDERS (1000 seeded orders),
// BENCH_POOL_SIZE (25: PostgreSQL connections of the API in all, DATABASE_POOL_SIZE split over the workers),
// BENCH_API_WORKERS (the machine's cores: API_WORKERS of the API on PostgreSQL; SQLite runs one process),
// DATABASE_URL_BENCH (postgres://postgres@127.0.0.1:5432/test).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepAliveAgent, mpesaReceipt, parse, request } from './http-client.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim()).filter(Boolean);
const SEED_ORDERS = Number(env.BENCH_ORDERS ?? 1000);
const POSTGRES_URL = env.DATABASE_URL_BENCH?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
// Each state change holds a pooled connection until its commit is flushed to disk (~5 ms here),
// so 50 concurrent writers want more than the default 10 connections.
const POOL_SIZE = Number(env.BENCH_POOL_SIZE ?? 25);
// Several API processes share the port on PostgreSQL (decision 0022); live events cross them by LISTEN/NOTIFY.
const API_WORKERS = Number(env.BENCH_API_WORKERS ?? availableParallelism());
const POOL_PER_WORKER = Math.ceil(POOL_SIZE / API_WORKERS);
const SCENARIOS = (env.BENCH_SCENARIOS ?? 'buyer-read,seller-list,lifecycle').split(',').map((s) => s.trim()).filter(Boolean);
// A directory: the API runs with --cpu-prof and writes its profile there when it stops (profiling the API under load).
const CPU_PROF_DIR = env.BENCH_CPU_PROF?.trim() || null;
const TARGETS = { buyerReadP99Ms: 25, buyerReadRps: 2000, lifecycleOrdersPerSecond: 100 };

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

function build() {
  log('compiling the API and the admin CLI (tsc -b apps/api apps/cli)');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', join(root, 'apps/api'), join(root, 'apps/cli')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the API or the CLI does not compile');
}

/**
 * After the load, the books of what it did: the admin CLI's `ledger check` (every order's money
 * columns against its postings, every posting balanced, every account's balance) and the
 * settlement queue (`settlements list --json`), run on the API's own database while the API is
 * still up. A throughput bought by losing money records would show here.
 */
function checkBooks(cliEnv) {
  const cli = (...args) => spawnSync(process.execPath, [join(root, 'apps/cli/dist/main.js'), ...args], { env: { ...cliEnv, ESCROW_OPERATOR: 'bench' }, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ledger = cli('ledger', 'check');
  const settlements = cli('settlements', 'list', '--json');
  let awaitingSettlement = null;
  try {
    awaitingSettlement = JSON.parse(settlements.stdout).totals.orders;
  } catch {
    // reported below as unknown
  }
  return { ledgerOk: ledger.status === 0, ledgerText: `${ledger.stdout}${ledger.stderr}`.trim(), awaitingSettlement };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function postgresSchema() {
  const pg = createRequire(join(root, 'apps/api/package.json'))('pg');
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), schema, drop: () => run(`drop schema if exists ${schema} cascade`) };
}

async function startApi(database) {
  const dataDir = mkdtempSync(join(tmpdir(), `escrow-bench-${database}-`));
  const cleanups = [() => rmSync(dataDir, { recursive: true, force: true })];
  const apiEnv = {
    PATH: env.PATH,
    NODE_ENV: 'benchmark',
    RATE_LIMITS: 'off',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FRONTEND_DIST: join(dataDir, 'no-frontend'),
    PAYBILL_BUSINESS_NUMBER: '522533',
    PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd',
  };
  let schema = null;
  if (database === 'postgres') {
    schema = await postgresSchema();
    apiEnv.DATABASE_URL = schema.url;
    apiEnv.DATABASE_POOL_SIZE = String(POOL_PER_WORKER);
    if (API_WORKERS > 1) apiEnv.API_WORKERS = String(API_WORKERS);
    cleanups.push(() => schema.drop());
  }
  let process_ = null;
  const api = {
    base: '',
    pid: 0,
    schema: schema?.schema ?? null,
    /** The environment the API runs with: the admin CLI opens the same database with it. */
    env: apiEnv,
    warnings: () => process_?.stderr() ?? '',
    /** (Re)starts the API process on the same data; `profile` names the CPU profile it writes when stopped. */
    async launch(profile = null) {
      if (process_) await process_.stop();
      process_ = await launchApi({ ...apiEnv, PORT: String(await freePort()) }, profile);
      api.base = process_.base;
      api.pid = process_.pid;
    },
    async stop() {
      if (process_) await process_.stop();
      process_ = null;
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
  await api.launch();
  return api;
}

async function launchApi(apiEnv, profile) {
  const nodeFlags = profile ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const before = profile && existsSync(CPU_PROF_DIR) ? new Set(readdirSync(CPU_PROF_DIR)) : new Set();
  const child = spawn(process.execPath, [...nodeFlags, join(root, 'apps/api/dist/main.js')], { env: apiEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const base = `http://127.0.0.1:${apiEnv.PORT}`;
  const agent = keepAliveAgent(4);
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited at start:\n${stderr}`);
    const health = await request(agent, base, { path: '/api/health' }).catch(() => null);
    if (health?.status === 200) break;
    if (tries > 300) throw new Error(`the API did not become healthy:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  agent.destroy();
  return {
    base,
    pid: child.pid,
    stderr: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      // Each process (one per worker) wrote CPU.<date>.<pid>...cpuprofile; prefix them with the scenario.
      if (profile) for (const name of readdirSync(CPU_PROF_DIR)) if (!before.has(name) && name.startsWith('CPU.')) renameSync(join(CPU_PROF_DIR, name), join(CPU_PROF_DIR, `${profile}-${name}`));
    },
  };
}

async function expectStatus(reply, status, what) {
  if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status} ${reply.body.slice(0, 300)}`);
  return parse(reply);
}

/** Seeds through the real API: one seller (sign-up, profile), 3 riders, SEED_ORDERS orders, half of them paid. */
async function seed(base) {
  const agent = keepAliveAgent(16);
  const origin = { origin: base };
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await request(agent, base, { method: 'POST', path: '/api/auth/sign-up', headers: origin, json: { email, password: 'Bench#2026pass' } });
  await expectStatus(signUp, 201, 'sign-up');
  const cookie = /session=([^;]+)/.exec([].concat(signUp.headers['set-cookie'] ?? []).join('\n'))?.[1];
  if (!cookie) throw new Error('sign-up set no session cookie');
  const seller = { ...origin, cookie: `session=${cookie}` };
  await expectStatus(
    await request(agent, base, { method: 'POST', path: '/api/seller/profile', headers: seller, json: { businessName: 'Bench Electronics', location: 'Westlands, Nairobi', phone: '0712 345 678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true } }),
    201,
    'seller profile',
  );
  const riderIds = [];
  for (let i = 0; i < 3; i += 1) {
    const body = await expectStatus(await request(agent, base, { method: 'POST', path: '/api/seller/riders', headers: seller, json: { name: `Bench Rider ${i + 1}`, phone: `07110000${10 + i}`, motorbikePlate: `KMB ${100 + i}B` } }), 201, 'add rider');
    riderIds.push(body.data.rider.id);
  }
  const orders = [];
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < SEED_ORDERS) {
        const i = next;
        next += 1;
        const body = await expectStatus(
          await request(agent, base, { method: 'POST', path: '/api/seller/orders', headers: seller, json: { itemName: `Seeded item ${i}`, price: `${1000 + i}.50`, buyerName: 'Seed Buyer', buyerPhone: '0722 111 222', buyerAddress: 'Lavington, Nairobi', deliveryCost: '250', estate: 'Lavington' } }),
          201,
          'create order',
        );
        const order = { id: body.data.order.id, code: body.data.order.deliveryCode };
        if (i % 2 === 0) await expectStatus(await request(agent, base, { method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: { 'x-delivery-code': order.code }, json: { termsAccepted: true, mpesaReceipt: mpesaReceipt() } }), 200, 'confirm payment');
        orders.push(order);
      }
    }),
  );
  agent.destroy();
  return { sellerCookie: cookie, riderIds, orders, seedSeconds: (Date.now() - started) / 1000 };
}

/** CPU seconds (user + system) a process and its children (the API's workers) have used so far, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  let seconds = (Number(fields[11]) + Number(fields[12])) / 100;
  for (const child of childrenOf(pid)) seconds += cpuSecondsOf(child) ?? 0;
  return seconds;
}

function childrenOf(pid) {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).flatMap((task) => {
    try {
      return readFileSync(`${tasks}/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/**
 * CPU seconds used so far by every process named `postgres` on this machine (the server and its
 * backends; Linux /proc), or null when there is none to see: the database shares the machine
 * with the API, so its cost per order is part of the budget.
 */
function postgresCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  let ticks = 0;
  let seen = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    seen = true;
  }
  return seen ? ticks / 100 : null;
}

/** Runs the load generator; measures the API process's CPU (and PostgreSQL's) over the measured window as well. */
function load(base, scenario, data, apiPid, database) {
  const config = { base, scenario, connections: CONNECTIONS, warmupMs: WARMUP_SECONDS * 1000, durationMs: SECONDS * 1000, data };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench/load.mjs'), JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    const cpu = { start: null, end: null, pgStart: null, pgEnd: null };
    const sampleDatabase = database === 'postgres';
    setTimeout(() => {
      cpu.start = cpuSecondsOf(apiPid);
      if (sampleDatabase) cpu.pgStart = postgresCpuSeconds();
    }, config.warmupMs);
    setTimeout(() => {
      cpu.end = cpuSecondsOf(apiPid);
      if (sampleDatabase) cpu.pgEnd = postgresCpuSeconds();
    }, config.warmupMs + config.durationMs);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      const result = JSON.parse(out.trim().split('\n').at(-1));
      const apiCpuSeconds = cpu.start !== null && cpu.end !== null ? cpu.end - cpu.start : null;
      const databaseCpuSeconds = cpu.pgStart !== null && cpu.pgEnd !== null ? cpu.pgEnd - cpu.pgStart : null;
      resolve({ ...result, apiCpuSeconds, databaseCpuSeconds });
    });
  });
}

const fmt = (n, digits = 1) => (n === null || n === undefined ? '-' : n.toFixed(digits));
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

async function main() {
  build();
  const rows = [];
  const verdicts = [];
  /** Lifecycles the load generator saw complete (warm-up and measured window), per database. */
  const completedInAll = new Map();
  const efficiency = [];
  const books = [];
  for (const database of DATABASES) {
    log(`${database}: starting the API`);
    const api = await startApi(database);
    try {
      log(`${database}: seeding ${SEED_ORDERS} orders through the API${api.schema ? ` (schema ${api.schema})` : ''}`);
      const data = await seed(api.base);
      log(`${database}: seeded in ${data.seedSeconds.toFixed(1)} s`);
      for (const scenario of SCENARIOS) {
        // Profiled: a fresh API process per scenario, so the profile holds that scenario only (not the seeding).
        if (CPU_PROF_DIR) await api.launch(`${database}-${scenario}`);
        // The 1-minute load average before the run: the machine is shared, so a busy one shows here.
        const load1 = loadavg()[0] ?? 0;
        log(`${database}: ${scenario}, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured (load average ${load1.toFixed(1)})`);
        const result = await load(api.base, scenario, data, api.pid, database);
        const requests = Object.values(result.steps).reduce((n, step) => n + step.requests, 0);
        const cpuShare = result.apiCpuSeconds === null ? null : result.apiCpuSeconds / (result.elapsedMs / 1000);
        const cpuPerRequestMs = result.apiCpuSeconds === null || requests === 0 ? null : (result.apiCpuSeconds * 1000) / requests;
        efficiency.push({ database, scenario, cpuShare, cpuPerRequestMs, requests, completed: result.completedLifecycles, apiCpuSeconds: result.apiCpuSeconds, databaseCpuSeconds: result.databaseCpuSeconds, elapsedSeconds: result.elapsedMs / 1000, loadCpuPerRequestMs: requests === 0 ? null : (result.loadCpuSeconds * 1000) / requests });
        for (const [step, figures] of Object.entries(result.steps)) {
          rows.push({ database, scenario, step, load: load1, ...figures });
        }
        if (scenario === 'lifecycle') {
          completedInAll.set(database, result.allCompletedLifecycles);
          const perSecond = result.completedLifecycles / (result.elapsedMs / 1000);
          rows.push({ database, scenario, step: 'complete orders', load: null, rps: perSecond, requests: result.completedLifecycles, ok: result.completedLifecycles, failed: result.failedLifecycles, p50: null, p99: null });
          if (database === 'postgres') verdicts.push(`lifecycle on PostgreSQL: ${fmt(perSecond)} complete orders/s (target >= ${TARGETS.lifecycleOrdersPerSecond}): ${perSecond >= TARGETS.lifecycleOrdersPerSecond ? 'MET' : 'MISSED'}`);
        }
        if (scenario === 'buyer-read' && database === 'sqlite') {
          const read = result.steps['GET /api/buyer/orders/:id'];
          verdicts.push(`buyer order read on SQLite: ${fmt(read.rps, 0)} req/s (target >= ${TARGETS.buyerReadRps}): ${read.rps >= TARGETS.buyerReadRps ? 'MET' : 'MISSED'}; p99 ${fmt(read.p99, 2)} ms (target < ${TARGETS.buyerReadP99Ms}): ${read.p99 < TARGETS.buyerReadP99Ms ? 'MET' : 'MISSED'}`);
        }
      }
      log(`${database}: checking the books (admin CLI: ledger check, settlements list)`);
      books.push({ database, ...checkBooks(api.env), delivered: completedInAll.get(database) ?? 0 });
    } finally {
      await api.stop();
    }
  }

  const header = `${pad('database', 9)} ${pad('scenario', 12)} ${pad('endpoint / step', 28)} ${padLeft('req/s', 9)} ${padLeft('p50 ms', 8)} ${padLeft('p90 ms', 8)} ${padLeft('p99 ms', 8)} ${padLeft('requests', 9)} ${padLeft('non-2xx', 8)} ${padLeft('load', 5)}`;
  // For "complete orders", requests = lifecycles finished in the window, non-2xx = lifecycles with a failed step.
  const lines = rows.map((r) => {
    const errors = r.failed ?? r.requests - r.ok;
    return `${pad(r.database, 9)} ${pad(r.scenario, 12)} ${pad(r.step, 28)} ${padLeft(fmt(r.rps), 9)} ${padLeft(fmt(r.p50, 2), 8)} ${padLeft(fmt(r.p90, 2), 8)} ${padLeft(fmt(r.p99, 2), 8)} ${padLeft(r.requests, 9)} ${padLeft(errors, 8)} ${padLeft(r.load === null || r.load === undefined ? '' : fmt(r.load), 5)}`;
  });
  console.log('');
  console.log(`Escrow API benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; API and load generator are separate processes on this machine (loopback).`);
  console.log(`${CONNECTIONS} keep-alive connections, closed loop, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per scenario; ${SEED_ORDERS} orders seeded through the API (half paid).`);
  if (DATABASES.includes('postgres')) console.log(`PostgreSQL: a fresh schema, API_WORKERS=${API_WORKERS} (processes on one port), DATABASE_POOL_SIZE=${POOL_PER_WORKER} per worker (default 10), synchronous_commit as the server has it; SQLite: one process, synchronous=FULL, WAL.`);
  console.log('RATE LIMITS WERE OFF (RATE_LIMITS=off, NODE_ENV=benchmark): all load comes from one address. Production refuses this switch.');
  console.log('Lifecycle POSTs send an Idempotency-Key each, as the clients do; "complete orders" counts lifecycles started and finished inside the window.');
  console.log(`"load" is the machine's 1-minute load average when the scenario started (${cpus().length} cores; above that, processes were queueing for CPU).`);
  console.log('');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const line of lines) console.log(line);
  console.log('');
  console.log('API CPU in the measured window, all its processes (the machine is shared: this is what the API got, and what one request cost it):');
  for (const e of efficiency) {
    if (e.cpuShare === null) continue;
    const perOrder = e.scenario === 'lifecycle' && e.completed > 0 ? `, ${fmt((e.apiCpuSeconds * 1000) / e.completed, 1)} ms per complete order` : '';
    const ceiling = e.cpuPerRequestMs > 0 ? `; a whole core at this cost: ~${fmt(1000 / e.cpuPerRequestMs, 0)} req/s` : '';
    console.log(`  ${pad(e.database, 9)} ${pad(e.scenario, 12)} ${fmt(e.cpuShare * 100, 0)}% of one core, ${fmt(e.cpuPerRequestMs, 2)} ms CPU per request${perOrder}${ceiling} (load generator: ${fmt(e.loadCpuPerRequestMs, 3)} ms per request)`);
    if (e.databaseCpuSeconds !== null && e.databaseCpuSeconds !== undefined && e.requests > 0) {
      const dbPerOrder = e.scenario === 'lifecycle' && e.completed > 0 ? `, ${fmt((e.databaseCpuSeconds * 1000) / e.completed, 1)} ms per complete order` : '';
      console.log(`  ${pad('', 9)} ${pad('', 12)} PostgreSQL server: ${fmt((e.databaseCpuSeconds / e.elapsedSeconds) * 100, 0)}% of one core, ${fmt((e.databaseCpuSeconds * 1000) / e.requests, 2)} ms CPU per request${dbPerOrder}`);
    }
  }
  console.log('');
  console.log('The books after the load (the admin CLI on the API\'s database; seeded orders are created or paid, never delivered):');
  for (const b of books) {
    const queue = b.awaitingSettlement === null ? 'settlement queue unreadable' : `${b.awaitingSettlement} orders awaiting settlement, ${b.delivered} lifecycles completed by the load generator (warm-up included): ${b.awaitingSettlement === b.delivered ? 'equal' : 'NOT EQUAL'}`;
    console.log(`  ${pad(b.database, 9)} ${b.ledgerText.split('\n').join('\n            ')}`);
    console.log(`  ${pad('', 9)} ${queue}`);
  }
  console.log('');
  for (const verdict of verdicts) console.log(`target: ${verdict}`);
  if (books.some((b) => !b.ledgerOk || b.awaitingSettlement !== b.delivered)) {
    console.log('THE BOOKS DO NOT MATCH THE LOAD: the figures above are not to be trusted.');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
