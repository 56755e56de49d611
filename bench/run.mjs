#!/usr/bin/env node
// `npm run bench`: the API's throughput and latency on this machine, printed as a table.
//
// For each database (SQLite, then PostgreSQL in a fresh schema) it starts the compiled API
// (`node apps/api/dist/server.mjs`, the bundle `npm start` runs) as its own process, seeds it through the real HTTP API (a
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
// DATABASE_URL_BENCH (postgres://postgres@127.0.0.1:5432/test), BENCH_EXTRAS (cold-start,live,pages:
// the reports of bench/cold-start.mjs, scripts/report-live-latency.mjs and scripts/report-page-load.mjs, after the load),
// BENCH_LOG_LEVEL (the API's LOG_LEVEL, info by default; warn drops the access lines, to price them).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { apiDatabase, buildApiAndCli, checkBooks, freePort, launchApi, POSTGRES_URL, root, seed } from './api-process.mjs';
import { keepAliveAgent, request } from './http-client.mjs';
import { cpuSecondsOf, postgresCpuSeconds } from './cpu-seconds.mjs';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim()).filter(Boolean);
const SEED_ORDERS = Number(env.BENCH_ORDERS ?? 1000);
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
// Issue 18: the buyer's order read costs at most this many times the API CPU of a bare Hono app
// answering the same bytes (bench/bare-hono.mjs, loaded the same way in the same run), and its
// p99 on SQLite at 50 connections stays within 10 ms.
const ISSUE_18 = { buyerReadCpuRatio: 2, buyerReadP99Ms: 10, lifecycleCpuMsPerOrder: 4, lifecycleOrdersPerSecond: 300 };
// Issue 18's reports run after the load, each in a process of its own: the API's cold start
// against a bare Hono app, and (with the frontends built) a status change to the buyer's screen.
const EXTRAS = (env.BENCH_EXTRAS ?? 'cold-start,live,pages').split(',').map((s) => s.trim()).filter(Boolean);

const log = (message) => process.stderr.write(`[bench] ${message}\n`);

