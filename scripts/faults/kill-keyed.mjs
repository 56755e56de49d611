#!/usr/bin/env node
// Fault campaign: kill -9 of the API at random points under a load in which every write carries
// an Idempotency-Key and is retried, with the same key, until it gets a final answer (as the
// clients do on a flaky network). Every keyed route of an order's life is in the load: create,
// pay, assign, accept, pickup photo, complete, Mark Paid, refund request and resolution, rider
// added to the list. Orders are paid as M-Pesa pays them (decision 0042): the C2B confirmation
// of a Paybill payment, which carries no key (Safaricom sends it again until it is answered; it
// is stored once by its TransID) and is sent again the same way, then the buyer's typed receipt.
// After the kills every touched request (and a sample of the rest) is sent once more. Counted:
//   duplicates      an effect made twice (two orders from one create, an order event twice, a rider twice)
//   changedAnswers  one key answered two different final answers (a 5xx, 429 or lost race is not final)
//   processExits    API exits that were not our kill -9
//   hung            requests with no answer in 30 s
//   ledger          the admin CLI's ledger check afterwards
// Usage: node scripts/faults/kill-keyed.mjs [sqlite|postgres] [--kills N] [--source]
// (--source runs the TypeScript through tsx instead of the compiled dist/, as the tests do).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addRiders, adminCli, apiDatabase, expectStatus, freePort, launchApi, ledgerCheck, root, signUpSeller } from '../../bench/api-process.mjs';
import { c2bConfirmation, c2bConfirmationPath, isC2bAck, keepAliveAgent, mpesaReceipt, parse, photoUpload, request, viewKeyOf } from '../../bench/http-client.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const REQUEST_TIMEOUT_MS = 30_000;
/** A request that cannot get a final answer for this long (the API never came back) is given up. */
const GIVE_UP_MS = 120_000;

