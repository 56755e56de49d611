#!/usr/bin/env node
// `npm run bench:outbox`: how fast the outbox drains a backlog to a local SMTP server, printed
// as a table (decision 0038). Figures, not a test: nothing fails on a slow machine except the
// checks that matter whatever the speed (every message arrived, none twice, all recorded).
//
// For each scenario (SQLite with one API process; PostgreSQL with one, then two processes
// sharing the outbox) it writes N due emails into a fresh database's outbox through the store,
// starts a local SMTP server (bench/smtp-sink.mjs: counts what it accepts by Message-ID), then
// starts the built API (`node apps/api/dist/server.mjs`) as that many processes with SMTP_URL
// pointing at it. Each process's dispatcher drains the backlog from its start-up pass on. The
// rate is N over the time from the first message the server accepted to the last; the API's
// start-up is not counted. Afterwards it checks that the database recorded every message as
// delivered and gave none up, and counts duplicates by Message-ID at the server (must be 0).
//
// Then, on PostgreSQL with two API processes (decision 0074, issue 22):
// - latency: BENCH_OUTBOX_LATENCY_MESSAGES (200) emails queued one transaction at a time, 20-100 ms
//   apart, as the API queues them (the store NOTIFYs the outbox channel in the transaction); the
//   time from the start of each transaction to the SMTP server accepting the message, p50/p95,
//   against the target p95 <= 1 s;
// - takeover: a burst of BENCH_OUTBOX_TAKEOVER_MESSAGES (100) emails; one process's SMTP server
//   never answers, and the moment that process is sending, it is killed (kill -9); the time from
//   the kill until the other process has sent every message (those the dead one had leased wait
//   for their lease to end), against the target <= 30 s.
//
// Environment: BENCH_OUTBOX_MESSAGES (20000), BENCH_OUTBOX_SCENARIOS (sqlite:1,postgres:1,postgres:2:
// database and dispatcher processes), BENCH_OUTBOX_PARTS (drain,latency,takeover), OUTBOX_CONCURRENCY and SMTP_MAX_CONNECTIONS (passed to
// the API; unset: its defaults 16 and 5), DATABASE_URL_BENCH (postgres://postgres@127.0.0.1:5432/test),
// BENCH_CPU_PROF (a directory: the API processes write V8 CPU profiles there when they stop).
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDatabase, buildApiAndCli, launchApi, root } from './api-process.mjs';
import { cpuSecondsOf, postgresCpuSeconds } from './cpu-seconds.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

const env = process.env;
const MESSAGES = Number(env.BENCH_OUTBOX_MESSAGES ?? 20_000);
const SCENARIOS = (env.BENCH_OUTBOX_SCENARIOS ?? 'sqlite:1,postgres:1,postgres:2')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map((s) => {
    const [database, processes = '1'] = s.split(':');
    return { database, processes: Number(processes) };
  });
const TARGET_PER_SECOND = 500;
const PARTS = new Set((env.BENCH_OUTBOX_PARTS ?? 'drain,latency,takeover').split(',').map((s) => s.trim()));
const LATENCY_MESSAGES = Number(env.BENCH_OUTBOX_LATENCY_MESSAGES ?? 200);
const TAKEOVER_MESSAGES = Number(env.BENCH_OUTBOX_TAKEOVER_MESSAGES ?? 100);
/** Issue 22: queue-to-send p95, and a dead process's messages sent by another. */
const TARGET_P95_MS = 1_000;
const TARGET_TAKEOVER_MS = 30_000;
const FROM = 'Escrow Delivery <no-reply@escrow.example>';

const log = (message) => process.stderr.write(`[bench:outbox] ${message}\n`);

