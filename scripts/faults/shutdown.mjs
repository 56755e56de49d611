#!/usr/bin/env node
// The shutdown campaign of `npm run faults` (issue 14, item 3; decision 0037): SIGTERM under load.
//
// Per database, ROUNDS times: start the built API (`node apps/api/dist/server.mjs`; on PostgreSQL
// with API_WORKERS=2, a fresh schema) on one data directory, open live streams (SSE: buyers'
// order streams and the seller's), drive keep-alive HTTP load from several clients (each runs
// escrow lifecycles, create -> pay -> assign -> accept -> pickup photo -> complete, and buyer
// reads; four more clients read now and then), then SIGTERM the process (every other round the
// whole process group, as systemd does) and watch what every client sees:
//   - processExits: rounds whose process did not exit with code 0 (the notes count the rounds
//     that took more than 10 s);
//   - resets: requests written that got no complete answer (connection reset or closed, or a
//     truncated body), plus live streams cut without the retry hint and a clean end. The notes
//     split them: written before the signal (must be 0) or after it (the HTTP/1.1 race of a
//     request sent on a keep-alive connection as it closes, and with API_WORKERS a connection
//     opened while the cluster primary still listened);
//   - hung: requests with no answer and no error when the process had gone;
//   - notes: also the slowest exit, requests refused (the server no longer accepting: a real
//     client goes to another instance), answers during shutdown without `Connection: close`, 4xx, 5xx.
// After the last round the admin CLI's `ledger check` runs on the same database.
//
// Alone: `node scripts/faults/shutdown.mjs [sqlite|postgres]` prints its rows as JSON (build
// first: `npx tsc -b`). FAULTS_SHUTDOWN_ROUNDS changes the number of rounds (12).
// The functions below are also what apps/api/test/shutdown/graceful-shutdown.test.ts drives.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { addRiders, apiDatabase, expectStatus, launchApi, ledgerCheck, signUpSeller } from '../../bench/api-process.mjs';
import { c2bConfirmation, c2bConfirmationPath, encodeBody, idempotencyKey, keepAliveAgent, photoUpload, request, viewKeyOf } from '../../bench/http-client.mjs';

const ROUNDS = Number(process.env.FAULTS_SHUTDOWN_ROUNDS ?? 12);
/** What the issue asks: the process is gone, with code 0, within this long of SIGTERM. */
export const EXIT_LIMIT_MS = 10_000;
/** After this long the campaign gives up on the process (SIGKILL) and counts what is still pending as hung. */
const GIVE_UP_MS = 25_000;
/** How long after SIGTERM an answer's head may still say keep-alive (the signal takes a moment to reach the server's event loop). */
const KEEP_ALIVE_GRACE_MS = 250;

const now = () => performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A data directory (and on PostgreSQL a fresh schema, and API_WORKERS) for the API and the
 * CLI; `env` is what both run with, `dispose()` removes it all.
 */
export async function prepareDatabase(database, { workers = database === 'postgres' ? 2 : 1 } = {}) {
  const db = await apiDatabase(database, { prefix: 'faults_shutdown', extraEnv: { NODE_ENV: 'test', ...(database === 'postgres' && workers > 1 ? { API_WORKERS: String(workers) } : {}) } });
  return { ...db, workers };
}

/**
 * Starts the API (`source`: its TypeScript, as the tests run it) on the prepared database and
 * waits until every worker listens and health answers; keeps all it writes (`output()`).
 */
export const startApi = (prepared, { source = false, processGroup = false } = {}) => launchApi(prepared.env, { source, processGroup, output: true, healthTimeoutMs: 90_000 });

/**
 * One HTTP request on `agent` (null: a connection of its own). Unlike http-client's request it
 * never rejects, and it sees what a client sees of a shutdown: it resolves what came, with
 * `sentAt` (the request fully written to the socket), `headersAt`, the headers (Connection:
 * close), whether the body came `complete`, `error` (a code) and `reusedSocket`.
 */
