#!/usr/bin/env node
// `npm run bench:machines`: the figures of issue 22 ("several machines") that bench/outbox.mjs
// does not print, as a table.
//
// 1. Photo upload and read latency, the machine's disk against an S3 server. An s3rver (the
//    tests' S3 server: adapters/storage-s3/test/support/s3-server-child.mjs, in a process of its
//    own, its objects in a temp dir) holds a fresh private bucket. For each storage (FILE_STORAGE
//    local, then s3 with S3_* pointing at the s3rver) the compiled API runs on a fresh PostgreSQL
//    schema; BENCH_PHOTOS orders are brought to "accepted" through the real HTTP API, then each
//    rider's pickup photo (BENCH_PHOTO_KB of PNG) is uploaded (POST /api/rider/orders/:id/pickup,
//    multipart), BENCH_PHOTO_CONNECTIONS at a time, and each photo read back by the URL the order
//    holds (GET /uploads/order-photos/pickup/...). With s3, the photos are also read through a
//    second API process (its own DATA_DIR, the same schema and bucket): another machine.
// 2. Complete lifecycles per second (create -> pay -> assign -> accept -> pickup photo ->
//    complete, bench/load.mjs's lifecycle scenario), with one API process, then with two
//    separate API processes (each its own DATA_DIR and port, the same PostgreSQL schema: two
//    machines sharing the database), each configuration on a fresh schema. The load is the same
//    in both: two load generator processes of BENCH_CONNECTIONS / 2 connections each, both on
//    the one process's port, or one on each port. The ratio two / one is printed: this machine
//    has few cores (API, load generators and PostgreSQL share them), so it says what a second
//    process gains here, not what a second machine would.
//
// After each configuration's load the admin CLI's `ledger check` runs on its schema, and the
// settlement queue is compared with the lifecycles the load generators completed, as bench/run.mjs
// does.
//
// BENCH_ROUNDS (2) runs of each configuration, in ABBA order (1, 2, 2, 1 processes), each on its
// own schema; the ratio is of the means.
//
// Environment: BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (3), BENCH_CONNECTIONS (50, split over two
// load generators), BENCH_POOL_SIZE (24: PostgreSQL connections of the API in all, split over its
// processes), BENCH_PHOTOS (100), BENCH_PHOTO_KB (200), BENCH_PHOTO_CONNECTIONS (4),
// BENCH_MACHINES_PARTS (photos,lifecycles), BENCH_LIFECYCLE_STORAGE (local; s3: the lifecycle's
// pickup photos go to the s3rver too), BENCH_BUILD (1; 0 skips tsc -b and the bundle),
// DATABASE_URL_BENCH (postgres://postgres@127.0.0.1:5432/test).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { addRiders, apiDatabase, buildApiAndCli, checkBooks, expectStatus, launchApi, payByPaybill, root, seed, signUpSeller } from './api-process.mjs';
import { cpuSecondsOf, postgresCpuSeconds } from './cpu-seconds.mjs';
import { idempotencyKey, keepAliveAgent, parse, photoUpload, PNG, request } from './http-client.mjs';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = Number(env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const POOL_SIZE = Number(env.BENCH_POOL_SIZE ?? 24);
const PHOTOS = Number(env.BENCH_PHOTOS ?? 100);
const PHOTO_BYTES = Math.max(PNG.length, Math.round(Number(env.BENCH_PHOTO_KB ?? 200) * 1024));
const PHOTO_CONNECTIONS = Number(env.BENCH_PHOTO_CONNECTIONS ?? 4);
const PARTS = new Set((env.BENCH_MACHINES_PARTS ?? 'photos,lifecycles').split(',').map((s) => s.trim()));
const LIFECYCLE_STORAGE = env.BENCH_LIFECYCLE_STORAGE?.trim() || 'local';
const BUILD = env.BENCH_BUILD !== '0';
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 2));
/** s3rver takes any key pair; these are the ones its documentation (and the tests) use. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const log = (message) => process.stderr.write(`[bench:machines] ${message}\n`);
const fmt = (n, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? '-' : n.toFixed(digits));
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * An s3rver as the tests start it (@escrow/storage-s3/testing's startS3Server, which a .mjs
 * cannot import): its child script in a process of its own, with --openssl-legacy-provider,
 * printing {"port":N} once it listens. Resolves { endpoint, pid, createBucket(name), close() }.
 */
