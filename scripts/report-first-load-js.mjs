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

/** The pages measured and the text that shows each one has finished rendering. */
export const MEASURED_PAGES = [
  { path: '/', label: '/ (shell only)', readyText: 'Sell Online with Confidence. Get Paid Securely.' },
  {
    path: '/buyer/order/x',
    label: '/buyer/order/x (shell + buyer remote + shared)',
    readyText: 'Delivery code required to view order',
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
    const target = isFile ? file : join(distDir, 'index.html');
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
    console.log(`  ${result.label.padEnd(50)} ${kb(result.gzipBytes).padStart(9)} in ${result.files} files`);
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const distDir = process.argv[2] ?? fileURLToPath(new URL('../frontends/shell/dist', import.meta.url));
  await reportFirstLoadJs(normalize(distDir));
}