export function send(agent, base, { method = 'GET', path, headers, json, raw }) {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const { headers: all, payload } = encodeBody({ headers, json, raw });
    const seen = { method, path, sentAt: null, headersAt: null, status: 0, headers: {}, body: '', complete: false, error: null, reusedSocket: false, endedAt: null };
    let settled = false;
    const settle = (error) => {
      if (settled) return;
      settled = true;
      if (error) seen.error = error.code ?? error.message ?? String(error);
      seen.endedAt = now();
      resolve(seen);
    };
    const req = http.request({ agent: agent ?? false, hostname: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: all }, (res) => {
      seen.status = res.statusCode ?? 0;
      seen.headers = res.headers;
      seen.headersAt = now();
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        seen.body = Buffer.concat(chunks).toString('utf8');
        seen.complete = true;
        settle(null);
      });
      res.on('error', (error) => settle(error));
      res.on('close', () => settle(seen.complete ? null : new Error('response closed before its end')));
    });
    req.on('finish', () => (seen.sentAt = now()));
    req.on('error', (error) => {
      seen.reusedSocket = req.reusedSocket;
      settle(error);
    });
    req.end(payload);
  });
}

const bodyOf = (reply) => {
  try {
    return JSON.parse(reply.body);
  } catch {
    return null;
  }
};

/** A seller (signed up, profile), three riders and three orders (streams watch them); run once per data directory. */
export async function seed(base) {
  const agent = keepAliveAgent(4);
  try {
    const { headers: seller } = await signUpSeller(agent, base, { businessName: 'Shutdown Electronics' });
    const riderIds = await addRiders(agent, base, seller);
    const orders = [];
    for (let i = 0; i < 3; i += 1) {
      const body = await expectStatus(await request(agent, base, { method: 'POST', path: '/api/seller/orders', headers: seller, json: orderForm(`Watched item ${i}`) }), 201, 'create order');
      orders.push({ id: body.data.order.id, code: viewKeyOf(body.data.order) });
    }
    // The session outlives the process; the origin is each process's own (a fresh port per round).
    return { sellerCookie: seller.cookie, riderIds, orders };
  } finally {
    agent.destroy();
  }
}

const orderForm = (itemName) => ({ itemName, price: '2500.00', buyerName: 'Shutdown Buyer', buyerPhone: '0722 000 111', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' });

/** A live stream (SSE) read to its end; `markSignal()` notes where the text stood at SIGTERM. */
function openStream(base, path, headers) {
  const stream = { path, status: 0, text: '', atSignal: 0, ready: false, ended: false, error: null, closedAt: null };
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));
  const req = http.get({ agent: false, hostname: '127.0.0.1', port: new URL(base).port, path, headers }, (res) => {
    stream.status = res.statusCode ?? 0;
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      stream.text += chunk;
      if (!stream.ready && stream.text.includes('event: ready')) {
        stream.ready = true;
        markReady();
      }
    });
    res.on('end', () => (stream.ended = true));
    res.on('error', (error) => (stream.error ??= error.code ?? error.message));
    res.on('close', () => {
      stream.closedAt = now();
      markReady();
    });
  });
  req.on('error', (error) => {
    stream.error ??= error.code ?? error.message;
    stream.closedAt = now();
    markReady();
  });
  return {
    stream,
    ready,
    markSignal: () => (stream.atSignal = stream.text.length),
    destroy: () => req.destroy(),
  };
}

/** What a stream said after SIGTERM: a `retry:` field, the closing event, and a clean end. */
export function streamEnding(stream) {
  const after = stream.text.slice(stream.atSignal);
  const retry = /^retry: *(\d+)$/m.exec(after);
  return {
    path: stream.path,
    retryMs: retry ? Number(retry[1]) : null,
    closingEvent: /^event: *reconnect$/m.test(after),
    cleanEnd: stream.ended && stream.error === null,
    error: stream.error,
  };
}

/**
 * One round: streams open, `clients` keep-alive clients running lifecycles back to back and
 * `idleClients` reading now and then, for `loadMs`; SIGTERM; then what every request and
 * stream got and how the process ended.
 */