async function startS3rver() {
  const directory = mkdtempSync(join(tmpdir(), 'escrow-bench-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', join(root, 'adapters/storage-s3/test/support/s3-server-child.mjs'), directory], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  let port;
  try {
    port = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not start within 15 s')), 15_000);
      child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
      createInterface({ input: child.stdout }).once('line', (line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      });
    });
  } catch (error) {
    await close();
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  // The SDK the S3 adapter uses, from the adapter's own dependencies (pnpm puts it nowhere else).
  const { S3Client, CreateBucketCommand } = createRequire(join(root, 'adapters/storage-s3/package.json'))('@aws-sdk/client-s3');
  return {
    endpoint,
    pid: child.pid,
    async createBucket(name) {
      const client = new S3Client({ endpoint, region: 'us-east-1', credentials: S3RVER_CREDENTIALS, forcePathStyle: true });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    },
    close,
  };
}

/** The machine's idle CPU seconds so far, all cores (Linux /proc/stat; null elsewhere): what none of its processes, ours or others', used. */
function idleSeconds() {
  if (!existsSync('/proc/stat')) return null;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  // cpu user nice system idle iowait ...: idle and iowait, in clock ticks (100 per second on Linux).
  return (Number(fields[4]) + Number(fields[5])) / 100;
}

/** FILE_STORAGE=s3 on a fresh private bucket of `s3`: the API's S3_* variables. */
async function s3Env(s3) {
  const bucket = `escrow-bench-${randomBytes(4).toString('hex')}`;
  await s3.createBucket(bucket);
  return { FILE_STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey, S3_FORCE_PATH_STYLE: 'true' };
}

