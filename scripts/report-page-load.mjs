#!/usr/bin/env node
// Issue 18's page targets, measured as a buyer or rider meets them: the built product (the
// compiled API serving the built frontends, on SQLite in a temp dir), real orders made through
// the API, and each page opened cold in Chromium as a cheap Android phone (scripts/audit-landing.mjs:
// 412x823, CPU 4x slower, Slow 4G under both of its profiles, a fresh context per run).
//
// Per page and run: LCP (the last candidate), CLS (layout shifts without input), the requests
// the page made before its first paint (the document included), and its first-load JavaScript
// (every same-origin script until the network is idle, gzip from disk). Targets:
//   buyer and rider pages: JS <= 100 kB gzip, <= 8 requests before the first paint,
//   LCP <= 1.5 s and CLS 0 in every run; the landing page: JS <= 80 kB.
// Prints MET/MISSED per target (bench/run.mjs collects those lines).
//
// Usage: node scripts/report-page-load.mjs [runs=3]   (needs `npm run build` and Chromium)
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { addRiders, apiDatabase, expectStatus, launchApi, payByPaybill, root, signUpSeller } from '../bench/api-process.mjs';
import { keepAliveAgent, request, viewKeyOf } from '../bench/http-client.mjs';
import { gzippedSize, median, NETWORK_PROFILES, phoneTab } from './audit-landing.mjs';
import { chromiumAvailable, chromiumLaunchOptions, CHROMIUM_PATH } from './chromium.mjs';
import { FIRST_LOAD_BUDGET, LANDING_BUDGET } from './report-first-load-js.mjs';

export const PAGE_TARGETS = { jsKb: FIRST_LOAD_BUDGET.targetKb, landingJsKb: LANDING_BUDGET.targetKb, requestsBeforePaint: 8, lcpMs: 1_500, cls: 0 };

const runs = Number(process.argv[2] ?? 3);
const distDir = join(root, 'frontends/shell/dist');
const log = (message) => process.stderr.write(`[pages] ${message}\n`);

