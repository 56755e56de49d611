#!/usr/bin/env node
// Reports the gzipped JavaScript a visitor downloads before a page is usable.
//
// Module federation loads most chunks through runtime `import()` calls (host init, shared
// modules, the remote's entry), so the bundle graph alone cannot say what a page really
// fetches. This script serves the built dist, opens each page in Chromium, records every
// JavaScript response, and gzips those files from disk with zlib (default level).
// Usage: node scripts/report-first-load-js.mjs [distDir]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumAvailable, chromiumLaunchOptions, CHROMIUM_PATH } from './chromium.mjs';
// The API's own rules for which document a page path gets (compiled by `tsc -b` before the frontends build).
import { LEAN_PAGE_DOCUMENTS, spaRouteOf } from '../apps/api/dist/http/spa-routes.js';

/**
 * The budget of the buyer and rider pages (issue 5, lowered by issue 18 with their lean pages,
 * decision 0053): riders and buyers open them on phones over mobile data, from a link. Above `targetKb` the report flags the page; above `limitKb` the
 * build fails. kB = 1024 bytes of gzip, as printed.
 */
export const FIRST_LOAD_BUDGET = { targetKb: 100, limitKb: 120 };

/** The landing page's budget (issue 18): what a new seller downloads first, with its own lean page (decision 0055). */
export const LANDING_BUDGET = { targetKb: 80, limitKb: 100 };

// API answers the buyer and rider pages need to render their full first screen (the shapes of
// core's BuyerOrderView, RiderJobView and RiderJobSummary); anything else is a 404.
const TIMES = { createdAt: '2026-01-01T09:00:00.000Z' };
const PROGRESS = (status, percent, done) => ({
  status,
  statusLabel: status,
  progressPercent: percent,
  steps: ['Payment', 'Rider Assigned', 'On Route', 'Delivered'].map((label, index) => ({ label, done: index < done })),
});
const BUYER_ORDER = {
  id: 'x', trackingNumber: 'TRK7K2M9Q4', itemName: 'Samsung Galaxy A15', productPhotoUrl: null, packagedPhotoUrl: null, pickupPhotoUrl: null,
  sellerBusinessName: 'Amani Phones', ...PROGRESS('awaiting_payment', 0, 0), paymentMethod: 'mpesa_prepay', price: 2500000, serviceFee: 62500,
  deliveryCost: 30000, deliveryPaidBy: 'buyer', buyerCashAmount: null, paymentConfirmed: false,
  payment: { configured: true, businessNumber: '522533', accountName: 'Escrow Delivery', accountNumber: 'TRK7K2M9Q4', amount: 2500000 },
  delivery: { buyerName: 'Wanjiku', buyerPhone: '+254722000000', address: 'Ngong Road', landmark: 'Near the mall', estate: 'Kilimani', houseNumber: 'B4', pinLocationLink: null },
  rider: null, refundRequested: false, feedback: null, ...TIMES, deliveredAt: null, mpesaPrompt: true,
  // What the server offers (decision 0062): the page shows the payment from confirm_payment.
  actions: ['confirm_payment', 'claim_payment'],
};
const RIDER_JOB = {
  id: 'x', trackingNumber: 'TRK7K2M9Q4', itemName: 'Samsung Galaxy A15', productPhotoUrl: null, packagedPhotoUrl: null, pickupPhotoUrl: null,
  ...PROGRESS('rider_assigned', 50, 2), riderName: 'Otieno', accepted: true, acceptedAt: TIMES.createdAt, pickedUpAt: null, deliveredAt: null,
  pickup: { sellerBusinessName: 'Amani Phones', location: 'Westlands', sellerLocation: 'Westlands', sellerPhone: '+254712345678' },
  delivery: { buyerName: 'Wanjiku', buyerPhone: '+254722000000', address: 'Ngong Road', landmark: null, estate: 'Kilimani', houseNumber: 'B4', pinLocationLink: null },
  estimatedDistanceKm: null, estimatedTimeMinutes: null, paymentMethod: 'mpesa_prepay', paymentConfirmed: true, deliveryCost: 30000,
  deliveryPaidBy: 'buyer', collectFromBuyer: { deliveryFee: 30000, cashAmount: null }, riderPayout: 30000, codeLocked: false, codeAttemptsLeft: 5,
  actions: ['accept_job', 'confirm_pickup', 'request_refund'],
};
const JOB_SUMMARY = (id, status, accepted) => ({
  id, itemName: 'Samsung Galaxy A15', status, statusLabel: status, sellerBusinessName: 'Amani Phones', pickupArea: 'Westlands', deliveryArea: 'Kilimani',
  deliveryCost: 30000, deliveryPaidBy: 'buyer', estimatedDistanceKm: null, estimatedTimeMinutes: null, accepted, ...TIMES,
});