/** The API's database with N due emails in its outbox, written through the store (compiled db-kysely). */
async function databaseWithBacklog(database, count) {
  const db = await apiDatabase(database, { prefix: 'bench_outbox' });
  const { openDatabase, createKyselyEscrowStore } = await import(pathToFileURL(join(root, 'adapters/db-kysely/dist/index.js')).href);
  const handle = openDatabase({ dataDir: db.dataDir, ...(db.env.DATABASE_URL ? { databaseUrl: db.env.DATABASE_URL } : {}) });
  await handle.migrate();
  const store = createKyselyEscrowStore(handle.db, handle.dialect);
  const runId = randomBytes(4).toString('hex');
  const now = new Date();
  for (let start = 0; start < count; start += 1_000) {
    await store.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + 1_000); i += 1) {
        await tx.outbox.enqueue({
          id: `bench-${runId}-${i}`,
          topic: 'notification',
          payload: { channel: 'email', to: `seller${i % 500}@example.com`, subject: 'Payment confirmed', body: `Payment for order ESC${String(i).padStart(6, '0')} is held in escrow. Assign a rider to proceed.` },
          createdAt: now,
          attempts: 0,
          nextAttemptAt: now,
          deliveredAt: null,
          lastError: null,
        });
      }
    });
  }
  const counts = async () => {
    const row = await handle.db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.count(eb.case().when('delivered_at', 'is', null).then(1).end()).as('undelivered'),
        eb.fn.count(eb.case().when('given_up_at', 'is not', null).then(1).end()).as('givenUp'),
        eb.fn.max('attempts').as('maxAttempts'),
      ])
      .executeTakeFirstOrThrow();
    return { undelivered: Number(row.undelivered), givenUp: Number(row.givenUp), maxAttempts: Number(row.maxAttempts) };
  };
  const cleanup = async () => {
    await handle.close();
    await db.dispose();
  };
  return { apiEnv: db.env, counts, cleanup };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function scenario({ database, processes }) {
  log(`${database}, ${processes} dispatcher process${processes === 1 ? '' : 'es'}: writing ${MESSAGES} due emails into a fresh outbox`);
  const db = await databaseWithBacklog(database, MESSAGES);
  const sink = await startSmtpSink();
  const apis = [];
  try {
    const load1 = loadavg()[0] ?? 0;
    const apiEnv = {
      ...db.apiEnv,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SMTP_FROM: FROM,
      ...(env.OUTBOX_CONCURRENCY ? { OUTBOX_CONCURRENCY: env.OUTBOX_CONCURRENCY } : {}),
      ...(env.SMTP_MAX_CONNECTIONS ? { SMTP_MAX_CONNECTIONS: env.SMTP_MAX_CONNECTIONS } : {}),
    };
    const nodeFlags = env.BENCH_CPU_PROF?.trim() ? ['--cpu-prof', '--cpu-prof-dir', env.BENCH_CPU_PROF.trim()] : [];
    const started = Date.now();
    const pgCpuStart = database === 'postgres' ? postgresCpuSeconds() : null;
    // All at once: each dispatcher drains from its start-up on, so the processes must start together.
    const launched = await Promise.allSettled(Array.from({ length: processes }, () => launchApi(apiEnv, { nodeFlags, healthTimeoutMs: 60_000 })));
    apis.push(...launched.filter((l) => l.status === 'fulfilled').map((l) => l.value));
    const failed = launched.find((l) => l.status === 'rejected');
    if (failed) throw failed.reason;
    log(`${database}: ${processes} API process${processes === 1 ? '' : 'es'} started (load average ${load1.toFixed(1)}); waiting for the server to receive all ${MESSAGES}`);
    let lastProgress = Date.now();
    let lastUnique = 0;
    while (sink.unique < MESSAGES) {
      if (apis.some((a) => a.child.exitCode !== null)) throw new Error(`an API process exited:\n${apis.map((a) => a.output()).join('\n')}`);
      if (sink.unique !== lastUnique) {
        lastUnique = sink.unique;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress > 120_000) {
        throw new Error(`no progress for 2 minutes (${sink.unique} of ${MESSAGES} received)`);
      }
      await sleep(50);
    }
    const cpu = apis.map((a) => cpuSecondsOf(a.pid));
    const pgCpuEnd = database === 'postgres' ? postgresCpuSeconds() : null;
    // The deliveries are written right after each acceptance; wait for the last writes.
    let counts = await db.counts();
    for (let i = 0; i < 100 && counts.undelivered > 0; i += 1) {
      await sleep(100);
      counts = await db.counts();
    }
    const drainSeconds = (sink.lastAt - sink.firstAt) / 1000;
    return {
      database,
      processes,
      messages: MESSAGES,
      received: sink.received,
      duplicates: sink.duplicates,
      withoutMessageId: sink.withoutMessageId,
      undelivered: counts.undelivered,
      givenUp: counts.givenUp,
      maxAttempts: counts.maxAttempts,
      drainSeconds,
      perSecond: MESSAGES / drainSeconds,
      firstMessageAfterSeconds: (sink.firstAt - started) / 1000,
      apiCpuMsPerMessage: cpu.every((c) => c !== null) ? (cpu.reduce((a, b) => a + b, 0) * 1000) / MESSAGES : null,
      postgresCpuMsPerMessage: pgCpuStart !== null && pgCpuEnd !== null ? ((pgCpuEnd - pgCpuStart) * 1000) / MESSAGES : null,
      load: load1,
    };
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await sink.close();
    await db.cleanup();
  }
}