export async function campaign({ database, log = () => {}, kills = 100, workers = 6, source = false }) {
  const db = await apiDatabase(database, { prefix: 'faults' });
  // One port across restarts: the clients reconnect to the same address, as to a restarted service.
  db.env.PORT = String(await freePort());
  const stats = { requests: 0, answers: 0, resets: 0, refused: 0, hung: 0, changedAnswers: 0, processExits: 0, lifecycles: 0, failures: [] };
  let api = null;
  let killing = false;
  const launch = async () => {
    api = await launchApi(db.env, { source });
    const mine = api;
    void mine.exited.then(async ({ code, signal }) => {
      if (killing || stopping) return;
      stats.processExits += 1;
      log(`the API exited by itself (code ${code}, signal ${signal}):\n${mine.output().slice(-2000)}`);
      if (api === mine) await launch().catch((error) => log(`restart failed: ${error.message}`));
    });
  };
  let stopping = false;
  await launch();
  const base = api.base;
  const agent = keepAliveAgent(workers * 2);

  try {
    // Set-up without faults: a seller with three riders, an admin.
    const seller = await signUpSeller(agent, base, { businessName: 'Fault Campaign Phones' });
    const riderIds = await addRiders(agent, base, seller.headers);
    const adminAccount = await signUpSeller(agent, base, { businessName: 'Fault Campaign Admin' });
    const granted = await adminCli(db.env, { source }, 'grant-admin', adminAccount.email);
    if (granted.status !== 0) throw new Error(`grant-admin failed: ${granted.stderr}`);
    const signIn = await request(agent, base, { method: 'POST', path: '/api/auth/sign-in', headers: { origin: base }, json: { email: adminAccount.email, password: 'Bench#2026pass' } });
    await expectStatus(signIn, 200, 'admin sign-in');
    const adminCookie = /session=([^;]+)/.exec([].concat(signIn.headers['set-cookie'] ?? []).join('\n'))?.[1];
    const admin = { origin: base, cookie: `session=${adminCookie}` };

    /** Every keyed request sent: its options and the first final answer it got. */
    const sent = [];
    // Answers that ask for a retry: a server fault, a rate limit, a lost race, and (the claim-first
    // scheme before decision 0035) a key whose first request is "still running".
    const isTransient = (reply) => reply.status >= 500 || reply.status === 429 || (reply.status === 409 && ['CONCURRENT_UPDATE', 'IDEMPOTENCY_REQUEST_IN_PROGRESS'].includes(parse(reply).error?.code));
    const record = (entry, reply) => {
      const answer = `${reply.status} ${reply.body}`;
      if (entry.final === null) entry.final = answer;
      else if (entry.final !== answer) {
        stats.changedAnswers += 1;
        log(`CHANGED ANSWER for ${entry.options.method} ${entry.options.path}:\n  first: ${entry.final.slice(0, 300)}\n  later: ${answer.slice(0, 300)}`);
      }
    };
    /** Sends until a final answer, with the same key, as a client on a flaky network does. */
    const send = async (entry) => {
      const started = Date.now();
      for (;;) {
        stats.requests += 1;
        let reply;
        try {
          reply = await request(agent, base, { ...entry.options, timeoutMs: REQUEST_TIMEOUT_MS });
        } catch (error) {
          if (error.code === 'ETIMEDOUT') stats.hung += 1;
          // Refused: the API was down (restarting); anything else: the request was cut in flight.
          if (error.code === 'ECONNREFUSED') stats.refused += 1;
          else stats.resets += 1;
          entry.touched = true;
          if (Date.now() - started > GIVE_UP_MS) throw new Error(`no final answer for ${entry.options.path} in ${GIVE_UP_MS} ms`);
          await sleep(25 + Math.random() * 50);
          continue;
        }
        if (isTransient(reply)) {
          entry.touched = true;
          await sleep(25 + Math.random() * 50);
          continue;
        }
        stats.answers += 1;
        record(entry, reply);
        return reply;
      }
    };
    const keyed = async (options) => {
      const entry = { options: { ...options, headers: { ...options.headers, 'idempotency-key': randomUUID() } }, final: null, touched: false };
      sent.push(entry);
      const reply = await send(entry);
      return { ...reply, touched: entry.touched };
    };
    /** M-Pesa's callbacks carry no key: the same body is sent until answered, and again after the kills; its answer must not change either. */
    const unkeyed = async (options) => {
      const entry = { options, final: null, touched: false };
      sent.push(entry);
      const reply = await send(entry);
      return { ...reply, touched: entry.touched };
    };
    /**
     * Every step of these lifecycles is valid when it is made: a refusal after a fault touched
     * the request is a changed answer (its first run committed, and the retry was told
     * otherwise); without a fault it is a failure of the campaign itself.
     */
    const expect = (reply, status, step) => {
      if (reply.status === status) return parse(reply);
      const what = `${step}: ${reply.status} ${reply.body.slice(0, 200)}`;
      if (reply.touched) {
        stats.changedAnswers += 1;
        log(`CHANGED ANSWER after a fault, ${what}`);
      } else stats.failures.push(what);
      return null;
    };

    const created = new Set();
    const lifecycle = async (worker, i) => {
      const itemName = `Fault ${worker}-${i}-${randomUUID().slice(0, 8)}`;
      const made = expect(await keyed({ method: 'POST', path: '/api/seller/orders', headers: seller.headers, json: { itemName, price: '3500.00', buyerName: 'Fault Buyer', buyerPhone: '0722 000 111', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' } }), 201, 'create');
      if (!made) return;
      created.add(itemName);
      const order = made.data.order;
      const buyer = { 'x-delivery-code': viewKeyOf(order) };
      const payment = c2bConfirmation(order);
      const confirmed = await unkeyed({ method: 'POST', path: c2bConfirmationPath(), json: payment });
      if (!expect(confirmed, 200, 'c2b confirmation')) return;
      if (!isC2bAck(confirmed)) {
        stats.failures.push(`c2b confirmation: ${confirmed.status} ${confirmed.body.slice(0, 200)}`);
        return;
      }
      const paid = expect(await keyed({ method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: buyer, json: { termsAccepted: true, mpesaReceipt: payment.TransID } }), 200, 'pay');
      if (!paid) return;
      if (paid.data?.order?.paymentConfirmed !== true) {
        stats.failures.push(`pay with the confirmed receipt ${payment.TransID}: not paid: ${JSON.stringify(paid).slice(0, 200)}`);
        return;
      }
      // The receipt proves the payer: the answer carries the code, which refunds and the rider need.
      const deliveryCode = paid.data.deliveryCode;
      if (i % 5 === 4) {
        const asked = expect(await keyed({ method: 'POST', path: `/api/buyer/orders/${order.id}/refund-request`, headers: { 'x-delivery-code': deliveryCode }, json: { reason: 'The seller cannot deliver this week' } }), 201, 'refund request');
        if (!asked) return;
        expect(await keyed({ method: 'POST', path: `/api/admin/refund-requests/${asked.data.refundRequest.id}/resolve`, headers: admin, json: { decision: 'refund', mpesaReference: mpesaReceipt() } }), 200, 'refund resolve');
        stats.lifecycles += 1;
        return;
      }
      if (i % 10 === 0) {
        const phone = `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
        expect(await keyed({ method: 'POST', path: '/api/seller/riders', headers: seller.headers, json: { name: `Fault Extra ${worker}-${i}`, phone, motorbikePlate: 'KMD 200X' } }), 201, 'add rider');
      }
      const assigned = expect(await keyed({ method: 'POST', path: `/api/seller/orders/${order.id}/rider`, headers: seller.headers, json: { riderId: riderIds[(worker + i) % riderIds.length] } }), 200, 'assign');
      if (!assigned) return;
      const link = new URL(assigned.data.links.rider);
      const rider = { 'x-rider-phone': link.searchParams.get('phone'), 'x-rider-key': link.searchParams.get('key') };
      if (!expect(await keyed({ method: 'POST', path: `/api/rider/orders/${order.id}/accept`, headers: rider }), 200, 'accept')) return;
      if (!expect(await keyed({ method: 'POST', path: `/api/rider/orders/${order.id}/pickup`, headers: rider, raw: photoUpload() }), 200, 'pickup')) return;
      if (!expect(await keyed({ method: 'POST', path: `/api/rider/orders/${order.id}/complete`, headers: rider, json: { deliveryCode } }), 200, 'complete')) return;
      if (!expect(await keyed({ method: 'POST', path: `/api/admin/orders/${order.id}/settlement`, headers: admin, json: { reference: mpesaReceipt() } }), 200, 'settle')) return;
      stats.lifecycles += 1;
    };

    let loading = true;
    const load = Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; loading; i += 1) await lifecycle(worker, i);
    });
    const loadFailed = Promise.allSettled(load).then((results) => results.find((r) => r.status === 'rejected'));

    log(`${database}: ${kills} kill -9s under keyed load (${workers} clients)`);
    for (let k = 1; k <= kills; k += 1) {
      // At a random point of the load: after a random number of final answers since the restart
      // (so requests are in flight), and a random few milliseconds more.
      const target = stats.answers + 3 + Math.floor(Math.random() * 30);
      const deadline = Date.now() + 10_000;
      while (stats.answers < target && Date.now() < deadline) await sleep(2);
      await sleep(Math.random() * 15);
      killing = true;
      await api.kill();
      killing = false;
      await launch();
      if (k % 10 === 0) log(`${database}: ${k} kills, ${stats.requests} requests, ${stats.lifecycles} lifecycles`);
    }
    loading = false;
    const failed = await loadFailed;
    if (failed) throw failed.reason;

    // After the last kill: every key a fault touched, and a sample of the rest, once more.
    const again = sent.filter((entry) => entry.touched || Math.random() < 0.1);
    for (let i = 0; i < again.length; i += 8) await Promise.all(again.slice(i, i + 8).map((entry) => send(entry)));

    stopping = true;
    const stopped = await api.stop();
    if (stopped.code !== 0) stats.failures.push(`the API's last SIGTERM exited with ${stopped.code ?? stopped.signal}`);

    const { duplicates, lost } = await countDuplicates(database, db, created);
    const ledger = await ledgerCheck(db.env, { source });
    return [
      {
        campaign: 'kill -9 under keyed load',
        database,
        rounds: kills,
        requests: stats.requests,
        duplicates,
        changedAnswers: stats.changedAnswers,
        processExits: stats.processExits,
        hung: stats.hung,
        resets: stats.resets,
        ledger: ledger.result,
        lost,
        notes: `${stats.lifecycles} lifecycles, ${sent.length} requests (keyed, and C2B confirmations; ${again.length} sent again after the kills), ${stats.refused} retries while the API restarted, ${lost} effects lost${stats.failures.length ? `; unexpected answers: ${stats.failures.slice(0, 3).join('; ')}` : ''}`,
        unexpected: stats.failures.length,
      },
    ];
  } finally {
    stopping = true;
    agent.destroy();
    if (api) await api.kill();
    await db.dispose();
  }
}

/** Effects made twice, read from the database itself; and creates that answered 201 but left no order. */
async function countDuplicates(database, db, created) {
  const queries = {
    orders: `select item_name as k, count(*) as n from orders where item_name like 'Fault %' group by item_name having count(*) > 1`,
    events: `select order_id || ' ' || action as k, count(*) as n from order_events group by order_id, action having count(*) > 1`,
    riders: `select seller_id || ' ' || phone as k, count(*) as n from riders group by seller_id, phone having count(*) > 1`,
    postings: `select order_id || ' ' || kind as k, count(*) as n from ledger_postings group by order_id, kind having count(*) > 1`,
    names: `select item_name as k from orders where item_name like 'Fault %'`,
  };
  const rows = {};
  if (database === 'sqlite') {
    const Database = createRequire(join(root, 'adapters/db-kysely/package.json'))('better-sqlite3');
    const sqlite = new Database(join(db.dataDir, 'escrow.sqlite'), { readonly: true });
    try {
      for (const [name, sql] of Object.entries(queries)) rows[name] = sqlite.prepare(sql).all();
    } finally {
      sqlite.close();
    }
  } else {
    for (const [name, sql] of Object.entries(queries)) rows[name] = await db.schema.query(sql);
  }
  const extra = (list) => list.reduce((sum, row) => sum + Number(row.n) - 1, 0);
  const duplicates = extra(rows.orders) + extra(rows.events) + extra(rows.riders) + extra(rows.postings);
  const names = new Set(rows.names.map((row) => row.k));
  const lost = [...created].filter((name) => !names.has(name)).length;
  return { duplicates, lost };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const database = args.find((a) => a === 'sqlite' || a === 'postgres') ?? 'sqlite';
  const killsAt = args.indexOf('--kills');
  const rows = await campaign({ database, kills: killsAt >= 0 ? Number(args[killsAt + 1]) : 100, source: args.includes('--source'), log: (line) => process.stderr.write(`[faults] ${line}\n`) });
  process.stdout.write(`${JSON.stringify(rows)}\n`);
}