/** The pages measured and the text that shows each one has finished rendering. */
export const MEASURED_PAGES = [
  { path: '/', label: '/ (landing lean page)', readyText: 'Sell Online with Confidence. Get Paid Securely.', budget: LANDING_BUDGET },
  {
    path: '/buyer/order/x?code=123456',
    label: '/buyer/order/x (buyer lean page)',
    readyText: 'Confirm Payment',
    budget: FIRST_LOAD_BUDGET,
    // The full first screen: the M-Pesa prompt's form above the Paybill steps and their form.
    api: { '/api/buyer/orders/x': { data: BUYER_ORDER }, '/api/buyer/orders/x/mpesa-prompt': { data: null } },
  },
  {
    path: '/rider/x?phone=0712345678&key=k',
    label: '/rider/x (rider lean page)',
    readyText: 'Confirm Pickup',
    budget: FIRST_LOAD_BUDGET,
    api: { '/api/rider/orders/x': { data: RIDER_JOB } },
  },
  {
    path: '/rider?phone=0712345678',
    label: '/rider (rider lean page)',
    readyText: 'Available Jobs (1)',
    budget: FIRST_LOAD_BUDGET,
    api: {
      '/api/rider/jobs/available': { data: { jobs: [JOB_SUMMARY('a', 'paid', false)] } },
      '/api/rider/jobs/assigned': { data: { jobs: [JOB_SUMMARY('b', 'rider_assigned', true)] } },
    },
  },
  // Account pages: `api` stubs the answers the page needs to render its form (others are 404).
  { path: '/auth', label: '/auth (shell + its auth chunk)', readyText: 'Forgot password?' },
  {
    path: '/seller/signup',
    label: '/seller/signup (shell + seller remote + shared)',
    readyText: 'Create Seller Profile',
    api: { '/api/auth/session': { data: { account: { userId: 'u1', email: 'seller@example.com', roles: [], isAdmin: false, sellerId: null } } } },
  },
  {
    path: '/seller/profile',
    label: '/seller/profile (shell + seller remote + shared)',
    readyText: 'Business Details',
    api: {
      '/api/seller/profile': {
        data: {
          id: 's1', businessName: 'Amani Phones', businessProfile: null, location: 'Westlands', phone: '+254712345678', whatsapp: null,
          logoUrl: null, about: null, paymentMethod: 'direct_mpesa', paymentNumber: '+254712345678', termsAccepted: true,
          termsAcceptedAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    },
  },
  {
    path: '/seller/dashboard',
    label: '/seller/dashboard (shell + seller remote + shared)',
    readyText: 'Your numbers',
    api: {
      '/api/auth/session': { data: { account: { userId: 'u1', email: 'seller@example.com', roles: [], isAdmin: false, sellerId: 's1' } } },
      '/api/seller/profile': { data: { id: 's1', businessName: 'Amani Phones', location: 'Westlands', phone: '+254712345678', paymentMethod: 'direct_mpesa', paymentNumber: '+254712345678' } },
      '/api/seller/dashboard': {
        data: {
          stats: { totalOrders: 0, pendingOrders: 0, completedOrders: 0, settledOrders: 0, revenue: 0, averageOrderValue: 0, completionRateBasisPoints: 0, sellerRatingCount: 0, averageSellerRatingTenths: null },
          recentOrders: [],
        },
      },
    },
  },
  {
    path: '/seller/create-order',
    label: '/seller/create-order (shell + seller remote + shared)',
    readyText: 'Fee and payouts',
    api: {
      '/api/auth/session': { data: { account: { userId: 'u1', email: 'seller@example.com', roles: [], isAdmin: false, sellerId: 's1' } } },
      '/api/seller/profile': { data: { id: 's1', businessName: 'Amani Phones', location: 'Westlands', phone: '+254712345678', paymentMethod: 'direct_mpesa', paymentNumber: '+254712345678' } },
      '/api/seller/fee-policy': { data: { feeBasisPoints: 250 } },
    },
  },
];

/** The API answers of the page being measured (see `api` above). */
let apiStubs = {};

const CONTENT_TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** A bare static server with an index.html fallback, enough to load the pages in a browser. */
function serveDist(distDir) {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://local').pathname);
    if (pathname.startsWith('/api/')) {
      const stub = apiStubs[pathname];
      if (stub) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stub));
      else response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_FOUND"}}');
      return;
    }
    const file = normalize(join(distDir, pathname));
    const isFile = file.startsWith(distDir + sep) && (await stat(file).catch(() => null))?.isFile();
    // A page path gets the document the API would send: a lean page of its own, or the shell's.
    const route = spaRouteOf(pathname);
    const lean = route === undefined ? undefined : LEAN_PAGE_DOCUMENTS[route];
    const target = isFile ? file : join(distDir, lean ?? 'index.html');
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream' });
    response.end(await readFile(target));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function gzippedSize(file) {
  return gzipSync(await readFile(file)).length;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/**
 * Measures each page; returns [{ path, files, gzipBytes }] or null when Chromium is missing
 * (the build still succeeds, with a warning, on machines without a browser).
 */
export async function reportFirstLoadJs(distDir) {
  if (!chromiumAvailable()) {
    console.warn(`\nFirst-load JS not measured: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
    return null;
  }
  const { chromium } = await import('@playwright/test');
  const server = await serveDist(distDir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch(chromiumLaunchOptions());
  const results = [];
  try {
    for (const page of MEASURED_PAGES) {
      apiStubs = page.api ?? {};
      const context = await browser.newContext();
      const tab = await context.newPage();
      const scripts = new Set();
      tab.on('response', (response) => {
        const url = new URL(response.url());
        if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
      });
      await tab.goto(origin + page.path, { waitUntil: 'networkidle' });
      await tab.getByText(page.readyText).first().waitFor({ timeout: 10_000 });
      await context.close();
      const sizes = await Promise.all([...scripts].map((path) => gzippedSize(join(distDir, path))));
      results.push({ ...page, files: scripts.size, gzipBytes: sizes.reduce((sum, size) => sum + size, 0) });
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log('\nFirst-load JavaScript (gzip):');
  for (const result of results) {
    console.log(`  ${result.label.padEnd(50)} ${kb(result.gzipBytes).padStart(9)} in ${String(result.files).padStart(2)} files${budgetNote(result)}`);
  }
  const overLimit = results.filter((result) => result.budget && result.gzipBytes > result.budget.limitKb * 1024);
  if (overLimit.length > 0) {
    throw new Error(`First-load JavaScript above the limit: ${overLimit.map((result) => `${result.label} ${kb(result.gzipBytes)} (limit ${result.budget.limitKb} kB)`).join(', ')}`);
  }
  return results;
}

/** '  budget 170 kB: ok' / 'OVER BUDGET' / 'OVER THE LIMIT' for the pages that have a budget. */
function budgetNote(result) {
  if (!result.budget) return '';
  const { targetKb, limitKb } = result.budget;
  const verdict = result.gzipBytes > limitKb * 1024 ? `OVER THE ${limitKb} kB LIMIT` : result.gzipBytes > targetKb * 1024 ? 'OVER BUDGET' : 'ok';
  return `   budget ${targetKb} kB (limit ${limitKb} kB): ${verdict}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? fileURLToPath(new URL('../frontends/shell/dist', import.meta.url));
  await reportFirstLoadJs(normalize(distDir));
}