/** A fresh PostgreSQL schema for two API processes, and a store that queues as the API does (NOTIFY on the outbox channel in the transaction). */
async function wakingDatabase(prefix) {
  const db = await apiDatabase('postgres', { prefix });
  const { openDatabase, createKyselyEscrowStore } = await import(pathToFileURL(join(root, 'adapters/db-kysely/dist/index.js')).href);
  const { outboxChannelFor } = await import(pathToFileURL(join(root, 'adapters/events-pg/dist/index.js')).href);
  const handle = openDatabase({ dataDir: db.dataDir, databaseUrl: db.env.DATABASE_URL });
  await handle.migrate();
  const store = createKyselyEscrowStore(handle.db, handle.dialect, { outboxWake: { notifyChannel: outboxChannelFor(await handle.namespace()) } });
  const runId = randomBytes(4).toString('hex');
  let n = 0;
  /** Queues `count` emails in one transaction; resolves their ids. */
  const queue = async (count) => {
    const now = new Date();
    const ids = Array.from({ length: count }, () => `wake-${runId}-${(n += 1)}`);
    await store.transaction(async (tx) => {
      for (const id of ids) {
        await tx.outbox.enqueue({ id, topic: 'notification', payload: { channel: 'email', to: `seller${n % 500}@example.com`, subject: 'Your rider code', body: `Order ESC${String(n).padStart(6, '0')}: your rider is on the way.` }, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null });
      }
    });
    return ids;
  };
  const cleanup = async () => {
    await handle.close();
    await db.dispose();
  };
  return { apiEnv: { ...db.env, SMTP_FROM: FROM }, queue, cleanup };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function waitFor(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** Two API processes; emails queued one transaction at a time; queue-to-accept latency of each. */
async function latencyScenario() {
  log(`latency: two API processes on PostgreSQL, ${LATENCY_MESSAGES} emails queued one at a time`);
  const db = await wakingDatabase('bench_outbox_wake');
  const sink = await startSmtpSink();
  const apis = [];
  try {
    const env = { ...db.apiEnv, SMTP_URL: `smtp://127.0.0.1:${sink.port}` };
    apis.push(...(await Promise.all([launchApi(env, { healthTimeoutMs: 60_000 }), launchApi(env, { healthTimeoutMs: 60_000 })])));
    await sleep(1_000);
    const load = loadavg()[0] ?? 0;
    const queuedAt = new Map();
    for (let i = 0; i < LATENCY_MESSAGES; i += 1) {
      const at = Date.now();
      const [id] = await db.queue(1);
      queuedAt.set(id, at);
      await sleep(20 + Math.random() * 80);
    }
    await waitFor('every email to be accepted', () => [...queuedAt.keys()].every((id) => sink.acceptedAt.has(id)), 60_000);
    const latencies = [...queuedAt].map(([id, at]) => sink.acceptedAt.get(id) - at).sort((a, b) => a - b);
    return { messages: LATENCY_MESSAGES, p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies[latencies.length - 1], copies: sink.duplicates, load };
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await sink.close();
    await db.cleanup();
  }
}

/** Two API processes; one is killed (kill -9) while it sends; how long until the other has sent everything. */
async function takeoverScenario() {
  log(`takeover: two API processes on PostgreSQL, ${TAKEOVER_MESSAGES} emails at once, one process killed (kill -9) mid-send`);
  const db = await wakingDatabase('bench_outbox_takeover');
  const silent = await startSmtpSink({ hold: true });
  const sink = await startSmtpSink();
  const apis = [];
  try {
    const [doomed, survivor] = await Promise.all([
      launchApi({ ...db.apiEnv, SMTP_URL: `smtp://127.0.0.1:${silent.port}` }, { healthTimeoutMs: 60_000 }),
      launchApi({ ...db.apiEnv, SMTP_URL: `smtp://127.0.0.1:${sink.port}` }, { healthTimeoutMs: 60_000 }),
    ]);
    apis.push(doomed, survivor);
    await sleep(1_000);
    const load = loadavg()[0] ?? 0;
    const ids = [];
    // Both are woken at once; should the survivor claim a whole burst, another is queued.
    for (let burst = 0; burst < 5 && silent.begunAt.size === 0; burst += 1) {
      ids.push(...(await db.queue(TAKEOVER_MESSAGES)));
      await waitFor('the burst to be claimed', () => silent.begunAt.size > 0 || ids.every((id) => sink.acceptedAt.has(id)), 30_000).catch(() => undefined);
    }
    if (silent.begunAt.size === 0) throw new Error('the process to be killed never claimed a message');
    const killedAt = Date.now();
    await doomed.kill();
    await waitFor('the survivor to send every email', () => ids.every((id) => sink.acceptedAt.has(id)), 180_000);
    // Sent more than 5 s after the kill: they waited for the dead process's lease (the others went out at once).
    const leasedByDead = ids.filter((id) => sink.acceptedAt.get(id) > killedAt + 5_000).length;
    const takeoverMs = Math.max(...ids.map((id) => sink.acceptedAt.get(id))) - killedAt;
    return { messages: ids.length, leasedByDead, begunByDead: silent.begunAt.size, takeoverMs, copies: sink.duplicates, load };
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await Promise.all([silent.close(), sink.close()]);
    await db.cleanup();
  }
}

const fmt = (n, digits = 1) => (n === null || n === undefined ? '-' : n.toFixed(digits));

async function main() {
  buildApiAndCli(log);
  const rows = [];
  if (PARTS.has('drain')) for (const s of SCENARIOS) rows.push(await scenario(s));
  const latency = PARTS.has('latency') ? await latencyScenario() : null;
  const takeover = PARTS.has('takeover') ? await takeoverScenario() : null;
  const header = `${'database'.padEnd(9)} ${'processes'.padStart(9)} ${'messages'.padStart(8)} ${'received'.padStart(8)} ${'dupl.'.padStart(5)} ${'seconds'.padStart(8)} ${'msg/s'.padStart(7)} ${'API CPU ms/msg'.padStart(14)} ${'PG CPU ms/msg'.padStart(13)} ${'load'.padStart(5)}  target (>= ${TARGET_PER_SECOND}/s)`;
  console.log('');
  console.log(`Outbox benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; API processes, PostgreSQL and the SMTP server share this machine.`);
  let broken = false;
  if (rows.length > 0) {
    console.log(`A backlog of ${MESSAGES} due emails per scenario, sent by the compiled API's dispatcher(s) to a local SMTP server (smtp-server, loopback) that counts Message-IDs.`);
    console.log(`OUTBOX_CONCURRENCY=${env.OUTBOX_CONCURRENCY ?? '16 (default)'}, SMTP_MAX_CONNECTIONS=${env.SMTP_MAX_CONNECTIONS ?? '5 (default)'} per process. msg/s = messages / (last accepted - first accepted); API start-up not counted.`);
    console.log('');
    console.log(header);
    console.log('-'.repeat(header.length));
    for (const r of rows) {
      const ok = r.perSecond >= TARGET_PER_SECOND;
      console.log(
        `${r.database.padEnd(9)} ${String(r.processes).padStart(9)} ${String(r.messages).padStart(8)} ${String(r.received).padStart(8)} ${String(r.duplicates).padStart(5)} ${fmt(r.drainSeconds, 2).padStart(8)} ${fmt(r.perSecond, 0).padStart(7)} ${fmt(r.apiCpuMsPerMessage, 3).padStart(14)} ${fmt(r.postgresCpuMsPerMessage, 3).padStart(13)} ${fmt(r.load).padStart(5)}  ${ok ? 'MET' : 'MISSED'}`,
      );
      if (r.duplicates !== 0 || r.undelivered !== 0 || r.givenUp !== 0 || r.withoutMessageId !== 0) broken = true;
    }
    console.log('');
    for (const r of rows) {
      console.log(`  ${r.database} x${r.processes}: first message ${fmt(r.firstMessageAfterSeconds, 2)} s after the processes were started; database afterwards: ${r.undelivered} undelivered, ${r.givenUp} given up, at most ${r.maxAttempts} attempt(s) per message; ${r.withoutMessageId} received without a Message-ID.`);
    }
  }
  if (latency) {
    const ok = latency.p95 <= TARGET_P95_MS;
    console.log('');
    console.log(`Queue to send, PostgreSQL, 2 API processes woken by NOTIFY (poll every 5 s): ${latency.messages} emails queued one transaction at a time, 20-100 ms apart (load ${fmt(latency.load)}).`);
    console.log(`  p50 ${latency.p50} ms, p95 ${latency.p95} ms, max ${latency.max} ms; target p95 <= ${TARGET_P95_MS} ms: ${ok ? 'MET' : 'MISSED'}; ${latency.copies} copies.`);
    if (latency.copies !== 0) broken = true;
  }
  if (takeover) {
    const ok = takeover.takeoverMs <= TARGET_TAKEOVER_MS;
    console.log('');
    console.log(`Lease takeover, PostgreSQL, 2 API processes, one killed (kill -9) while sending to a server that never answers (load ${fmt(takeover.load)}):`);
    console.log(`  ${takeover.messages} emails; ${takeover.leasedByDead} leased by the killed process (${takeover.begunByDead} of them mid-send) waited for their lease; all sent by the other ${fmt(takeover.takeoverMs / 1000, 1)} s after the kill; target <= ${TARGET_TAKEOVER_MS / 1000} s: ${ok ? 'MET' : 'MISSED'}; ${takeover.copies} copies.`);
    if (takeover.copies !== 0) broken = true;
  }
  if (broken) {
    console.log('');
    console.log('SOMETHING IS WRONG: a duplicate, a message not recorded as delivered, or one given up. The figures above are not to be trusted.');
    process.exitCode = 1;
  }
}

await main();
