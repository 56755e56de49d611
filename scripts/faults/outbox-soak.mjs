#!/usr/bin/env node
// Fault campaign "outbox-soak" (issue 14, item 4; decision 0038): does the outbox keep up under
// a steady load? The built API (`node apps/api/dist/server.mjs`; on PostgreSQL with
// API_WORKERS=2, so two dispatchers share the outbox) sends its email to a local SMTP server
// that counts what it accepts by Message-ID (bench/smtp-sink.mjs). For FAULTS_MINUTES (default
// 3; the issue's soak is 20) workers drive real HTTP load that writes mail: sellers signing up
// (a welcome email each), orders created (an email to the seller) and paid (another one), at
// FAULTS_OUTBOX_ORDERS_PER_SECOND (default 50, so about 100 emails/s: ten times what the old
// dispatcher sent per process). It reports the backlog when the load stops (must be < 100), the
// largest backlog seen, the messages sent, duplicates by Message-ID (must be 0), and the admin
// CLI's ledger check.
//
//   node scripts/faults/outbox-soak.mjs [sqlite|postgres]   (both when not given; prints JSON rows)
//
// The runner (`npm run faults`) compiles first (npx tsc -b); run alone, compile first too.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { adminCli, apiDatabase, launchApi, ledgerCheck } from '../../bench/api-process.mjs';
import { c2bConfirmation, c2bConfirmationPath, isC2bAck, keepAliveAgent, parse, request, viewKeyOf } from '../../bench/http-client.mjs';
import { startSmtpSink } from '../../bench/smtp-sink.mjs';

const MINUTES = Number(process.env.FAULTS_MINUTES ?? 3);
const ORDERS_PER_SECOND = Number(process.env.FAULTS_OUTBOX_ORDERS_PER_SECOND ?? 50);
const WORKERS = 16;
const SIGN_UPS_PER_MINUTE = 30;
const REQUEST_TIMEOUT_MS = 30_000;
const BACKLOG_LIMIT = 100;
const FROM = 'Escrow Delivery <no-reply@escrow.example>';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The compiled API as a child process; counts exits it did not ask for. */
async function startApi(env) {
  // FAULTS_CPU_PROF=dir: the API's processes write V8 CPU profiles there when they stop.
  const nodeFlags = process.env.FAULTS_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.FAULTS_CPU_PROF] : [];
  // FAULTS_OUTBOX_LOG=file keeps the API's log lines (the dispatcher logs what it sent every 5 s).
  const keep = process.env.FAULTS_OUTBOX_LOG ? createWriteStream(process.env.FAULTS_OUTBOX_LOG, { flags: 'a' }) : null;
  const api = await launchApi(env, { nodeFlags, output: keep ? (chunk) => keep.write(chunk) : true, healthTimeoutMs: 60_000 });
  let stopping = false;
  let unexpectedExits = 0;
  void api.exited.then(() => {
    if (!stopping) unexpectedExits += 1;
  });
  return {
    base: api.base,
    output: api.output,
    unexpectedExits: () => unexpectedExits,
    async stop() {
      stopping = true;
      await api.stop({ killAfterMs: 20_000 });
      keep?.end();
    },
  };
}