export async function shutdownRound({ api, world, clients = 8, idleClients = 4, loadMs = 1_500, signal = 'SIGTERM', signalTarget = 'process' }) {
  const { base } = api;
  const seller = { origin: base, cookie: world.sellerCookie };
  const streams = [
    ...world.orders.map((order) => openStream(base, `/api/live/orders/${order.id}?code=${order.code}`, {})),
    openStream(base, '/api/live/seller', seller),
    openStream(base, '/api/live/seller', seller),
  ];
  await Promise.race([Promise.all(streams.map((s) => s.ready)), sleep(10_000)]);

  const requests = [];
  const pending = new Set();
  let stopped = false;
  const call = async (agent, options) => {
    const sent = send(agent, base, options);
    pending.add(sent);
    const reply = await sent;
    pending.delete(sent);
    requests.push(reply);
    return reply;
  };
  const refused = (reply) => reply.error === 'ECONNREFUSED';
  // A real client whose server refuses connections goes to another instance: these stop.
  const client = async (worker) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; !stopped; i += 1) {
        const read = world.orders[(worker + i) % world.orders.length];
        const step = async (options, status) => {
          const reply = await call(agent, options);
          return reply.status === status ? bodyOf(reply) : refused(reply) ? 'refused' : null;
        };
        if ((await step({ path: `/api/buyer/orders/${read.id}`, headers: { 'x-delivery-code': read.code } }, 200)) === 'refused') return;
        const created = await step({ method: 'POST', path: '/api/seller/orders', headers: { ...seller, ...idempotencyKey() }, json: orderForm(`Item ${worker}-${i}`) }, 201);
        if (created === 'refused') return;
        if (!created) continue;
        const order = created.data.order;
        const buyer = { 'x-delivery-code': viewKeyOf(order) };
        // Paid as M-Pesa pays (decision 0042): the C2B confirmation, then the buyer types its receipt.
        const payment = c2bConfirmation(order);
        const confirmed = await step({ method: 'POST', path: c2bConfirmationPath(), json: payment }, 200);
        if (confirmed === 'refused') return;
        if (confirmed?.ResultCode !== 0) continue;
        const paid = await step({ method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: { ...buyer, ...idempotencyKey() }, json: { termsAccepted: true, mpesaReceipt: payment.TransID } }, 200);
        if (paid === 'refused') return;
        if (paid?.data?.order?.paymentConfirmed !== true) continue;
        const deliveryCode = paid.data.deliveryCode;
        const assigned = await step({ method: 'POST', path: `/api/seller/orders/${order.id}/rider`, headers: { ...seller, ...idempotencyKey() }, json: { riderId: world.riderIds[(worker + i) % world.riderIds.length] } }, 200);
        if (assigned === 'refused') return;
        if (!assigned) continue;
        const link = new URL(assigned.data.links.rider);
        const rider = { 'x-rider-phone': link.searchParams.get('phone'), 'x-rider-key': link.searchParams.get('key') };
        const accepted = await step({ method: 'POST', path: `/api/rider/orders/${order.id}/accept`, headers: { ...rider, ...idempotencyKey() } }, 200);
        if (accepted === 'refused') return;
        if (!accepted) continue;
        const picked = await step({ method: 'POST', path: `/api/rider/orders/${order.id}/pickup`, headers: { ...rider, ...idempotencyKey() }, raw: photoUpload() }, 200);
        if (picked === 'refused') return;
        if (!picked) continue;
        if ((await step({ method: 'POST', path: `/api/rider/orders/${order.id}/complete`, headers: { ...rider, ...idempotencyKey() }, json: { deliveryCode } }, 200)) === 'refused') return;
      }
    } finally {
      agent.destroy();
    }
  };
  // Clients that wait between requests (a person on a page): their keep-alive connection is
  // idle at the signal, so they meet the drain window (and, rarely, the instant it closes).
  const unhurried = async (worker) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; !stopped; i += 1) {
        const read = world.orders[(worker + i) % world.orders.length];
        const reply = await call(agent, { path: `/api/buyer/orders/${read.id}`, headers: { 'x-delivery-code': read.code } });
        if (refused(reply)) return;
        await sleep(200 + Math.random() * 1_300);
      }
    } finally {
      agent.destroy();
    }
  };
  const running = [...Array.from({ length: clients }, (_, worker) => client(worker)), ...Array.from({ length: idleClients }, (_, worker) => unhurried(worker))];
  await sleep(loadMs);

  for (const s of streams) s.markSignal();
  const signalAt = now();
  api.signal(signal, signalTarget);
  const exit = await Promise.race([api.exited, sleep(GIVE_UP_MS).then(() => null)]);
  const gaveUp = exit === null;
  if (gaveUp) api.kill();
  // Give the last answers and errors a moment to arrive, then count what never came as hung.
  await Promise.race([Promise.all(running), sleep(3_000)]);
  stopped = true;
  const hung = pending.size;
  await Promise.race([Promise.all(running), sleep(5_000)]);
  for (const s of streams) s.destroy();
  const final = gaveUp ? await api.exited : exit;

  const before = requests.filter((r) => r.sentAt !== null && r.sentAt <= signalAt);
  const after = requests.filter((r) => r.sentAt === null || r.sentAt > signalAt);
  const endings = streams.map((s) => streamEnding(s.stream));
  const inFlight = before.filter((r) => r.endedAt > signalAt);
  return {
    signalAt,
    exitCode: final.code,
    exitSignal: final.signal,
    exitMs: Math.round(final.at - signalAt),
    gaveUp,
    requests: requests.length + hung,
    hung,
    /** Written before the signal, answered after it. */
    inFlight: inFlight.length,
    /** Written before the signal and not answered in full: the resets the issue counts. */
    resets: before.filter((r) => !r.complete),
    serverErrors: requests.filter((r) => r.status >= 500).length,
    /** 4xx answers: none are expected (a 403 would mean the load itself is wrong). */
    clientErrors: requests.filter((r) => r.status >= 400 && r.status < 500).length,
    afterSignal: {
      sent: after.length,
      answered: after.filter((r) => r.complete).length,
      refused: after.filter((r) => r.error === 'ECONNREFUSED').length,
      resets: after.filter((r) => !r.complete && r.error !== 'ECONNREFUSED'),
    },
    /**
     * Answers that began well after the signal (the server had it by then) without
     * `Connection: close`: during shutdown every answer should say the connection ends.
     */
    keptAlive: requests.filter((r) => r.headersAt !== null && r.headersAt > signalAt + KEEP_ALIVE_GRACE_MS && String(r.headers.connection ?? '').toLowerCase() !== 'close').length,
    streams: endings,
    output: api.output(),
  };
}