async function startApi(database) {
  const db = await apiDatabase(database, { extraEnv: database === 'postgres' ? { DATABASE_POOL_SIZE: String(POOL_PER_WORKER), ...(API_WORKERS > 1 ? { API_WORKERS: String(API_WORKERS) } : {}) } : {} });
  let process_ = null;
  let profileName = null;
  let before = new Set();
  const api = {
    base: '',
    pid: 0,
    schema: db.schema?.schema ?? null,
    /** The environment the API runs with: the admin CLI opens the same database with it. */
    env: db.env,
    /** (Re)starts the API process on the same data; `profile` names the CPU profile it writes when stopped. */
    async launch(profile = null) {
      await api.halt();
      profileName = profile;
      before = profile && existsSync(CPU_PROF_DIR) ? new Set(readdirSync(CPU_PROF_DIR)) : new Set();
      process_ = await launchApi(db.env, { nodeFlags: profile ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [] });
      api.base = process_.base;
      api.pid = process_.pid;
    },
    async halt() {
      if (!process_) return;
      await process_.stop();
      process_ = null;
      // Each process (one per worker) wrote CPU.<date>.<pid>...cpuprofile; prefix them with the scenario.
      if (profileName) for (const name of readdirSync(CPU_PROF_DIR)) if (!before.has(name) && name.startsWith('CPU.')) renameSync(join(CPU_PROF_DIR, name), join(CPU_PROF_DIR, `${profileName}-${name}`));
    },
    async stop() {
      await api.halt();
      await db.dispose();
    },
  };
  await api.launch();
  return api;
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

/**
 * The baseline: bench/bare-hono.mjs answering every GET with `body`; resolves { base, pid, stop }.
 */
async function startBareHono(body) {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-bare-'));
  const file = join(dir, 'body.json');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/bare-hono.mjs')], { env: { PATH: process.env.PATH, PORT: String(port), BODY_FILE: file }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const base = `http://127.0.0.1:${port}`;
  const agent = keepAliveAgent(1);
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const deadline = Date.now() + 10_000; ; ) {
      if ((await request(agent, base, { path: '/ready' }).catch(() => null))?.status === 200) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`bare Hono did not start: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    agent.destroy();
  }
  return { base, pid: child.pid, stop };
}

/**
 * pgbench's TPS on the same server (its default TPC-B-like transaction, as many clients as our
 * connections, SECONDS long) in a database of its own, made and dropped here: the ceiling the
 * lifecycle's orders/s is compared with. Resolves null when pgbench is not installed or fails.
 */
function pgbenchTps() {
  const url = new URL(POSTGRES_URL);
  const database = `bench_pgbench_${process.pid}`;
  const base = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const run = (command, args) => new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', () => resolve(null));
    child.once('exit', (code) => resolve(code === 0 ? out : null));
  });
  return (async () => {
    if ((await run('createdb', [...base, database])) === null) return null;
    try {
      if ((await run('pgbench', [...base, '-i', '-q', '-s', '10', database])) === null) return null;
      const out = await run('pgbench', [...base, '-c', String(CONNECTIONS), '-j', String(availableParallelism()), '-T', String(SECONDS), database]);
      const tps = out === null ? null : /tps = ([\d.]+)/.exec(out)?.[1];
      return tps === undefined || tps === null ? null : Number(tps);
    } finally {
      await run('dropdb', [...base, '--if-exists', database]);
    }
  })();
}

/** Runs one of the extra reports; resolves what it printed (its progress goes to our stderr). */
function extraReport(script, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(out.trimEnd()) : reject(new Error(`${script} exited with ${code}`))));
  });
}

const fmt = (n, digits = 1) => (n === null || n === undefined ? '-' : n.toFixed(digits));
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

async function main() {
  buildApiAndCli(log);
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
      const data = await seed(api.base, { orders: SEED_ORDERS });
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
          if (database === 'postgres') {
            verdicts.push(`lifecycle on PostgreSQL: ${fmt(perSecond)} complete orders/s (target >= ${TARGETS.lifecycleOrdersPerSecond}): ${perSecond >= TARGETS.lifecycleOrdersPerSecond ? 'MET' : 'MISSED'}`);
            const cpuPerOrder = result.apiCpuSeconds === null || result.completedLifecycles === 0 ? null : (result.apiCpuSeconds * 1000) / result.completedLifecycles;
            if (cpuPerOrder !== null) verdicts.push(`issue 18, lifecycle API CPU on PostgreSQL: ${fmt(cpuPerOrder, 1)} ms per complete order (target <= ${ISSUE_18.lifecycleCpuMsPerOrder} ms): ${cpuPerOrder <= ISSUE_18.lifecycleCpuMsPerOrder ? 'MET' : 'MISSED'}`);
            log('postgres: pgbench on the same server, for the ratio');
            const tps = await pgbenchTps();
            const ratio = tps ? ` (${fmt((perSecond / tps) * 100, 1)}% of pgbench's ${fmt(tps, 0)} TPS with ${CONNECTIONS} clients)` : ' (pgbench not measured)';
            verdicts.push(`issue 18, complete orders/s on PostgreSQL: ${fmt(perSecond)}${ratio} (target >= ${ISSUE_18.lifecycleOrdersPerSecond}): ${perSecond >= ISSUE_18.lifecycleOrdersPerSecond ? 'MET' : 'MISSED'}`);
          }
        }
        if (scenario === 'buyer-read' && database === 'sqlite') {
          const read = result.steps['GET /api/buyer/orders/:id'];
          verdicts.push(`buyer order read on SQLite: ${fmt(read.rps, 0)} req/s (target >= ${TARGETS.buyerReadRps}): ${read.rps >= TARGETS.buyerReadRps ? 'MET' : 'MISSED'}; p99 ${fmt(read.p99, 2)} ms (target < ${TARGETS.buyerReadP99Ms}): ${read.p99 < TARGETS.buyerReadP99Ms ? 'MET' : 'MISSED'}`);
          verdicts.push(`issue 18, buyer order read p99 on SQLite at ${CONNECTIONS} connections: ${fmt(read.p99, 2)} ms (target <= ${ISSUE_18.buyerReadP99Ms} ms): ${read.p99 <= ISSUE_18.buyerReadP99Ms ? 'MET' : 'MISSED'}`);
        }
        if (scenario === 'buyer-read' && cpuPerRequestMs !== null) {
          // The same load on a bare Hono app answering this API's own bytes for one of the orders.
          const sample = data.orders[0];
          const agent = keepAliveAgent(1);
          const answer = await request(agent, api.base, { path: `/api/buyer/orders/${sample.id}`, headers: { 'x-delivery-code': sample.code } });
          agent.destroy();
          const bare = await startBareHono(answer.body);
          try {
            log(`${database}: buyer-read baseline, a bare Hono app answering the same ${Buffer.byteLength(answer.body)} bytes`);
            const baseline = await load(bare.base, scenario, data, bare.pid, 'sqlite');
            const bareRead = baseline.steps['GET /api/buyer/orders/:id'];
            const bareRequests = bareRead?.requests ?? 0;
            const bareCpuMs = baseline.apiCpuSeconds === null || bareRequests === 0 ? null : (baseline.apiCpuSeconds * 1000) / bareRequests;
            rows.push({ database: 'bare Hono', scenario, step: 'same bytes, any path', load: null, ...bareRead });
            if (bareCpuMs !== null) {
              const ratio = cpuPerRequestMs / bareCpuMs;
              verdicts.push(`issue 18, buyer order read API CPU on ${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${fmt(cpuPerRequestMs, 3)} ms per request, bare Hono ${fmt(bareCpuMs, 3)} ms: ${fmt(ratio, 1)}x (target <= ${ISSUE_18.buyerReadCpuRatio}x): ${ratio <= ISSUE_18.buyerReadCpuRatio ? 'MET' : 'MISSED'}`);
            }
          } finally {
            await bare.stop();
          }
        }
      }
      log(`${database}: checking the books (admin CLI: ledger check, settlements list)`);
      books.push({ database, ...(await checkBooks(api.env)), delivered: completedInAll.get(database) ?? 0 });
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
  const extras = [];
  if (EXTRAS.includes('cold-start')) extras.push(await extraReport('bench/cold-start.mjs', ['10']));
  if (EXTRAS.includes('live')) {
    if (existsSync(join(root, 'frontends/shell/dist/index.html'))) extras.push(await extraReport('scripts/report-live-latency.mjs', ['15']));
    else extras.push('Live update latency: not measured (the frontends are not built: npm run build)');
  }
  if (EXTRAS.includes('pages')) {
    if (existsSync(join(root, 'frontends/shell/dist/index.html'))) extras.push(await extraReport('scripts/report-page-load.mjs', ['3']));
    else extras.push('Page load: not measured (the frontends are not built: npm run build)');
  }
  for (const extra of extras) {
    console.log(extra);
    console.log('');
    for (const line of extra.split('\n').filter((l) => /\b(MET|MISSED)$/.test(l))) verdicts.push(`${extra.split('\n')[0]?.split(':')[0]}: ${line.trim()}`);
  }
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
