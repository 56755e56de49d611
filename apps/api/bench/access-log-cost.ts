// What the access line (decision 0068) costs a request, in CPU: one Hono app answering a buyer
// read's 1.2 kB of JSON through the API's own requestLogging and createLogger, written as JSON
// lines to /dev/null, three ways: no logging middleware, the middleware with the line dropped
// (LOG_LEVEL=warn), and the line written (info, the default). Rounds alternate; medians printed.
//   npx tsx --conditions=@escrow/source apps/api/bench/access-log-cost.ts
import { openSync } from 'node:fs';
import { Hono } from 'hono';
import pino from 'pino';
import { createLogger } from '../src/http/logger.js';
import { requestLogging } from '../src/http/request-log.js';

const ROUNDS = 7;
const PER_ROUND = 20_000;
const body = { order: { id: 'ord_abc', status: 'paid', itemName: 'Phone', amountCents: 1_234_500, sellerPhone: '254712345678' }, pad: 'x'.repeat(1000) };
const devNull = openSync('/dev/null', 'w');

function appWith(level: 'info' | 'warn' | null): Hono {
  const app = new Hono();
  if (level) app.use(...requestLogging(createLogger({ level, format: 'json' }, pino.destination({ dest: devNull, sync: true }))));
  app.get('/api/buyer/orders/:id', (c) => c.json(body));
  return app;
}

const variants = { 'no access logging': appWith(null), 'line dropped (warn)': appWith('warn'), 'line written (info)': appWith('info') };
const request = () => new Request('http://bench/api/buyer/orders/ord_abc', { headers: { 'x-delivery-code': '123456', 'idempotency-key': 'bench-key-0123456789' } });

async function microsPerRequest(app: Hono, n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await (await app.fetch(request())).arrayBuffer();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

for (const app of Object.values(variants)) await microsPerRequest(app, 5_000);
const samples = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, app] of Object.entries(variants)) samples.get(name)?.push(await microsPerRequest(app, PER_ROUND));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const base = median(samples.get('no access logging') ?? []);
console.log(`Access line cost: CPU per request (us), median of ${ROUNDS} alternating rounds of ${PER_ROUND}, ${process.version}`);
for (const [name, xs] of samples) console.log(`  ${name.padEnd(22)} ${median(xs).toFixed(1).padStart(6)} us   (+${(median(xs) - base).toFixed(1)} us over no logging)`);
