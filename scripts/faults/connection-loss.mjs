// The connection-loss campaign (issue 14, item 1; docs/decisions/0036): a real API process (or
// API_WORKERS processes) on PostgreSQL, reached through a TCP proxy this module controls,
// under a closed-loop load of order lifecycles, buyer reads and health checks. It terminates
// the API's own backends (pg_terminate_backend, found by the proxy's client ports) N times,
// then cuts every connection and refuses new ones for 8 s (an outage), lets them through
// again, and checks: no process exited, every request was answered within a bound, nothing
// answered 500 (only 2xx, 4xx, 503 with the message and Retry-After), the API answers
// normally afterwards, no order was made twice, a replayed key gets the same answer, and the
// admin CLI's ledger check passes. The shared PostgreSQL server is never stopped.
//
// `npm run faults` imports `campaign`; `node scripts/faults/connection-loss.mjs [postgres]`
// prints the rows as JSON; the API test suite runs `runConnectionLoss` on the TypeScript
// sources (apps/api/test/connection-loss-process.test.ts). Environment:
// DATABASE_URL_BENCH or DATABASE_URL_TEST (postgres://postgres@127.0.0.1:5432/test),
// FAULTS_CONNECTION_ROUNDS (25), FAULTS_OUTAGE_SECONDS (8).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { startTcpProxy } from '@escrow/test-kit/tcp-proxy';
import { addRiders, apiDatabase, launchApi, ledgerCheck, signUpSeller } from '../../bench/api-process.mjs';
import { c2bConfirmation, c2bConfirmationPath, isC2bAck, parse, photoUpload, request, viewKeyOf } from '../../bench/http-client.mjs';

export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';
/** A request not answered in this long counts as hung. */
export const REQUEST_BOUND_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Terminates the backends whose client port is one of the proxy's: the API's own. */
async function terminateApiBackends(proxy, schema) {
  const ports = proxy.upstreamPorts();
  if (ports.length === 0) return 0;
  const rows = await schema.query("select pg_terminate_backend(pid) as done from pg_stat_activity where client_addr = '127.0.0.1' and client_port = any($1::int[]) and pid <> pg_backend_pid()", [ports]);
  return rows.filter((r) => r.done).length;
}

/** One HTTP request, answered within REQUEST_BOUND_MS or counted as hung; never rejects (`failure`: what went wrong). */
async function call(agent, base, options) {
  const started = Date.now();
  const reply = await request(agent, base, { ...options, timeoutMs: REQUEST_BOUND_MS }).catch((error) => ({ status: 0, failure: error.code === 'ETIMEDOUT' ? 'hung' : (error.code ?? error.message) }));
  return { ...reply, ms: Date.now() - started };
}

/** What every answer of the run adds up to. */
function newStats() {
  return {
    requests: 0,
    statuses: {},
    hung: 0,
    resets: 0,
    /** 5xx other than a proper 503, and 503s without the message or Retry-After. */
    serverErrors: [],
    maxMs: 0,
    lifecycles: 0,
    abandoned: 0,
    unexpected: [],
    lastWriteOkAt: 0,
  };
}

function record(stats, what, reply) {
  stats.requests += 1;
  stats.maxMs = Math.max(stats.maxMs, reply.ms);
  const key = reply.status === 0 ? reply.failure : String(reply.status);
  stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
  if (reply.failure === 'hung') stats.hung += 1;
  else if (reply.status === 0) stats.resets += 1;
  if (reply.status >= 500) {
    const body = parse(reply);
    const proper = reply.status === 503 && (what === 'health' || (body.error?.code === 'SERVICE_UNAVAILABLE' && body.error?.message === UNAVAILABLE_MESSAGE && reply.headers['retry-after']));
    if (!proper && stats.serverErrors.length < 20) stats.serverErrors.push(`${what}: ${reply.status} ${reply.body.slice(0, 200)}`);
    else if (!proper) stats.serverErrors.push('...');
  }
}