export async function campaign({ database, log = (line) => process.stderr.write(`[outbox-soak] ${line}\n`) }) {
  const sink = await startSmtpSink();
  const db = await apiDatabase(database, { prefix: 'faults_outbox', extraEnv: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, SMTP_FROM: FROM, ...(database === 'postgres' ? { API_WORKERS: '2' } : {}) } });
  const { env } = db;
  const counts = { requests: 0, failed: 0, hung: 0, resets: 0, emails: 0, orders: 0, signUps: 0, slowestMs: 0 };
  let api;
  try {
    api = await startApi(env);
    log(`${database}: API up${env.API_WORKERS ? ` (API_WORKERS=${env.API_WORKERS})` : ''}; SMTP server on port ${sink.port}; ${MINUTES} min at ${ORDERS_PER_SECOND} orders/s (created and paid: 2 emails each) plus ${SIGN_UPS_PER_MINUTE} sign-ups/min`);
    const agent = keepAliveAgent(WORKERS + 4);
    const origin = { origin: api.base };

    /** One request, counted; a timeout counts as hung, a dropped connection as a reset. */
    const call = async (options) => {
      counts.requests += 1;
      const sentAt = Date.now();
      const reply = await request(agent, api.base, { ...options, timeoutMs: REQUEST_TIMEOUT_MS }).catch((error) => ({ status: 0, body: '', error }));
      counts.slowestMs = Math.max(counts.slowestMs, Date.now() - sentAt);
      if (reply.error?.code === 'ETIMEDOUT') counts.hung += 1;
      else if (reply.status === 0) counts.resets += 1;
      return reply;
    };

    const signUp = async () => {
      const email = `soak-${randomUUID().slice(0, 12)}@example.com`;
      const reply = await call({ method: 'POST', path: '/api/auth/sign-up', headers: origin, json: { email, password: 'Soak#2026pass' } });
      if (reply.status !== 201) {
        counts.failed += 1;
        return null;
      }
      counts.signUps += 1;
      counts.emails += 1; // the welcome email
      const cookie = /session=([^;]+)/.exec([].concat(reply.headers['set-cookie'] ?? []).join('\n'))?.[1];
      const headers = { ...origin, cookie: `session=${cookie}` };
      const profile = await call({ method: 'POST', path: '/api/seller/profile', headers, json: { businessName: 'Soak Electronics', location: 'Westlands, Nairobi', phone: '0712 345 678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true } });
      if (profile.status !== 201) {
        counts.failed += 1;
        return null;
      }
      return headers;
    };

    const sellers = [];
    for (let i = 0; i < 4; i += 1) {
      const seller = await signUp();
      if (!seller) throw new Error(`could not sign up a seller:\n${api.output()}`);
      sellers.push(seller);
    }

    const started = Date.now();
    const deadline = started + MINUTES * 60_000;
    let nextOrder = 0;
    let maxBacklog = 0;
    let nextReport = started + 30_000;
    const sampler = setInterval(() => {
      maxBacklog = Math.max(maxBacklog, counts.emails - sink.unique);
      if (Date.now() < nextReport) return;
      nextReport += 30_000;
      log(`${database}: ${Math.round((Date.now() - started) / 1000)} s: ${counts.orders} orders, ${counts.emails} emails written, ${sink.unique} received, backlog ~${counts.emails - sink.unique}`);
    }, 1_000);
    const orderWorker = async () => {
      while (Date.now() < deadline) {
        // Open loop: order k starts at started + k / rate, whatever the answers take.
        const k = nextOrder;
        nextOrder += 1;
        const due = started + (k * 1000) / ORDERS_PER_SECOND;
        if (due > deadline) return;
        if (due > Date.now()) await sleep(due - Date.now());
        const seller = sellers[k % sellers.length];
        const created = await call({
          method: 'POST',
          path: '/api/seller/orders',
          headers: seller,
          json: { itemName: `Soak item ${k}`, price: `${1000 + (k % 500)}.50`, buyerName: 'Soak Buyer', buyerPhone: '0722 111 222', buyerAddress: 'Lavington, Nairobi', deliveryCost: '250', estate: 'Lavington' },
        });
        if (created.status !== 201) {
          counts.failed += 1;
          continue;
        }
        counts.orders += 1;
        counts.emails += 1;
        const order = parse(created).data.order;
        // Paid as M-Pesa pays (decision 0042): its C2B confirmation pays the order (the seller's
        // "Payment confirmed" email); then the buyer types its receipt, which answers paid.
        const payment = c2bConfirmation(order);
        const confirmed = await call({ method: 'POST', path: c2bConfirmationPath(), json: payment });
        if (!isC2bAck(confirmed)) {
          counts.failed += 1;
          continue;
        }
        counts.emails += 1;
        const paid = await call({ method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: { 'x-delivery-code': viewKeyOf(order) }, json: { termsAccepted: true, mpesaReceipt: payment.TransID } });
        if (paid.status !== 200 || parse(paid).data?.order?.paymentConfirmed !== true) counts.failed += 1;
      }
    };
    const signUpWorker = async () => {
      for (let k = 1; ; k += 1) {
        const due = started + (k * 60_000) / SIGN_UPS_PER_MINUTE;
        if (due > deadline) return;
        await sleep(Math.max(0, due - Date.now()));
        const seller = await signUp();
        if (seller) sellers.push(seller);
      }
    };
    await Promise.all([...Array.from({ length: WORKERS }, orderWorker), signUpWorker()]);
    clearInterval(sampler);
    agent.destroy();

    // The backlog when the load stops: every message not yet sent or given up (the CLI reads the outbox).
    const status = async () => JSON.parse((await adminCli(env, 'outbox', 'status', '--json')).stdout || '{}');
    const atEnd = await status();
    const backlogAtEnd = (atEnd.due ?? NaN) + (atEnd.waiting ?? NaN);
    const loadSeconds = (Date.now() - started) / 1000;
    log(`${database}: load done after ${loadSeconds.toFixed(0)} s: ${counts.emails} emails written, backlog ${backlogAtEnd}; waiting for the rest to go out`);
    const drainStarted = Date.now();
    let after = atEnd;
    while ((after.due ?? 1) + (after.waiting ?? 1) > 0 && Date.now() - drainStarted < 120_000) {
      await sleep(1_000);
      after = await status();
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    await sleep(500);
    const ledger = await ledgerCheck(env);
    const verdict = backlogAtEnd < BACKLOG_LIMIT && sink.duplicates === 0 ? 'ok' : 'FAIL';
    const notes = [
      `${verdict}: backlog at the end ${backlogAtEnd} (limit ${BACKLOG_LIMIT}), at most ~${maxBacklog} during the soak`,
      `${sink.unique} emails sent (${counts.emails} written by ${counts.orders} orders and ${counts.signUps} sign-ups over ${loadSeconds.toFixed(0)} s), ${sink.duplicates} duplicates by Message-ID`,
      `outbox after ${drainSeconds.toFixed(0)} s: ${after.delivered} delivered, ${after.due + after.waiting} waiting, ${after.givenUp} given up`,
      `${counts.failed} requests answered other than expected, the slowest answer took ${(counts.slowestMs / 1000).toFixed(1)} s (a long one means the whole API stalled, its dispatcher with it)`,
    ].join('; ');
    return [
      {
        campaign: 'outbox-soak',
        database,
        rounds: MINUTES,
        requests: counts.requests,
        duplicates: sink.duplicates,
        changedAnswers: 0,
        processExits: api.unexpectedExits(),
        hung: counts.hung,
        resets: counts.resets,
        ledger: ledger.result,
        notes,
        sent: sink.unique,
        backlogAtEnd,
      },
    ];
  } finally {
    await api?.stop();
    await sink.close();
    await db.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const databases = process.argv[2] ? [process.argv[2]] : ['sqlite', 'postgres'];
  const rows = [];
  for (const database of databases) rows.push(...(await campaign({ database })));
  console.log(JSON.stringify(rows, null, 2));
}