/** The environment of another machine on the same database: `env` with a DATA_DIR of its own. */
function anotherMachine(env_) {
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-bench-machine-'));
  return { env: { ...env_, DATA_DIR: dataDir, FRONTEND_DIST: join(dataDir, 'no-frontend') }, dispose: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Runs `count` calls of `task(i)`, `concurrency` at a time; resolves their results in order. */
async function pool(count, concurrency, task) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** `count` orders brought to "accepted" through the API: created, paid, assigned, accepted by the rider. Resolves [{ id, rider }]. */
async function acceptedJobs(base, count) {
  const agent = keepAliveAgent(8);
  try {
    const { headers: seller } = await signUpSeller(agent, base);
    const riderIds = await addRiders(agent, base, seller);
    return await pool(count, 8, async (i) => {
      const created = await expectStatus(
        await request(agent, base, { method: 'POST', path: '/api/seller/orders', headers: { ...seller, ...idempotencyKey() }, json: { itemName: `Photo item ${i}`, price: '1500.00', buyerName: 'Photo Buyer', buyerPhone: '0722 111 333', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' } }),
        201,
        'create order',
      );
      const order = created.data.order;
      await payByPaybill((options) => request(agent, base, options), order);
      const assigned = await expectStatus(await request(agent, base, { method: 'POST', path: `/api/seller/orders/${order.id}/rider`, headers: { ...seller, ...idempotencyKey() }, json: { riderId: riderIds[i % riderIds.length] } }), 200, 'assign rider');
      const link = new URL(assigned.data.links.rider);
      const rider = { 'x-rider-phone': link.searchParams.get('phone'), 'x-rider-key': link.searchParams.get('key') };
      await expectStatus(await request(agent, base, { method: 'POST', path: `/api/rider/orders/${order.id}/accept`, headers: { ...rider, ...idempotencyKey() } }), 200, 'accept job');
      return { id: order.id, rider };
    });
  } finally {
    agent.destroy();
  }
}

/** A PNG of `bytes` bytes: the 1x1 image, then random bytes (the server judges the magic number and the size). */
const photoOfSize = (bytes) => Buffer.concat([PNG, randomBytes(Math.max(0, bytes - PNG.length))]);

/** Uploads each job's pickup photo, then reads each back; resolves { upload: ms[], read: ms[], urls, failures }. */
async function uploadAndRead(base, jobs) {
  const agent = keepAliveAgent(PHOTO_CONNECTIONS);
  const upload = [];
  let failures = 0;
  try {
    const urls = await pool(jobs.length, PHOTO_CONNECTIONS, async (i) => {
      const job = jobs[i];
      const reply = await request(agent, base, { method: 'POST', path: `/api/rider/orders/${job.id}/pickup`, headers: { origin: base, ...job.rider, ...idempotencyKey() }, raw: photoUpload('photo', photoOfSize(PHOTO_BYTES)) });
      if (reply.status !== 200) {
        failures += 1;
        log(`pickup upload answered ${reply.status} ${reply.body.slice(0, 200)}`);
        return null;
      }
      upload.push(reply.ms);
      return parse(reply).data.pickupPhotoUrl;
    });
    const read = await readAll(base, urls.filter(Boolean));
    return { upload, read: read.ms, urls: urls.filter(Boolean), failures: failures + read.failures };
  } finally {
    agent.destroy();
  }
}

/** Reads each photo URL through `base`; resolves { ms: [], failures } (a wrong size or status is a failure). */
async function readAll(base, urls) {
  const agent = keepAliveAgent(PHOTO_CONNECTIONS);
  const ms = [];
  let failures = 0;
  try {
    await pool(urls.length, PHOTO_CONNECTIONS, async (i) => {
      const reply = await request(agent, base, { path: urls[i] });
      if (reply.status !== 200 || Number(reply.headers['content-length']) !== PHOTO_BYTES) {
        failures += 1;
        log(`photo read ${urls[i]} answered ${reply.status} (${reply.headers['content-length']} bytes)`);
        return;
      }
      ms.push(reply.ms);
    });
  } finally {
    agent.destroy();
  }
  return { ms, failures };
}

/** Part 1: photo upload and read latency, disk against s3rver; resolves the table's rows. */
async function photoLatency(s3) {
  const rows = [];
  for (const storage of ['local', 's3']) {
    const db = await apiDatabase('postgres', { prefix: 'bench_photos', extraEnv: storage === 's3' ? await s3Env(s3) : {} });
    const other = anotherMachine(db.env);
    const apis = [];
    try {
      log(`photos, FILE_STORAGE=${storage}: starting the API (schema ${db.schema.schema}), ${PHOTOS} orders to "accepted"`);
      apis.push(await launchApi(db.env));
      const jobs = await acceptedJobs(apis[0].base, PHOTOS);
      const load1 = loadavg()[0] ?? 0;
      log(`photos, FILE_STORAGE=${storage}: ${PHOTOS} pickup uploads of ${Math.round(PHOTO_BYTES / 1024)} KB, ${PHOTO_CONNECTIONS} at a time, then as many reads`);
      const result = await uploadAndRead(apis[0].base, jobs);
      const label = storage === 's3' ? 'S3 (s3rver)' : 'local disk';
      rows.push({ storage: label, step: 'upload (pickup POST)', values: result.upload, failures: result.failures, load: load1 });
      rows.push({ storage: label, step: 'read, same process', values: result.read, failures: 0, load: null });
      if (storage === 's3') {
        log('photos, FILE_STORAGE=s3: the same photos read through a second API process (its own DATA_DIR)');
        apis.push(await launchApi(other.env));
        const across = await readAll(apis[1].base, result.urls);
        rows.push({ storage: label, step: 'read, other process', values: across.ms, failures: across.failures, load: null });
      }
    } finally {
      for (const api of apis) await api.stop({ killAfterMs: 10_000 });
      other.dispose();
      await db.dispose();
    }
  }
  return rows;
}

/** Runs bench/load.mjs's lifecycle scenario on `base` with `connections`; resolves its JSON line. */
function loadGenerator(base, connections, data) {
  const config = { base, scenario: 'lifecycle', connections, warmupMs: WARMUP_SECONDS * 1000, durationMs: SECONDS * 1000, data };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench/load.mjs'), JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(`load generator exited with ${code}`))));
  });
}

/**
 * Part 2: the lifecycle with `processes` API processes (separate DATA_DIRs and ports, one fresh
 * schema), loaded by two load generators; resolves the figures and the books.
 */
async function lifecycles(processes, s3) {
  const storageEnv = LIFECYCLE_STORAGE === 's3' ? await s3Env(s3) : {};
  const poolPerProcess = Math.ceil(POOL_SIZE / processes);
  const db = await apiDatabase('postgres', { prefix: 'bench_machines', extraEnv: { ...storageEnv, DATABASE_POOL_SIZE: String(poolPerProcess), API_WORKERS: '1' } });
  const others = Array.from({ length: processes - 1 }, () => anotherMachine(db.env));
  const apis = [];
  try {
    log(`lifecycles, ${processes} API process${processes > 1 ? 'es' : ''}: starting (schema ${db.schema.schema}, DATABASE_POOL_SIZE=${poolPerProcess} each, FILE_STORAGE=${LIFECYCLE_STORAGE})`);
    // One after the other: the first migrates the schema, the others find it migrated.
    apis.push(await launchApi(db.env));
    for (const other of others) apis.push(await launchApi(other.env));
    const data = await seed(apis[0].base, { orders: 20 });
    const bases = [apis[0].base, apis[processes > 1 ? 1 : 0].base];
    const split = [Math.ceil(CONNECTIONS / 2), Math.floor(CONNECTIONS / 2)];
    const load1 = loadavg()[0] ?? 0;
    log(`lifecycles, ${processes} API process${processes > 1 ? 'es' : ''}: ${CONNECTIONS} connections (${split.join(' + ')}) on ${[...new Set(bases)].join(' and ')}, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured (load average ${load1.toFixed(1)})`);
    const cpu = { start: null, end: null };
    const sample = () => ({ api: apis.reduce((sum, api) => sum + (cpuSecondsOf(api.pid) ?? 0), 0), pg: postgresCpuSeconds(), idle: idleSeconds() });
    const timers = [setTimeout(() => (cpu.start = sample()), WARMUP_SECONDS * 1000), setTimeout(() => (cpu.end = sample()), (WARMUP_SECONDS + SECONDS) * 1000)];
    const results = await Promise.all(bases.map((base, i) => loadGenerator(base, split[i], data)));
    for (const timer of timers) clearTimeout(timer);
    const elapsedSeconds = Math.max(...results.map((r) => r.elapsedMs)) / 1000;
    const completed = results.reduce((n, r) => n + r.completedLifecycles, 0);
    const failed = results.reduce((n, r) => n + r.failedLifecycles, 0);
    const delivered = results.reduce((n, r) => n + r.allCompletedLifecycles, 0);
    const latencies = {};
    for (const step of ['create', 'pay', 'pickup', 'complete']) {
      const steps = results.map((r) => r.steps[step]).filter(Boolean);
      // p99 of the two generators together is not derivable from theirs: the worse of the two is shown.
      latencies[step] = steps.length === 0 ? null : Math.max(...steps.map((s) => s.p99));
    }
    const perProcess = results.map((r) => r.completedLifecycles / (r.elapsedMs / 1000));
    const apiCpu = cpu.start && cpu.end ? cpu.end.api - cpu.start.api : null;
    const pgCpu = cpu.start?.pg != null && cpu.end?.pg != null ? cpu.end.pg - cpu.start.pg : null;
    const idle = cpu.start?.idle != null && cpu.end?.idle != null ? cpu.end.idle - cpu.start.idle : null;
    log(`lifecycles, ${processes} API process${processes > 1 ? 'es' : ''}: checking the books (admin CLI: ledger check, settlements list)`);
    const books = await checkBooks(db.env);
    return { processes, perSecond: completed / elapsedSeconds, perGenerator: perProcess, completed, failed, delivered, latencies, apiCpu, pgCpu, idle, elapsedSeconds, load: load1, books, connectionErrors: results.reduce((n, r) => n + r.connectionErrors, 0) };
  } finally {
    for (const api of apis) await api.stop({ killAfterMs: 10_000 });
    for (const other of others) other.dispose();
    await db.dispose();
  }
}

async function main() {
  if (BUILD) buildApiAndCli(log);
  const s3 = PARTS.has('photos') || LIFECYCLE_STORAGE === 's3' ? await startS3rver() : null;
  let photoRows = [];
  const runs = [];
  try {
    if (PARTS.has('photos')) photoRows = await photoLatency(s3);
    // ABBA order (1, 2, 2, 1, ...): a machine whose other work grows or shrinks during the run
    // weighs on both configurations alike.
    const order = Array.from({ length: ROUNDS }, (_, round) => (round % 2 === 0 ? [1, 2] : [2, 1])).flat();
    if (PARTS.has('lifecycles')) for (const processes of order) runs.push(await lifecycles(processes, s3));
  } finally {
    await s3?.close();
  }

  console.log('');
  console.log(`Several machines (issue 22): ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; every API process, load generator, s3rver and PostgreSQL share this machine (loopback).`);
  console.log('RATE LIMITS WERE OFF (RATE_LIMITS=off, NODE_ENV=benchmark): all load comes from one address. Production refuses this switch.');
  console.log(`"load" is the machine's 1-minute load average when the part started (${cpus().length} cores; above that, processes were queueing for CPU).`);
  if (photoRows.length > 0) {
    console.log('');
    console.log(`Photo upload and read latency: PostgreSQL, one API process; ${PHOTOS} pickup photos of ${Math.round(PHOTO_BYTES / 1024)} KB, ${PHOTO_CONNECTIONS} requests at a time; the read is GET of the URL the order holds.`);
    console.log('S3: an s3rver (a Node process on this machine, objects in a temp dir), FILE_STORAGE=s3, a fresh private bucket; "other process" is a second API with its own DATA_DIR on the same schema and bucket.');
    const header = `${pad('storage', 12)} ${pad('step', 22)} ${padLeft('p50 ms', 8)} ${padLeft('p95 ms', 8)} ${padLeft('p99 ms', 8)} ${padLeft('max ms', 8)} ${padLeft('count', 6)} ${padLeft('failed', 6)} ${padLeft('load', 5)}`;
    console.log('');
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const r of photoRows) console.log(`${pad(r.storage, 12)} ${pad(r.step, 22)} ${padLeft(fmt(percentile(r.values, 50), 2), 8)} ${padLeft(fmt(percentile(r.values, 95), 2), 8)} ${padLeft(fmt(percentile(r.values, 99), 2), 8)} ${padLeft(fmt(percentile(r.values, 100), 2), 8)} ${padLeft(r.values.length, 6)} ${padLeft(r.failures, 6)} ${padLeft(r.load === null ? '' : fmt(r.load), 5)}`);
  }
  if (runs.length > 0) {
    console.log('');
    console.log(`Complete lifecycles per second (create -> pay -> assign -> accept -> pickup photo -> complete), rows in the order run: PostgreSQL, a fresh schema per row, API_WORKERS=1 per process, DATABASE_POOL_SIZE ${POOL_SIZE} in all split over the processes,`);
    console.log(`separate DATA_DIRs (FILE_STORAGE=${LIFECYCLE_STORAGE}); ${CONNECTIONS} keep-alive connections from two load generator processes (${Math.ceil(CONNECTIONS / 2)} + ${Math.floor(CONNECTIONS / 2)}), both on the one process or one per process; ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured.`);
    console.log('"p99 ms" per step is the worse of the two load generators\' p99. CPU is over the measured window, in cores (1.00 = one core busy); "idle": the machine\'s cores no process used (near 0: the machine was the limit).');
    const header = `${pad('API processes', 14)} ${padLeft('lifecycles/s', 12)} ${padLeft('per generator', 14)} ${padLeft('done', 6)} ${padLeft('failed', 6)} ${padLeft('create p99', 10)} ${padLeft('pickup p99', 10)} ${padLeft('complete p99', 12)} ${padLeft('API CPU', 8)} ${padLeft('PG CPU', 7)} ${padLeft('idle', 5)} ${padLeft('load', 5)}`;
    console.log('');
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const r of runs) {
      console.log(`${pad(r.processes, 14)} ${padLeft(fmt(r.perSecond), 12)} ${padLeft(r.perGenerator.map((n) => fmt(n)).join(' + '), 14)} ${padLeft(r.completed, 6)} ${padLeft(r.failed, 6)} ${padLeft(fmt(r.latencies.create, 1), 10)} ${padLeft(fmt(r.latencies.pickup, 1), 10)} ${padLeft(fmt(r.latencies.complete, 1), 12)} ${padLeft(r.apiCpu === null ? '-' : fmt(r.apiCpu / r.elapsedSeconds, 2), 8)} ${padLeft(r.pgCpu === null ? '-' : fmt(r.pgCpu / r.elapsedSeconds, 2), 7)} ${padLeft(r.idle === null ? '-' : fmt(r.idle / r.elapsedSeconds, 2), 5)} ${padLeft(fmt(r.load), 5)}`);
    }
    const mean = (processes) => {
      const of = runs.filter((r) => r.processes === processes);
      return of.length === 0 ? null : of.reduce((sum, r) => sum + r.perSecond, 0) / of.length;
    };
    const [one, two] = [mean(1), mean(2)];
    if (one && two) {
      console.log('');
      const rounds = runs.length / 2;
      console.log(`ratio: two API processes / one = ${fmt(two)} / ${fmt(one)} lifecycles/s${rounds > 1 ? ` (means of ${rounds} rows each)` : ''} = ${fmt(two / one, 2)}x on ${cpus().length} cores (shared with the load generators, PostgreSQL and the machine's other work)`);
    }
    console.log('');
    console.log("The books after each load (the admin CLI on that row's schema; seeded orders are created or paid, never delivered):");
    for (const r of runs) {
      const queue = r.books.awaitingSettlement === null ? 'settlement queue unreadable' : `${r.books.awaitingSettlement} orders awaiting settlement, ${r.delivered} lifecycles completed by the load generators (warm-up included): ${r.books.awaitingSettlement === r.delivered ? 'equal' : 'NOT EQUAL'}`;
      console.log(`  ${pad(`${r.processes} process${r.processes > 1 ? 'es' : ''}`, 11)} ${r.books.ledgerText.split('\n').join('\n              ')}`);
      console.log(`  ${pad('', 11)} ${queue}`);
    }
  }
  const photoFailures = photoRows.reduce((n, r) => n + r.failures, 0);
  if (photoFailures > 0) {
    console.log(`${photoFailures} photo uploads or reads failed: the photo figures are not to be trusted.`);
    process.exitCode = 1;
  }
  if (runs.some((r) => !r.books.ledgerOk || r.books.awaitingSettlement !== r.delivered)) {
    console.log('THE BOOKS DO NOT MATCH THE LOAD: the figures above are not to be trusted.');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