/** Starts the API (the compiled one, or the TypeScript sources through tsx); tells the exits nobody asked for. */
async function startApi(env, { source }) {
  const api = await launchApi(env, { source, healthTimeoutMs: 60_000 });
  let stopping = false;
  let unexpectedExit = null;
  void api.exited.then(({ code, signal }) => {
    if (!stopping) unexpectedExit = { code, signal };
  });
  return {
    base: api.base,
    output: api.output,
    /** The API process exited without being asked, plus workers that died (the primary logs each, API_WORKERS > 1). */
    processExits: () => (unexpectedExit ? 1 : 0) + (api.output().match(/"message":"An API worker (died|exited during start-up)/g)?.length ?? 0),
    unexpectedExit: () => unexpectedExit,
    stop() {
      stopping = true;
      return api.stop({ killAfterMs: 20_000 });
    },
  };
}

/** Seeds through the real API: a seller (sign-up, profile) and three riders. */
async function seed(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const { headers: seller } = await signUpSeller(agent, base, { businessName: 'Faults Electronics' });
  const riderIds = await addRiders(agent, base, seller);
  agent.destroy();
  return { seller, riderIds };
}

const RETRYABLE_CONFLICT = new Set(['IDEMPOTENCY_REQUEST_IN_PROGRESS', 'CONCURRENT_UPDATE']);

/**
 * The load: `lifecycles` workers each running order lifecycles (create, pay, assign, accept,
 * pickup with a photo, complete), every step under its own Idempotency-Key and retried with
 * that key after a 503 or a dropped connection, as a client would; `readers` workers reading
 * the buyer page; one health poller. Returns `stop()`.
 */
function startLoad({ base, seller, riderIds, stats, lifecycles = 6, readers = 2, phase }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: lifecycles + readers + 2 });
  let stopped = false;
  const orders = [];
  const creates = [];
  const health = { byPhase: {} };

  /** Sends until `okStatus` (or a refusal), under one Idempotency-Key; `keyed: false` sends none (M-Pesa's callbacks). */
  const step = async (what, request, okStatus, { keyed = true } = {}) => {
    const key = randomUUID();
    const deadline = Date.now() + 40_000;
    while (!stopped && Date.now() < deadline) {
      const reply = await call(agent, base, keyed ? { ...request, headers: { ...request.headers, 'idempotency-key': key } } : request);
      record(stats, what, reply);
      if (reply.status === okStatus) {
        stats.lastWriteOkAt = Date.now();
        return { reply, key };
      }
      const code = parse(reply).error?.code;
      const retry = reply.status === 503 || (reply.status === 0 && reply.failure !== 'hung') || (reply.status === 409 && RETRYABLE_CONFLICT.has(code));
      if (!retry) {
        if (reply.status !== 0 && stats.unexpected.length < 20) stats.unexpected.push(`${what}: ${reply.status} ${reply.body.slice(0, 160)}`);
        return null;
      }
      await sleep(150 + Math.random() * 250);
    }
    return null;
  };

  const lifecycle = async (worker, i) => {
    const itemName = `Fault item ${worker}-${i}-${randomBytes(3).toString('hex')}`;
    const createRequest = { method: 'POST', path: '/api/seller/orders', headers: seller, json: { itemName, price: '2500.00', buyerName: 'Fault Buyer', buyerPhone: '0722 000 111', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' } };
    const created = await step('create', createRequest, 201);
    if (!created) return false;
    const order = parse(created.reply).data.order;
    creates.push({ request: createRequest, key: created.key, status: created.reply.status, body: created.reply.body });
    orders.push({ id: order.id, code: viewKeyOf(order) });
    const buyer = { 'x-delivery-code': viewKeyOf(order) };
    // Paid as M-Pesa pays (decision 0042): its C2B confirmation (not keyed: M-Pesa sends it again
    // until answered, and it is stored once by TransID), then the buyer types its receipt.
    const payment = c2bConfirmation(order);
    const confirmed = await step('c2b confirmation', { method: 'POST', path: c2bConfirmationPath(), json: payment }, 200, { keyed: false });
    if (!confirmed) return false;
    if (!isC2bAck(confirmed.reply)) {
      if (stats.unexpected.length < 20) stats.unexpected.push(`c2b confirmation: ${confirmed.reply.status} ${confirmed.reply.body.slice(0, 160)}`);
      return false;
    }
    const paid = await step('pay', { method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: buyer, json: { termsAccepted: true, mpesaReceipt: payment.TransID } }, 200);
    if (!paid) return false;
    if (parse(paid.reply).data?.order?.paymentConfirmed !== true) {
      if (stats.unexpected.length < 20) stats.unexpected.push(`pay with the confirmed receipt ${payment.TransID}: not paid: ${paid.reply.body.slice(0, 160)}`);
      return false;
    }
    // The receipt proves the payer: the answer carries the delivery code (issue 16).
    const deliveryCode = parse(paid.reply).data.deliveryCode;
    const assigned = await step('assign', { method: 'POST', path: `/api/seller/orders/${order.id}/rider`, headers: seller, json: { riderId: riderIds[(worker + i) % riderIds.length] } }, 200);
    if (!assigned) return false;
    const link = new URL(parse(assigned.reply).data.links.rider);
    const rider = { 'x-rider-phone': link.searchParams.get('phone'), 'x-rider-key': link.searchParams.get('key') };
    if (!(await step('accept', { method: 'POST', path: `/api/rider/orders/${order.id}/accept`, headers: rider }, 200))) return false;
    if (!(await step('pickup', { method: 'POST', path: `/api/rider/orders/${order.id}/pickup`, headers: rider, raw: photoUpload() }, 200))) return false;
    return Boolean(await step('complete', { method: 'POST', path: `/api/rider/orders/${order.id}/complete`, headers: rider, json: { deliveryCode } }, 200));
  };

  const running = [
    ...Array.from({ length: lifecycles }, async (_, worker) => {
      for (let i = 0; !stopped; i += 1) {
        const completed = await lifecycle(worker, i);
        if (completed) stats.lifecycles += 1;
        else if (!stopped) stats.abandoned += 1;
      }
    }),
    ...Array.from({ length: readers }, async () => {
      while (!stopped) {
        const order = orders[Math.floor(Math.random() * orders.length)];
        if (!order) {
          await sleep(50);
          continue;
        }
        record(stats, 'buyer read', await call(agent, base, { path: `/api/buyer/orders/${order.id}`, headers: { 'x-delivery-code': order.code } }));
        await sleep(20);
      }
    }),
    (async () => {
      while (!stopped) {
        // Counted in a phase only when sent and answered in it: a probe sent just before the
        // outage and answered after it began (or the other way round) belongs to neither.
        const sentIn = phase();
        const reply = await call(agent, base, { path: '/api/health' });
        record(stats, 'health', reply);
        const answeredIn = phase();
        const counts = (health.byPhase[sentIn === answeredIn ? sentIn : `${sentIn}->${answeredIn}`] ??= {});
        counts[reply.status || reply.failure] = (counts[reply.status || reply.failure] ?? 0) + 1;
        await sleep(200);
      }
    })(),
  ];
  return {
    creates,
    health,
    async stop() {
      stopped = true;
      await Promise.allSettled(running);
      agent.destroy();
    },
  };
}

/** One whole lifecycle on a quiet API, every step answered at once: the API answers normally. */
async function quietLifecycle(base, seller, riderIds) {
  const stats = newStats();
  let failed = null;
  const load = startLoad({ base, seller, riderIds, stats, lifecycles: 1, readers: 0, phase: () => 'after' });
  const deadline = Date.now() + 30_000;
  while (stats.lifecycles === 0 && stats.abandoned === 0 && Date.now() < deadline) await sleep(50);
  await load.stop();
  if (stats.lifecycles === 0) failed = `no lifecycle completed after the faults: ${JSON.stringify(stats.statuses)} ${stats.unexpected.join('; ')}`;
  else if (Object.keys(stats.statuses).some((s) => !/^2\d\d$/.test(s))) failed = `answers after the faults were not all 2xx: ${JSON.stringify(stats.statuses)}`;
  return failed;
}

class ApiGone extends Error {
  constructor(how) {
    super(`the API process exited (code ${how?.code}, signal ${how?.signal}); the run ended early`);
  }
}

/**
 * One run: a fresh schema, the API (`workers` processes) through a proxy, the load, `rounds`
 * terminations of the API's backends, an outage of `outageMs`, the checks. Resolves a report.
 */
export async function runConnectionLoss({ workers = 1, rounds = 25, outageMs = 8_000, source = false, log = () => {}, lifecycles = 6, readers = 2 } = {}) {
  // The CLI and this module reach the schema directly; the API only through the proxy.
  const db = await apiDatabase('postgres', { prefix: 'faults_conn', extraEnv: { NODE_ENV: 'test', DATABASE_POOL_SIZE: '4', ...(workers > 1 ? { API_WORKERS: String(workers) } : {}) } });
  const { schema } = db.schema;
  const direct = new URL(db.env.DATABASE_URL);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const env = { ...db.env, DATABASE_URL: proxy.urlFor(db.env.DATABASE_URL) };
  let api = null;
  let load = null;
  const stats = newStats();
  let phase = 'terminations';
  const report = { workers, rounds: 0, terminated: 0, outageMs, schema, healthyAfterMs: null, writesAfterMs: null, healthByPhase: {}, afterFailure: null, replayed: 0, changedAnswers: 0 };
  try {
    log(`connection-loss: starting the API (${workers} process${workers > 1 ? 'es' : ''}, ${source ? 'TypeScript sources' : 'compiled'}) through a proxy, schema ${schema}`);
    api = await startApi(env, { source });
    const { seller, riderIds } = await seed(api.base);
    load = startLoad({ base: api.base, seller, riderIds, stats, lifecycles, readers, phase: () => phase });
    await sleep(1_000);
    // The API process is gone (it crashed, or its primary gave up on the workers): the run ends early.
    const gone = () => api.unexpectedExit() !== null;

    for (let round = 1; round <= rounds && !gone(); round += 1) {
      // Under load: a write has succeeded since the last round (at most 10 s of waiting).
      const since = Date.now();
      while (stats.lastWriteOkAt < since && Date.now() - since < 10_000 && !gone()) await sleep(25);
      await sleep(150 + Math.random() * 350);
      report.terminated += await terminateApiBackends(proxy, db.schema);
      report.rounds = round;
      if (round % 5 === 0) log(`connection-loss: ${round}/${rounds} rounds, ${report.terminated} backends terminated, ${stats.requests} requests, ${stats.lifecycles} lifecycles`);
    }
    await sleep(1_000);
    if (gone()) throw new ApiGone(api.unexpectedExit());

    log(`connection-loss: outage of ${outageMs / 1000} s (every connection cut, new ones refused)`);
    phase = 'outage';
    proxy.refuse(true);
    await sleep(outageMs);
    proxy.refuse(false);
    phase = 'recovery';
    const back = Date.now();
    let healthyAfterMs = null;
    const probe = new http.Agent({ keepAlive: false });
    while (Date.now() - back < 30_000 && !gone()) {
      if ((await call(probe, api.base, { path: '/api/health' })).status === 200) {
        healthyAfterMs = Date.now() - back;
        break;
      }
      await sleep(100);
    }
    report.healthyAfterMs = healthyAfterMs;
    const writesBefore = stats.lastWriteOkAt;
    while (stats.lastWriteOkAt === writesBefore && Date.now() - back < 30_000 && !gone()) await sleep(50);
    report.writesAfterMs = stats.lastWriteOkAt > writesBefore ? stats.lastWriteOkAt - back : null;
    log(`connection-loss: healthy ${healthyAfterMs ?? '(never)'} ms after the database came back, writing after ${report.writesAfterMs ?? '(never)'} ms`);
    await sleep(1_000);
    phase = 'after';
    await load.stop();
    report.healthByPhase = load.health.byPhase;
    if (gone()) throw new ApiGone(api.unexpectedExit());

    report.afterFailure = await quietLifecycle(api.base, seller, riderIds);

    // Replays: every order made under a key answers that key again with the same answer.
    let changedAnswers = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    for (const create of load.creates) {
      const again = await call(agent, api.base, { ...create.request, headers: { ...create.request.headers, 'idempotency-key': create.key } });
      if (again.status !== create.status || again.body !== create.body) changedAnswers += 1;
    }
    agent.destroy();
    report.replayed = load.creates.length;
    report.changedAnswers = changedAnswers;
  } catch (error) {
    if (!(error instanceof ApiGone)) {
      await load?.stop();
      await api?.stop();
      await db.dispose().catch(() => undefined);
      throw error;
    }
    log(`connection-loss: ${error.message}`);
    report.afterFailure = error.message;
  } finally {
    await load?.stop();
    if (load) report.healthByPhase = load.health.byPhase;
    if (api) {
      report.processExits = api.processExits();
      report.unexpectedExit = api.unexpectedExit();
      report.shutdown = await api.stop();
      report.stderrTail = api.output().slice(-1_500);
    }
    await proxy.close();
  }

  const [duplicated] = await db.schema.query(`select count(*)::int as n from (select item_name from ${schema}.orders group by item_name having count(*) > 1) d`);
  const [orders] = await db.schema.query(`select count(*)::int as n from ${schema}.orders`);
  const ledger = await ledgerCheck(db.env, { source });
  await db.dispose().catch(() => undefined);
  return { ...report, ...stats, duplicates: duplicated.n, orders: orders.n, ledger: ledger.result, ledgerOutput: ledger.output };
}

/** The `npm run faults` contract: rows for one database. SQLite has no connection to lose. */
export async function campaign({ database, log = () => {} }) {
  if (database !== 'postgres') {
    return [{ campaign: 'connection-loss', database, rounds: 0, requests: 0, duplicates: 0, changedAnswers: 0, processExits: 0, hung: 0, resets: 0, ledger: 'n/a', notes: 'n/a: SQLite is a file in the API process, there is no connection to lose' }];
  }
  const rounds = Number(process.env.FAULTS_CONNECTION_ROUNDS ?? 25);
  const outageMs = Number(process.env.FAULTS_OUTAGE_SECONDS ?? 8) * 1_000;
  const rows = [];
  for (const workers of [1, 2]) {
    const r = await runConnectionLoss({ workers, rounds, outageMs, log });
    const fiveHundreds = r.serverErrors.length;
    rows.push({
      campaign: 'connection-loss',
      database,
      rounds: r.rounds,
      requests: r.requests,
      duplicates: r.duplicates,
      changedAnswers: r.changedAnswers,
      processExits: r.processExits,
      hung: r.hung,
      resets: r.resets,
      ledger: r.ledger,
      notes: [
        `API_WORKERS=${workers}`,
        `${r.terminated} backends terminated in ${r.rounds} rounds + ${outageMs / 1000} s outage`,
        `answers ${JSON.stringify(r.statuses)}`,
        `${fiveHundreds === 0 ? 'no' : fiveHundreds} 5xx other than 503`,
        `health during outage ${JSON.stringify(r.healthByPhase?.outage ?? {})}`,
        `healthy ${r.healthyAfterMs ?? 'never'} ms, writing ${r.writesAfterMs ?? 'never'} ms after it`,
        `${r.lifecycles} lifecycles, ${r.abandoned} given up`,
        `max ${r.maxMs} ms`,
        ...(r.afterFailure ? [r.afterFailure] : []),
        ...(r.unexpected.length ? [`unexpected: ${r.unexpected.slice(0, 3).join('; ')}`] : []),
      ].join('; '),
    });
  }
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const database = process.argv[2] ?? 'postgres';
  const rows = await campaign({ database, log: (line) => console.error(line) });
  console.log(JSON.stringify(rows, null, 2));
}
