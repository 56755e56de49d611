#!/usr/bin/env node
// Fault campaign (issue 17): kill -9 of the API between sending a B2C payout request to Daraja
// and receiving its Result, again and again; then every payout must be paid exactly once.
//
// The Daraja simulator runs as its own process (as `npm start` runs it); the API as a real
// process with MPESA_PAYOUTS=automatic talks to it over HTTP and gets its Results on a port kept
// across restarts. Orders are made as users make them, over the API: created by the seller, paid
// as M-Pesa pays them (the C2B confirmation of a Paybill payment, then the buyer's receipt),
// given to a rider, picked up. Each round: launch the API, the rider completes one order (two
// every fourth round), which queues the seller's payout; the worker sends it; as soon as the
// simulator has the B2C request, the API is killed with SIGKILL: at once (`request`), just after
// the API stored Daraja's acceptance (`accepted`), a random few hundred milliseconds later
// (`random`), or, in a round of two, as soon as the second payout is claimed (`claimed`: its
// request has mostly not left), before the Result, which the simulator holds back (`resultDelayMs`: mostly shorter
// than a restart, so the Result is lost to the dead process; sometimes longer, so it reaches the
// next one). After the last kill, one more process finishes every payout and is stopped with
// SIGTERM. Checked:
//   every payout `succeeded`, every order `settlement_completed`
//   the simulator completed each payout exactly once (paidOnce / paidTwice / neverPaid), and paid
//   each order exactly its seller payout in whole shillings, with the receipt the API stored
//   the simulator's float went down by exactly what was paid
//   the admin CLI's `ledger check` passes
// Recovery is not waited out in real minutes: the API is given short payout timings by env
// (MPESA_PAYOUT_SENDING_LEASE_SECONDS, MPESA_PAYOUT_RESULT_WAIT_SECONDS,
// MPESA_PAYOUT_STATUS_CHECK_SECONDS), so the same code paths run in seconds.
// Usage: node scripts/faults/payout-kills.mjs [sqlite|postgres] [--kills N] [--source]
// (N default: FAULTS_PAYOUT_KILLS, else 100; --source runs the TypeScript through tsx, as the tests do).
// Prints one JSON row per database; exits 1 when a check fails.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addRiders, apiDatabase, expectStatus, freePort, launchApi, ledgerCheck, payByPaybill, root, signUpSeller } from '../../bench/api-process.mjs';
import { keepAliveAgent, photoUpload, request } from '../../bench/http-client.mjs';
import { darajaSimulatorEnv } from '../daraja-sim-env.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seller's payout phone as M-Pesa writes it (the profile signUpSeller makes: 0712 345 678). */
const SELLER_MSISDN = '254712345678';
/** Shillings in the simulator's B2C account at the start. */
const FLOAT_SHILLINGS = 50_000_000;
/** How long one round may wait for the new payout to reach the simulator. */
const REQUEST_WAIT_MS = 20_000;
/** How long the last process may take to finish every payout. */
const FINISH_WAIT_MS = 180_000;

