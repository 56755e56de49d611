// The load generator: a separate process that holds N keep-alive connections to the API and
// keeps each one busy (closed loop) for the warm-up and then the measured window. It prints
// one JSON line with the counts and latencies of the measured window. Each worker owns one
// connection (lean-connection.mjs), reopened if the server closes it.
import { c2bConfirmation, c2bConfirmationPath, idempotencyKey, isC2bAck, parse, photoUpload, viewKeyOf } from './http-client.mjs';
import { openConnection } from './lean-connection.mjs';

const config = JSON.parse(process.argv[2]);
const { base, scenario, connections, warmupMs, durationMs, data } = config;

const latencies = new Map(); // step -> number[]
const statuses = new Map(); // step -> { [status]: count }
let measuring = false;
let stopped = false;
let completedLifecycles = 0;
/** Every lifecycle answered 200 at its last step, warm-up and the tail after the window included (the books are checked against it). */
let allCompletedLifecycles = 0;
/** Lifecycles that got a non-2xx answer at some step (counted when they started in the window). */
let failedLifecycles = 0;

function record(step, reply) {
  if (!measuring) return;
  if (!latencies.has(step)) {
    latencies.set(step, []);
    statuses.set(step, {});
  }
  latencies.get(step).push(reply.ms);
  const counts = statuses.get(step);
  counts[reply.status] = (counts[reply.status] ?? 0) + 1;
}

const sockets = new Map(); // worker -> connection
let connectionErrors = 0;

async function call(worker, step, options) {
  let conn = sockets.get(worker);
  if (!conn || conn.closed) {
    conn = await openConnection(base);
    sockets.set(worker, conn);
  }
  const started = process.hrtime.bigint();
  const reply = await conn.request(options).catch(() => {
    connectionErrors += 1;
    return { status: 0, body: '', ms: Number(process.hrtime.bigint() - started) / 1e6 };
  });
  record(step, reply);
  return reply;
}

const sellerHeaders = { cookie: `session=${data.sellerCookie}`, origin: base };

const workers = {
  async 'buyer-read'(worker) {
    const orders = data.orders;
    for (let i = worker; !stopped; i += connections) {
      const order = orders[i % orders.length];
      await call(worker, 'GET /api/buyer/orders/:id', { path: `/api/buyer/orders/${order.id}`, headers: { 'x-delivery-code': order.code } });
    }
  },
  async 'seller-list'(worker) {
    for (let i = worker; !stopped; i += connections) {
      const page = 1 + (i % 5);
      await call(worker, 'GET /api/seller/orders', { path: `/api/seller/orders?page=${page}&pageSize=20`, headers: sellerHeaders });
    }
  },
  async lifecycle(worker) {
    for (let i = 0; !stopped; i += 1) {
      const riderId = data.riderIds[(worker + i) % data.riderIds.length];
      const window = measuring;
      const created = await call(worker, 'create', {
        method: 'POST',
        path: '/api/seller/orders',
        headers: { ...sellerHeaders, ...idempotencyKey() },
        json: { itemName: `Bench item ${worker}-${i}`, price: '2500.00', buyerName: 'Bench Buyer', buyerPhone: '0722 000 111', buyerAddress: 'Kilimani, Nairobi', deliveryCost: '200', estate: 'Kilimani' },
      });
      if (created.status !== 201) { if (window) failedLifecycles += 1; continue; }
      const order = parse(created).data.order;
      const buyer = { 'x-delivery-code': viewKeyOf(order) };
      // M-Pesa's C2B confirmation of the Paybill payment pays the order (decision 0042); the
      // buyer then types its receipt, which answers the order paid.
      const payment = c2bConfirmation(order);
      const confirmed = await call(worker, 'c2b confirmation', { method: 'POST', path: c2bConfirmationPath(), json: payment });
      if (!isC2bAck(confirmed)) { if (window) failedLifecycles += 1; continue; }
      const paid = await call(worker, 'pay', { method: 'POST', path: `/api/buyer/orders/${order.id}/payment`, headers: { ...buyer, ...idempotencyKey() }, json: { termsAccepted: true, mpesaReceipt: payment.TransID } });
      if (paid.status !== 200 || parse(paid).data?.order?.paymentConfirmed !== true) { if (window) failedLifecycles += 1; continue; }
      // Typing the receipt proves the payer: the answer carries the delivery code (issue 16).
      const deliveryCode = parse(paid).data.deliveryCode;
      const assigned = await call(worker, 'assign', { method: 'POST', path: `/api/seller/orders/${order.id}/rider`, headers: { ...sellerHeaders, ...idempotencyKey() }, json: { riderId } });
      if (assigned.status !== 200) { if (window) failedLifecycles += 1; continue; }
      const link = new URL(parse(assigned).data.links.rider);
      const rider = { 'x-rider-phone': link.searchParams.get('phone'), 'x-rider-key': link.searchParams.get('key') };
      const accepted = await call(worker, 'accept', { method: 'POST', path: `/api/rider/orders/${order.id}/accept`, headers: { ...rider, ...idempotencyKey() } });
      if (accepted.status !== 200) { if (window) failedLifecycles += 1; continue; }
      const picked = await call(worker, 'pickup', { method: 'POST', path: `/api/rider/orders/${order.id}/pickup`, headers: { ...rider, ...idempotencyKey() }, raw: photoUpload() });
      if (picked.status !== 200) { if (window) failedLifecycles += 1; continue; }
      const completed = await call(worker, 'complete', { method: 'POST', path: `/api/rider/orders/${order.id}/complete`, headers: { ...rider, ...idempotencyKey() }, json: { deliveryCode } });
      // A lifecycle counts when it both started and finished inside the measured window; one
      // still running when the window closes is neither counted nor a failure.
      if (completed.status !== 200) { if (window) failedLifecycles += 1; }
      else {
        allCompletedLifecycles += 1;
        if (window && measuring) completedLifecycles += 1;
      }
    }
  },
};

const work = workers[scenario];
if (!work) throw new Error(`unknown scenario ${scenario}`);
const running = Array.from({ length: connections }, (_, worker) => work(worker));
await new Promise((resolve) => setTimeout(resolve, warmupMs));
measuring = true;
const started = process.hrtime.bigint();
const cpuAtStart = process.cpuUsage();
await new Promise((resolve) => setTimeout(resolve, durationMs));
measuring = false;
const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
const cpu = process.cpuUsage(cpuAtStart);
/** This generator's own CPU in the window: it shares the machine with the API. */
const loadCpuSeconds = (cpu.user + cpu.system) / 1e6;
stopped = true;
await Promise.allSettled(running);
for (const conn of sockets.values()) conn.close();

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const steps = {};
for (const [step, values] of latencies) {
  const sorted = Float64Array.from(values).sort();
  const counts = statuses.get(step);
  const ok = Object.entries(counts).filter(([s]) => Number(s) < 300).reduce((n, [, c]) => n + c, 0);
  steps[step] = { requests: values.length, ok, statuses: counts, rps: values.length / (elapsedMs / 1000), p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}
process.stdout.write(`${JSON.stringify({ scenario, connections, elapsedMs, steps, completedLifecycles, allCompletedLifecycles, failedLifecycles, connectionErrors, loadCpuSeconds })}\n`);
