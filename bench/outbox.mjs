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
// Environment: BENCH_OUTBOX_MESSAGES (20000), BENCH_OUTBOX_SCENARIOS (sqlite:1,postgres:1,postgres:2:
// database and dispatcher processes), OUTBOX_CONCURRENCY and SMTP_MAX_CONNECTIONS (passed to
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

const fmt = (n, digits = 1) => (n === null || n === undefined ? '-' : n.toFixed(digits));

async function main() {
  buildApiAndCli(log);
  const rows = [];
  for (const s of SCENARIOS) rows.push(await scenario(s));
  const header = `${'database'.padEnd(9)} ${'processes'.padStart(9)} ${'messages'.padStart(8)} ${'received'.padStart(8)} ${'dupl.'.padStart(5)} ${'seconds'.padStart(8)} ${'msg/s'.padStart(7)} ${'API CPU ms/msg'.padStart(14)} ${'PG CPU ms/msg'.padStart(13)} ${'load'.padStart(5)}  target (>= ${TARGET_PER_SECOND}/s)`;
  console.log('');
  console.log(`Outbox drain benchmark: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}; API processes, PostgreSQL and the SMTP server share this machine.`);
  console.log(`A backlog of ${MESSAGES} due emails per scenario, sent by the compiled API's dispatcher(s) to a local SMTP server (smtp-server, loopback) that counts Message-IDs.`);
  console.log(`OUTBOX_CONCURRENCY=${env.OUTBOX_CONCURRENCY ?? '16 (default)'}, SMTP_MAX_CONNECTIONS=${env.SMTP_MAX_CONNECTIONS ?? '5 (default)'} per process. msg/s = messages / (last accepted - first accepted); API start-up not counted.`);
  console.log('');
  console.log(header);
  console.log('-'.repeat(header.length));
  let broken = false;
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
  if (broken) {
    console.log('');
    console.log('SOMETHING IS WRONG: a duplicate, a message not recorded as delivered, or one given up. The figures above are not to be trusted.');
    process.exitCode = 1;
  }
}

await main();