if (!chromiumAvailable()) {
  console.error(`Chromium is not at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
  process.exit(1);
}
if (!existsSync(join(distDir, 'index.html'))) {
  console.error('The frontends are not built: npm run build');
  process.exit(1);
}

/** Loads `path` cold under `profile`; resolves the page's paints, shifts, requests and scripts. */
async function measure(browser, origin, path, ready, profile) {
  const { context, tab } = await phoneTab(browser, profile);
  try {
    const scripts = new Set();
    tab.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await tab.goto(origin + path, { waitUntil: 'networkidle', timeout: 120_000 });
    await tab.getByText(ready).first().waitFor({ timeout: 60_000 });
    await tab.waitForTimeout(1_000);
    const paints = await tab.evaluate(() => globalThis.__audit);
    // Resource Timing holds every request but the document's own; the EventSource stream is one.
    const beforePaint = await tab.evaluate((firstPaint) => 1 + performance.getEntriesByType('resource').filter((entry) => entry.startTime < firstPaint).length, paints.fp ?? paints.fcp ?? 0);
    const gzip = await Promise.all([...scripts].map(gzippedSize));
    return {
      lcpMs: paints.lcp.at(-1)?.startTime ?? Number.NaN,
      lcpElement: paints.lcp.at(-1)?.element ?? '(none)',
      cls: paints.cls,
      requestsBeforePaint: beforePaint,
      jsFiles: scripts.size,
      jsGzipBytes: gzip.reduce((sum, size) => sum + size, 0),
    };
  } finally {
    await context.close();
  }
}

/** A seller, a rider and two orders made through the real API: one unpaid (the buyer's first visit), one assigned and accepted. */
async function seedPages(base) {
  const agent = keepAliveAgent(4);
  try {
    const send = (options) => request(agent, base, options);
    const { headers: seller } = await signUpSeller(agent, base, { businessName: 'Amani Phones' });
    const [riderId] = await addRiders(agent, base, seller, 1);
    const create = async (itemName) =>
      (
        await expectStatus(
          await send({ method: 'POST', path: '/api/seller/orders', headers: { ...seller, 'idempotency-key': randomUUID() }, json: { itemName, price: '25000', buyerName: 'Wanjiku', buyerPhone: '0722 000 111', buyerAddress: 'Ngong Road, Kilimani', deliveryCost: '300' } }),
          201,
          'create order',
        )
      ).data.order;
    const unpaid = await create('Samsung Galaxy A15');
    const delivering = await create('Tecno Spark 20');
    await payByPaybill(send, delivering);
    const assigned = await expectStatus(await send({ method: 'POST', path: `/api/seller/orders/${delivering.id}/rider`, headers: { ...seller, 'idempotency-key': randomUUID() }, json: { riderId } }), 200, 'assign');
    const riderLink = new URL(assigned.data.links.rider);
    const rider = { 'x-rider-phone': riderLink.searchParams.get('phone'), 'x-rider-key': riderLink.searchParams.get('key') };
    await expectStatus(await send({ method: 'POST', path: `/api/rider/orders/${delivering.id}/accept`, headers: { ...rider, 'idempotency-key': randomUUID() } }), 200, 'accept');
    return [
      { label: 'landing /', path: '/', ready: 'Sell Online with Confidence. Get Paid Securely.', jsKb: PAGE_TARGETS.landingJsKb },
      { label: 'buyer /buyer/order/{id}', path: `/buyer/order/${unpaid.id}?code=${viewKeyOf(unpaid)}`, ready: 'Confirm Payment', jsKb: PAGE_TARGETS.jsKb, lean: true },
      { label: 'rider /rider/{id}', path: `${riderLink.pathname}${riderLink.search}`, ready: 'Confirm Pickup', jsKb: PAGE_TARGETS.jsKb, lean: true },
    ];
  } finally {
    agent.destroy();
  }
}

const db = await apiDatabase('sqlite', { prefix: 'pages', extraEnv: { FRONTEND_DIST: distDir } });
const api = await launchApi(db.env);
const { chromium } = await import('@playwright/test');
const browser = await chromium.launch(chromiumLaunchOptions());
const results = [];
try {
  const pages = await seedPages(api.base);
  // One unmeasured load per page warms the server (file cache, JIT), as a real server is warm.
  for (const page of pages) await measure(browser, api.base, page.path, page.ready, NETWORK_PROFILES['slow-4g-plain']);
  for (const page of pages) {
    for (const [profileName, profile] of Object.entries(NETWORK_PROFILES)) {
      const samples = [];
      for (let run = 0; run < runs; run += 1) samples.push(await measure(browser, api.base, page.path, page.ready, profile));
      log(`${page.label} ${profileName}: LCP ${samples.map((s) => Math.round(s.lcpMs)).join(', ')} ms`);
      results.push({ page, profileName, profile, samples });
    }
  }
} finally {
  await browser.close();
  await api.stop({ killAfterMs: 5_000 });
  await db.dispose();
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const verdict = (ok) => (ok ? 'MET' : 'MISSED');
console.log(`Page load: the built product on SQLite, real orders, Chromium as a phone (412x823, CPU 4x slower), cold cache, ${runs} runs per page and network profile`);
const lines = [];
for (const { page, profile, samples } of results) {
  const lcps = samples.map((s) => Math.round(s.lcpMs));
  const worstLcp = Math.max(...lcps);
  const worstCls = Math.max(...samples.map((s) => s.cls));
  const last = samples.at(-1);
  console.log(`  ${page.label.padEnd(24)} ${profile.label}`);
  console.log(`    LCP runs ${lcps.join(', ')} ms (median ${Math.round(median(lcps))}), element: ${last.lcpElement}`);
  console.log(`    CLS runs ${samples.map((s) => s.cls.toFixed(3)).join(', ')}; requests before first paint ${samples.map((s) => s.requestsBeforePaint).join(', ')}; JS ${kb(last.jsGzipBytes)} gzip in ${last.jsFiles} files`);
  if (page.lean) {
    lines.push(`${page.label}: LCP under "${profile.label}" worst of ${runs} ${worstLcp} ms (target <= ${PAGE_TARGETS.lcpMs} ms): ${verdict(worstLcp <= PAGE_TARGETS.lcpMs)}`);
    lines.push(`${page.label}: CLS under "${profile.label}" worst of ${runs} ${worstCls.toFixed(3)} (target ${PAGE_TARGETS.cls} in every run): ${verdict(worstCls <= PAGE_TARGETS.cls)}`);
  }
}
for (const page of new Set(results.map((r) => r.page))) {
  const samples = results.filter((r) => r.page === page).flatMap((r) => r.samples);
  const js = Math.max(...samples.map((s) => s.jsGzipBytes));
  lines.push(`${page.label}: first-load JS ${kb(js)} gzip (target <= ${page.jsKb} kB): ${verdict(js <= page.jsKb * 1024)}`);
  if (page.lean) {
    const requests = Math.max(...samples.map((s) => s.requestsBeforePaint));
    lines.push(`${page.label}: requests before the first paint, most in a run: ${requests} (target <= ${PAGE_TARGETS.requestsBeforePaint}): ${verdict(requests <= PAGE_TARGETS.requestsBeforePaint)}`);
  }
}
for (const line of lines) console.log(`  ${line}`);