/** The simulator as a process (compiled, or its TypeScript through tsx), on a free port; resolves { url, stop(), kill(), output() }. */
async function launchSim({ source }) {
  const entry = source ? ['--import', 'tsx', join(root, 'apps/daraja-sim/src/main.ts')] : [join(root, 'apps/daraja-sim/dist/main.js')];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { PATH: process.env.PATH, DARAJA_SIM_PORT: '0', DARAJA_SIM_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (match) {
      return {
        url: match[1],
        pid: child.pid,
        output: () => output,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
        kill: () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'),
      };
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the Daraja simulator did not start:\n${output}`);
    }
    await sleep(50);
  }
}

/** JSON from the simulator's controls. */
async function simJson(sim, path, body) {
  const reply = await fetch(`${sim.url}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!reply.ok) throw new Error(`simulator ${path}: ${reply.status} ${await reply.text()}`);
  return reply.status === 204 ? null : reply.json();
}

/** Reads the API's database from this process: SQLite read-only, PostgreSQL on a connection of its own. */
async function databaseReader(database, db) {
  if (database === 'sqlite') {
    const Database = createRequire(join(root, 'adapters/db-kysely/package.json'))('better-sqlite3');
    const sqlite = new Database(join(db.dataDir, 'escrow.sqlite'), { readonly: true, fileMustExist: true });
    return { query: async (sql, params = []) => sqlite.prepare(sql).all(...params), close: async () => sqlite.close() };
  }
  const pg = createRequire(join(root, 'apps/api/package.json'))('pg');
  const client = new pg.Client({ connectionString: db.schema.url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  // $1, $2 ... for PostgreSQL; the SQLite queries use ?.
  const numbered = (sql) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${(n += 1)}`);
  };
  return { query: async (sql, params = []) => (await client.query(numbered(sql), params)).rows, close: () => client.end() };
}

const tally = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

/** What a campaign still runs (its API and simulator processes, and an API being launched): killed if this script is interrupted. */
const running = new Set();
const launching = new Set();
/** Its databases (a temp directory, a PostgreSQL schema): removed if this script is interrupted. */
const databases = new Set();

export async function campaign({ database, log = () => {}, kills = 100, source = false }) {
  const started = Date.now();
  const sim = await launchSim({ source });
  running.add(sim);
  let db = null;
  let api = null;
  let reader = null;
  let killing = false;
  let stopping = false;
  const stats = { processExits: 0, stalls: 0, failures: [], moments: new Map(), statesAtKill: new Map(), resultDelays: [] };
  const agent = keepAliveAgent(8);
  try {
    db = await apiDatabase(database, {
      prefix: 'payoutkills',
      extraEnv: {
        // Daraja: the simulator, with an initiator (B2C and Transaction Status), as `npm start` sets it.
        ...darajaSimulatorEnv(sim.url),
        MPESA_REGISTER_C2B_URLS: 'off',
        MPESA_TIMEOUT_MS: '2000',
        MPESA_PAYOUTS: 'automatic',
        MPESA_PAYOUT_INTERVAL_SECONDS: '1',
        // Recovery in seconds rather than minutes: the same paths, shorter waits; still longer than
        // a restart, so that a Result held back past the restart finds its payout open there.
        MPESA_PAYOUT_SENDING_LEASE_SECONDS: '15',
        MPESA_PAYOUT_RESULT_WAIT_SECONDS: '15',
        MPESA_PAYOUT_STATUS_CHECK_SECONDS: '1',
      },
    });
    databases.add(db);
    // One port across restarts: the simulator's Results go to the callback URL the API gave it.
    db.env.PORT = String(await freePort());
    db.env.MPESA_CALLBACK_BASE_URL = `http://127.0.0.1:${db.env.PORT}`;
    await simJson(sim, '/sim/payouts/float', { shillings: FLOAT_SHILLINGS });

    const launch = async () => {
      const starting = launchApi(db.env, { source });
      launching.add(starting);
      api = await starting.finally(() => launching.delete(starting));
      const mine = api;
      running.add(mine);
      void mine.exited.then(() => running.delete(mine));
      void mine.exited.then(({ code, signal }) => {
        if (killing || stopping || api !== mine) return;
        stats.processExits += 1;
        log(`the API exited by itself (code ${code}, signal ${signal}):\n${mine.output().slice(-2000)}`);
      });
      return mine;
    };
    const send = (options) => request(agent, api.base, { ...options, timeoutMs: 30_000 });

    // Set-up, no faults: a seller with riders; orders paid by M-Pesa, with a rider, picked up.
    await launch();
    reader = await databaseReader(database, db);
    const seller = await signUpSeller(agent, api.base, { businessName: 'Payout Kills Phones' });
    const riderIds = await addRiders(agent, api.base, seller.headers);
    const needed = kills + Math.ceil(kills / 4);
    const ready = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < needed) {
          const i = next;
          next += 1;
          const made = await expectStatus(
            await send({ method: 'POST', path: '/api/seller/orders', headers: seller.headers, json: { itemName: `Payout kill ${i}`, price: `${3000 + i * 7}.00`, buyerName: 'Kill Buyer', buyerPhone: '0722 000 111', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' } }),
            201,
            'create order',
          );
          const order = made.data.order;
          const { code: deliveryCode } = await payByPaybill(send, order);
          const assigned = await expectStatus(await send({ method: 'POST', path: `/api/seller/orders/${order.id}/rider`, headers: seller.headers, json: { riderId: riderIds[i % riderIds.length] } }), 200, 'assign rider');
          const link = new URL(assigned.data.links.rider);
          const rider = { 'x-rider-phone': link.searchParams.get('phone'), 'x-rider-key': link.searchParams.get('key') };
          await expectStatus(await send({ method: 'POST', path: `/api/rider/orders/${order.id}/accept`, headers: rider }), 200, 'accept');
          await expectStatus(await send({ method: 'POST', path: `/api/rider/orders/${order.id}/pickup`, headers: rider, raw: photoUpload() }), 200, 'pickup');
          ready.push({ id: order.id, trackingNumber: order.trackingNumber, rider, deliveryCode });
        }
      }),
    );
    log(`${database}: ${ready.length} orders paid and picked up in ${((Date.now() - started) / 1000).toFixed(0)} s; ${kills} kill -9s between a B2C request and its Result`);

    const delivered = [];
    const deliver = async (order) => {
      await expectStatus(await send({ method: 'POST', path: `/api/rider/orders/${order.id}/complete`, headers: order.rider, json: { deliveryCode: order.deliveryCode } }), 200, 'complete');
      delivered.push(order);
    };
    const payoutStates = async (orderIds) => {
      const marks = orderIds.map(() => '?').join(', ');
      return reader.query(`select order_id, state from payouts where order_id in (${marks})`, orderIds);
    };

    const phases = { launch: 0, held: 0, deliver: 0, request: 0, kill: 0 };
    let mark = Date.now();
    const lap = (phase) => {
      const now = Date.now();
      phases[phase] += now - mark;
      mark = now;
    };
    let lastLaunchMs = 3_000;
    /** The orders of the last round whose Result the simulator holds back past the restart. */
    let heldBack = new Set();
    for (let k = 1; k <= kills; k += 1) {
      mark = Date.now();
      if (k > 1) {
        await launch();
        lastLaunchMs = Date.now() - mark;
      }
      lap('launch');
      // A Result held back past the restart: this process takes it (the payout still `sending` or
      // `sent` here) before it is killed in turn.
      const heldUntil = Date.now() + 20_000;
      while (heldBack.size > 0 && Date.now() < heldUntil) {
        const pending = (await simJson(sim, '/sim/payouts')).filter((p) => heldBack.has(p.occasion) && p.resultDelivery === 'scheduled');
        if (pending.length === 0) break;
        await sleep(20);
      }
      lap('held');
      // Mostly a Result due before the next process listens (lost with the killed one, found by a
      // status query); every fifth one due after the next process is up (as long as the last restart
      // took, and 1 to 3.5 s more), which waits for it: it reaches the payout still `sending` or `sent` there.
      const resultDelayMs = k % 5 === 0 ? Math.min(lastLaunchMs + 1_000 + Math.floor(Math.random() * 2_500), 60_000) : 300 + Math.floor(Math.random() * 500);
      stats.resultDelays.push(resultDelayMs);
      await simJson(sim, '/sim/payouts/behaviours', { receiver: SELLER_MSISDN, outcome: 'success', resultDelayMs });
      const batch = ready.splice(0, k % 4 === 0 ? 2 : 1);
      if (batch.length === 0) throw new Error('no order left to deliver');
      heldBack = new Set(k % 5 === 0 ? batch.map((o) => o.trackingNumber) : []);
      for (const order of batch) await deliver(order);
      lap('deliver');
      const wanted = new Set(batch.map((o) => o.trackingNumber));
      // Wait for the new B2C request at the simulator.
      const waitUntil = Date.now() + REQUEST_WAIT_MS;
      let reached = null;
      while (!reached && Date.now() < waitUntil) {
        reached = (await simJson(sim, '/sim/payouts')).find((p) => wanted.has(p.occasion)) ?? null;
        if (!reached) await sleep(3);
      }
      if (!reached) {
        stats.stalls += 1;
        stats.failures.push(`round ${k}: no B2C request for ${[...wanted].join(', ')} reached the simulator in ${REQUEST_WAIT_MS} ms`);
      }
      lap('request');
      // Two orders this round: the worker sends their payouts one after the other; killed as soon
      // as the second is claimed, its request has mostly not left (M-Pesa has no record of it).
      const moment = batch.length === 2 ? 'claimed' : ['request', 'accepted', 'random'][k % 3];
      tally(stats.moments, moment);
      if (reached && moment === 'claimed') {
        const second = batch.find((o) => o.trackingNumber !== reached.occasion);
        const until = Date.now() + 5_000;
        while (Date.now() < until) {
          const [row] = await payoutStates([second.id]);
          if (row && row.state !== 'queued') break;
          await sleep(1);
        }
      } else if (reached && moment === 'accepted') {
        const order = batch.find((o) => o.trackingNumber === reached.occasion);
        const until = Date.now() + 3_000;
        while (Date.now() < until) {
          const [row] = await payoutStates([order.id]);
          if (row && row.state !== 'queued' && row.state !== 'sending') break;
          await sleep(2);
        }
      } else if (reached && moment === 'random') {
        await sleep(Math.random() * Math.max(0, resultDelayMs - 100));
      }
      killing = true;
      await api.kill();
      killing = false;
      lap('kill');
      for (const row of await payoutStates(batch.map((o) => o.id))) tally(stats.statesAtKill, row.state);
      if (k % 10 === 0) log(`${database}: ${k} kills, ${delivered.length} orders delivered; mean ms per round ${JSON.stringify(Object.fromEntries(Object.entries(phases).map(([name, ms]) => [name, Math.round(ms / k)])))}`);
    }

    // The last process finishes every payout; then a clean stop.
    const killsSeconds = (Date.now() - started) / 1000;
    const finishing = Date.now();
    await launch();
    const deliveredIds = delivered.map((o) => o.id);
    const finishBy = Date.now() + FINISH_WAIT_MS;
    let open = null;
    for (;;) {
      const payouts = await reader.query(`select state from payouts`);
      const orders = await reader.query(`select status from orders where status <> 'settlement_completed' and id in (${deliveredIds.map(() => '?').join(', ')})`, deliveredIds);
      open = { payouts: payouts.filter((p) => p.state !== 'succeeded').length, orders: orders.length, total: payouts.length };
      if (open.total === delivered.length && open.payouts === 0 && open.orders === 0) break;
      if (Date.now() > finishBy) break;
      await sleep(250);
    }
    const finishSeconds = (Date.now() - finishing) / 1000;
    stopping = true;
    const stopped = await api.stop({ killAfterMs: 15_000 });
    if (stopped.code !== 0) stats.failures.push(`the last API process's SIGTERM exited with ${stopped.code ?? stopped.signal}`);
    // Results still held back by the simulator for payouts already settled change nothing; let them land on a closed port.
    await sleep(100);

    const checked = await check({ reader, sim, delivered, stats });
    const ledger = await ledgerCheck(db.env, { source });
    if (ledger.result !== 'pass') stats.failures.push(`ledger check: ${ledger.result}`);
    if (stats.processExits > 0) stats.failures.push(`${stats.processExits} API exit(s) that were not our kill -9`);
    const moments = Object.fromEntries(stats.moments);
    const held = stats.resultDelays.filter((_, i) => (i + 1) % 5 === 0).sort((a, b) => a - b);
    const longDelays = held.length ? [held[0], held[held.length - 1]] : [];
    const statesAtKill = Object.fromEntries(stats.statesAtKill);
    const problems = stats.failures.length;
    if (problems > 0) log(`${database}: FAILED:\n  ${stats.failures.slice(0, 20).join('\n  ')}`);
    return [
      {
        campaign: 'kill -9 between a B2C request and its Result',
        database,
        rounds: kills,
        kills,
        payouts: checked.payouts,
        paidOnce: checked.paidOnce,
        paidTwice: checked.paidTwice,
        neverPaid: checked.neverPaid,
        notSucceeded: checked.notSucceeded,
        unsettled: checked.unsettled,
        wrongAmounts: checked.wrongAmounts,
        b2cRequests: checked.b2cRequests,
        duplicateRequestsRefused: checked.duplicateRequestsRefused,
        resentAfterNoRecord: checked.resentAfterNoRecord,
        statusQueries: checked.statusQueries,
        statusResultsLost: checked.statusResultsLost,
        resultsDelivered: checked.resultsDelivered,
        resultsLost: checked.resultsLost,
        settledBy: checked.settledBy,
        stalls: stats.stalls,
        processExits: stats.processExits,
        ledger: ledger.result,
        // The columns `npm run faults` prints for every campaign.
        requests: checked.b2cRequests,
        duplicates: checked.paidTwice,
        lost: checked.neverPaid,
        problems,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        notes:
          `${checked.payouts} payouts of ${delivered.length} delivered orders; kills ${JSON.stringify(moments)}, payout state at the kill ${JSON.stringify(statesAtKill)}; ` +
          `${checked.b2cRequests} B2C requests (${checked.duplicateRequestsRefused} refused as repeats), ${checked.resentAfterNoRecord} sent again after "no record", ${checked.statusQueries} status queries (${checked.statusResultsLost} Results lost to a kill); ` +
          `Results: ${checked.resultsDelivered} taken by a live API, ${checked.resultsLost} lost to a dead one ${JSON.stringify(checked.resultAnswers)}, every fifth held back ${JSON.stringify(longDelays)} ms; payouts settled by ${JSON.stringify(checked.settledBy)}; kills done ${killsSeconds.toFixed(0)} s after the start, every payout paid and order settled ${finishSeconds.toFixed(1)} s after the last launch` +
          (problems ? `; PROBLEMS: ${stats.failures.slice(0, 3).join('; ')}` : ''),
      },
    ];
  } finally {
    stopping = true;
    agent.destroy();
    if (api) await api.kill();
    if (reader) await reader.close().catch(() => {});
    await sim.stop();
    running.delete(sim);
    if (db) await db.dispose();
    databases.delete(db);
  }
}

/** What the database and the simulator say after the campaign; each discrepancy is pushed onto stats.failures. */
async function check({ reader, sim, delivered, stats }) {
  const fail = (what) => stats.failures.push(what);
  const payouts = await reader.query(`select id, order_id, purpose, state, amount, receipt, problem, originator_conversation_id from payouts`);
  const orders = await reader.query(`select id, tracking_number, status, seller_payout from orders`);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const simPayouts = await simJson(sim, '/sim/payouts');
  const callbacks = await simJson(sim, '/sim/callbacks');
  const float = (await simJson(sim, '/sim/payouts/float')).shillings;

  // The simulator's payouts by our payout id (the OriginatorConversationID is `<payoutId>.<attempt>`).
  const simByPayout = new Map();
  for (const p of simPayouts) {
    const payoutId = p.originatorConversationId.replace(/\.\d+$/, '');
    simByPayout.set(payoutId, [...(simByPayout.get(payoutId) ?? []), p]);
  }
  const ours = new Set(payouts.map((p) => p.id));
  for (const [payoutId, list] of simByPayout) if (!ours.has(payoutId)) fail(`the simulator holds ${list.length} payout(s) for ${payoutId}, which is no payout of ours`);

  let paidOnce = 0;
  let paidTwice = 0;
  let neverPaid = 0;
  let notSucceeded = 0;
  let wrongAmounts = 0;
  for (const payout of payouts) {
    const completed = (simByPayout.get(payout.id) ?? []).filter((p) => p.status === 'completed');
    if (completed.length === 1) paidOnce += 1;
    else if (completed.length === 0) neverPaid += 1;
    else paidTwice += 1;
    if (completed.length !== 1) fail(`payout ${payout.id} (${payout.state}) was completed ${completed.length} times by M-Pesa`);
    if (payout.state !== 'succeeded') {
      notSucceeded += 1;
      fail(`payout ${payout.id} ended ${payout.state}`);
    }
    // A paid payout keeps a problem only for reconciliation (a receipt recorded twice, an amount other than asked).
    if (payout.problem !== null) fail(`payout ${payout.id} (${payout.state}) has a problem: ${payout.problem}`);
    if (completed.length === 1 && completed[0].receipt !== payout.receipt) fail(`payout ${payout.id}: receipt ${payout.receipt} stored, M-Pesa paid ${completed[0].receipt}`);
  }
  // Per order: exactly the seller payout, in whole shillings, once.
  const paidByOccasion = new Map();
  for (const p of simPayouts) if (p.status === 'completed') paidByOccasion.set(p.occasion, (paidByOccasion.get(p.occasion) ?? 0) + p.amount);
  let unsettled = 0;
  for (const { id } of delivered) {
    const order = orderById.get(id);
    const due = Math.floor(Number(order.seller_payout) / 100);
    const paid = paidByOccasion.get(order.tracking_number) ?? 0;
    if (paid !== due) {
      wrongAmounts += 1;
      fail(`order ${order.tracking_number}: M-Pesa paid KSh ${paid}, its seller payout is KSh ${due}`);
    }
    if (order.status !== 'settlement_completed') {
      unsettled += 1;
      fail(`order ${order.tracking_number} ended ${order.status}`);
    }
    if (!payouts.some((p) => p.order_id === id && p.purpose === 'seller')) fail(`order ${order.tracking_number} has no seller payout`);
  }
  const completedTotal = simPayouts.filter((p) => p.status === 'completed');
  if (completedTotal.length !== payouts.length) fail(`the simulator completed ${completedTotal.length} B2C payouts for ${payouts.length} payouts`);
  if (payouts.length !== delivered.length) fail(`${payouts.length} payouts for ${delivered.length} delivered orders`);
  const spent = completedTotal.reduce((sum, p) => sum + p.amount, 0);
  if (FLOAT_SHILLINGS - float !== spent) fail(`the simulator's float went down by KSh ${FLOAT_SHILLINGS - float}, its completed payouts add up to KSh ${spent}`);

  // Never twice on our side either: one settlement (with its "Payout sent" message to the seller) per order, one payout_paid posting per payout.
  const settlements = await reader.query(`select order_id, count(*) as n from order_events where action = 'confirm_settlement' group by order_id`);
  const settledTwice = settlements.filter((r) => Number(r.n) > 1).length;
  if (settledTwice > 0) fail(`${settledTwice} orders settled more than once`);
  if (settlements.length !== delivered.length) fail(`${settlements.length} orders settled, ${delivered.length} delivered`);
  const paidPostings = await reader.query(`select order_id, count(*) as n from ledger_postings where kind = 'payout_paid' group by order_id`);
  const postedTwice = paidPostings.filter((r) => Number(r.n) > 1).length;
  if (postedTwice > 0) fail(`${postedTwice} orders with more than one payout_paid posting`);
  if (paidPostings.length !== payouts.length) fail(`${paidPostings.length} orders with a payout_paid posting, ${payouts.length} payouts`);
  // Sent again with the same id after M-Pesa said it had no record of it (the claimer died before the request left).
  const requeued = await reader.query(`select data from order_events where action = 'payout_queued'`);
  const resentAfterNoRecord = requeued.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data)).filter((d) => d.from === 'unknown').length;
  // What settled each payout: its own Result, or a status query's.
  const succeededEvents = await reader.query(`select data from order_events where action = 'payout_succeeded'`);
  const settledBy = Object.fromEntries([...succeededEvents.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data)).reduce((m, d) => m.set(String(d.source), (m.get(String(d.source)) ?? 0) + 1), new Map())]);
  const payoutResults = callbacks.filter((c) => /\/payouts\/result$/.test(new URL(c.url).pathname));
  const statusResults = callbacks.filter((c) => /\/payouts\/status\/result$/.test(new URL(c.url).pathname));
  return {
    payouts: payouts.length,
    paidOnce,
    paidTwice,
    neverPaid,
    notSucceeded,
    unsettled,
    wrongAmounts,
    b2cRequests: simPayouts.reduce((sum, p) => sum + p.requests, 0),
    duplicateRequestsRefused: simPayouts.reduce((sum, p) => sum + p.requests - 1, 0),
    resentAfterNoRecord,
    statusQueries: statusResults.length,
    statusResultsLost: statusResults.filter((c) => c.status !== 200).length,
    // How the simulator's POSTs of payout Results ended: 200 (a live API took it), error (refused: no process), timeout.
    resultAnswers: Object.fromEntries([...payoutResults.reduce((m, c) => m.set(String(c.status), (m.get(String(c.status)) ?? 0) + 1), new Map())]),
    resultsDelivered: payoutResults.filter((c) => c.status === 200).length,
    settledBy,
    resultsLost: payoutResults.filter((c) => c.status !== 200).length,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Interrupted: no API or simulator process is left behind.
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      interrupted = true;
      for (const child of running) void child.kill();
      // An API still starting is killed once it is up (launchApi gives its process only then).
      void Promise.allSettled([...launching].map((starting) => starting.then((api) => api.kill())))
        .then(() => Promise.allSettled([...databases].map((db) => db.dispose())))
        .then(() => process.exit(130));
    });
  }
  const args = process.argv.slice(2);
  const database = args.find((a) => a === 'sqlite' || a === 'postgres') ?? 'sqlite';
  const killsAt = args.indexOf('--kills');
  const kills = killsAt >= 0 ? Number(args[killsAt + 1]) : Number(process.env.FAULTS_PAYOUT_KILLS ?? 100);
  if (!Number.isInteger(kills) || kills < 1) throw new Error(`--kills: a whole number of kills, 1 or more (got ${args[killsAt + 1] ?? process.env.FAULTS_PAYOUT_KILLS})`);
  const rows = await campaign({ database, kills, source: args.includes('--source'), log: (line) => process.stderr.write(`[faults] ${line}\n`) }).catch((error) => {
    // Interrupted: the campaign fails as its processes go; the handler above exits once they are cleaned up.
    if (interrupted) return new Promise(() => {});
    throw error;
  });
  process.stdout.write(`${JSON.stringify(rows)}\n`);
  if (rows.some((row) => row.problems > 0)) process.exitCode = 1;
}