export async function campaign({ database, log = (line) => process.stderr.write(`${line}\n`) }) {
  const prepared = await prepareDatabase(database);
  const t = { requests: 0, good: 0, processExits: 0, slow: 0, hung: 0, inFlight: 0, inFlightResets: 0, streams: 0, streamsCut: 0, afterSent: 0, afterAnswered: 0, afterRefused: 0, afterResets: 0, keptAlive: 0, serverErrors: 0, clientErrors: 0, exitMs: [] };
  let world = null;
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const api = await startApi(prepared, { processGroup: true });
      const signalTarget = round % 2 === 0 ? 'group' : 'process';
      let result;
      try {
        world ??= await seed(api.base);
        // Every other round signals the whole process group (as systemd does), the others the main process only (as docker stop does).
        result = await shutdownRound({ api, world, loadMs: 1_000 + Math.floor(Math.random() * 1_500), signalTarget });
      } finally {
        await api.kill();
      }
      const cut = result.streams.filter((s) => !s.cleanEnd || s.retryMs === null || !s.closingEvent).length;
      const failedExit = result.exitCode !== 0 || result.exitMs > EXIT_LIMIT_MS;
      t.requests += result.requests;
      t.good += failedExit ? 0 : 1;
      t.processExits += result.exitCode !== 0 ? 1 : 0;
      t.slow += result.exitMs > EXIT_LIMIT_MS ? 1 : 0;
      t.hung += result.hung;
      t.inFlight += result.inFlight;
      t.inFlightResets += result.resets.length;
      t.streams += result.streams.length;
      t.streamsCut += cut;
      t.afterSent += result.afterSignal.sent;
      t.afterAnswered += result.afterSignal.answered;
      t.afterRefused += result.afterSignal.refused;
      t.afterResets += result.afterSignal.resets.length;
      t.keptAlive += result.keptAlive;
      t.serverErrors += result.serverErrors;
      t.clientErrors += result.clientErrors;
      t.exitMs.push(result.exitMs);
      const resetKinds = (list) => (list.length ? ` (${[...new Set(list.map((r) => `${r.error}${r.reusedSocket ? ' on a reused connection' : ' on a new connection'}`))].join(', ')})` : '');
      log(
        `[shutdown] ${database} round ${round}/${ROUNDS} (SIGTERM to the ${signalTarget === 'group' ? 'process group' : 'main process'}): exit ${result.exitCode ?? result.exitSignal} after ${result.exitMs} ms${failedExit ? ' (FAILED)' : ''}; ` +
          `${result.requests} requests, ${result.inFlight} in flight at SIGTERM, ${result.resets.length} of them not answered in full${resetKinds(result.resets)}; ` +
          `sent after SIGTERM: ${result.afterSignal.sent} (${result.afterSignal.answered} answered, ${result.afterSignal.refused} refused, ${result.afterSignal.resets.length} reset${resetKinds(result.afterSignal.resets)}); ` +
          `streams ${result.streams.length - cut}/${result.streams.length} ended with the retry hint; hung ${result.hung}; 4xx ${result.clientErrors}; 5xx ${result.serverErrors}; answers without Connection: close during shutdown ${result.keptAlive}`,
      );
      if (failedExit) log(result.output.split('\n').filter((line) => /"level":"error"|Error/.test(line)).slice(-5).join('\n'));
    }
    log(`[shutdown] ${database}: ledger check`);
    const ledger = (await ledgerCheck(prepared.env, { timeoutMs: 120_000 })).result;
    const slowest = Math.max(...t.exitMs);
    return [
      {
        campaign: 'shutdown',
        database,
        rounds: ROUNDS,
        requests: t.requests,
        duplicates: 0,
        changedAnswers: 0,
        processExits: t.processExits,
        hung: t.hung,
        // Every request written that got no complete answer, and every stream cut without the hint.
        resets: t.inFlightResets + t.afterResets + t.streamsCut,
        ledger,
        notes:
          `SIGTERM under keep-alive load (8 busy clients, 4 unhurried ones) with ${t.streams / ROUNDS} live streams open${prepared.workers > 1 ? `, API_WORKERS=${prepared.workers}` : ''}; ` +
          `exit 0 within ${EXIT_LIMIT_MS / 1000} s in ${t.good}/${ROUNDS} rounds (slowest ${(slowest / 1000).toFixed(1)} s); ` +
          `in flight at SIGTERM: ${t.inFlight}, ${t.inFlightResets} not answered in full; streams ending with the retry hint: ${t.streams - t.streamsCut}/${t.streams}; ` +
          `sent after SIGTERM: ${t.afterSent} (${t.afterAnswered} answered, ${t.afterRefused} refused, ${t.afterResets} reset); ` +
          `answers without Connection: close during shutdown: ${t.keptAlive}; 4xx: ${t.clientErrors}; 5xx: ${t.serverErrors}`,
      },
    ];
  } finally {
    await prepared.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const databases = process.argv[2] ? [process.argv[2]] : ['sqlite', 'postgres'];
  const rows = [];
  for (const database of databases) rows.push(...(await campaign({ database, log: (line) => process.stderr.write(`${line}\n`) })));
  console.log(JSON.stringify(rows, null, 2));
}
