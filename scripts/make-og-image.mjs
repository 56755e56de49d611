#!/usr/bin/env node
// Draws the link-preview image (Open Graph, 1200x630 PNG) that WhatsApp, Facebook and X show
// for a shared link, and writes it to frontends/shell/public/og-image.png. Run it again after
// changing the brand or the headline. WhatsApp shows raster images only (no SVG) and skips
// large ones (over about 300 kB), so the image is a small PNG on a flat colour, which compresses well.
// Usage: node scripts/make-og-image.mjs
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium.mjs';

const out = fileURLToPath(new URL('../frontends/shell/public/og-image.png', import.meta.url));

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; font-family: 'DejaVu Sans', system-ui, sans-serif; color: #fff;
         background: #0f6b4a; padding: 72px 80px; }
  .brand { display: flex; align-items: center; gap: 20px; font-size: 40px; font-weight: 700; }
  h1 { margin-top: 64px; font-size: 76px; line-height: 1.1; max-width: 960px; letter-spacing: -1px; }
  p { margin-top: 36px; font-size: 34px; color: #d8efe5; max-width: 980px; }
  .tag { position: absolute; right: 80px; top: 92px; font-size: 28px; color: #d8efe5; }
</style></head><body>
  <div class="brand">
    <svg viewBox="0 0 24 24" width="72" height="72"><path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Z" fill="#fff"/><path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="#0f6b4a" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>
    Escrow Delivery
  </div>
  <h1>Sell Online with Confidence. Get Paid Securely.</h1>
  <p>Your buyer pays into escrow by M-Pesa. A verified rider delivers. You get paid.</p>
  <div class="tag">Nairobi, Kenya</div>
</body></html>`;

const { chromium } = await import('@playwright/test');
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.screenshot({ path: out, type: 'png' });
} finally {
  await browser.close();
}
console.log(`wrote ${out} (${(statSync(out).size / 1024).toFixed(1)} kB)`);
