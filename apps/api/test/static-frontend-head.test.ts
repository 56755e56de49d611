import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { precompress } from '../../../scripts/precompress.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDist, type TempDist } from './helpers/temp-dist.js';
import { testApp } from './helpers/test-app.js';

// An index.html shaped like the shell's: default tags between the markers.
const INDEX = [
  '<!doctype html><html><head><meta charset="UTF-8" />',
  '<!--page-head:start--><title>Escrow Delivery</title><meta name="description" content="default" /><!--page-head:end-->',
  '</head><body><div id="root"><!--page-body:start--><p>Loading…</p><!--page-body:end--></div></body></html>',
].join('');

const PAGE_META = {
  siteName: 'Escrow Delivery',
  locale: 'en_KE',
  image: { path: '/og-image.png', width: 1200, height: 630, alt: 'Escrow Delivery' },
  default: { title: 'Escrow Delivery', description: 'Escrow delivery for online sellers in Kenya.', noindex: true },
  notFound: { title: 'Page not found', description: 'This page does not exist.', noindex: true },
  pages: {
    '/': { title: 'Sell Online with Confidence', description: 'Get paid securely.' },
    '/about': { title: 'About Us', description: 'Who we are.' },
    '/buyer/order/:id': { title: 'Your Order', description: 'Pay safely.', noindex: true },
  },
};

// What the shell's build renders for '/' (dist/prerendered/landing.html).
const LANDING = '<header>top bar</header><main id="main"><h1>Sell Online with Confidence. Get Paid Securely.</h1></main>';

// A hashed script big enough to be worth compressing.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;

let dist: TempDist;

beforeAll(async () => {
  dist = await createTempDist({
    'index.html': INDEX,
    'page-meta.json': JSON.stringify(PAGE_META),
    'assets/big-AbCd1234.js': SCRIPT,
    'prerendered/landing.html': LANDING,
  });
});

afterAll(async () => {
  await dist.cleanup();
});

const appWith = (publicBaseUrl?: string) => testApp({ frontendDist: dist.distDir, ...(publicBaseUrl ? { publicBaseUrl } : {}) }).app;

describe('per-route head tags in the index.html the server sends (for link previews)', () => {
  it.each([
    ['/', 200, 'Sell Online with Confidence | Escrow Delivery', 'Get paid securely.'],
    ['/about', 200, 'About Us | Escrow Delivery', 'Who we are.'],
    ['/seller/dashboard', 200, 'Escrow Delivery', 'Escrow delivery for online sellers in Kenya.'],
    ['/no-such-page', 404, 'Page not found | Escrow Delivery', 'This page does not exist.'],
  ])('%s answers %i with its own title and description', async (path, status, title, description) => {
    const response = await appWith().request(path);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('gives a shared buyer link a preview with absolute URLs, but never the delivery code in the query', async () => {
    const html = await (await appWith('https://escrow.example').request('/buyer/order/o-42?code=123456')).text();
    expect(html).toContain('<title>Your Order | Escrow Delivery</title>');
    expect(html).toContain('<meta property="og:url" content="https://escrow.example/buyer/order/o-42" />');
    expect(html).toContain('<meta property="og:image" content="https://escrow.example/og-image.png" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('123456');
  });

  it('puts the prerendered landing page into #root for / only', async () => {
    const landing = await (await appWith().request('/?utm_source=whatsapp')).text();
    expect(landing).toContain(`<div id="root"><!--page-body:start-->${LANDING}<!--page-body:end--></div>`);
    expect(landing).not.toContain('Loading…');
    for (const path of ['/about', '/seller/dashboard', '/no-such-page']) {
      const html = await (await appWith().request(path)).text();
      expect(html, path).toContain('<!--page-body:start--><p>Loading…</p><!--page-body:end-->');
      expect(html, path).not.toContain(LANDING);
    }
  });

  it('sends index.html as built when the build has no page-meta.json', async () => {
    const bare = await createTempDist({ 'index.html': INDEX });
    try {
      const html = await (await testApp({ frontendDist: bare.distDir }).app.request('/about')).text();
      expect(html).toBe(INDEX);
    } finally {
      await bare.cleanup();
    }
  });
});

describe('compression', () => {
  it('sends a hashed script gzipped to a browser that accepts gzip, with its own validator', async () => {
    const app = appWith();
    const response = await app.request('/assets/big-AbCd1234.js', { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length / 3);
    expect(gunzipSync(body).toString()).toBe(SCRIPT);

    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/-gzip"$/);
    const again = await app.request('/assets/big-AbCd1234.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('prefers brotli when offered (browsers offer it over HTTPS)', async () => {
    const response = await appWith().request('/assets/big-AbCd1234.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding, and never a gzip validator for it', async () => {
    const response = await appWith().request('/assets/big-AbCd1234.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(SCRIPT);
    expect(response.headers.get('etag')).not.toMatch(/gzip|br/);
  });

  it('compresses the page itself, keeping its status', async () => {
    const response = await appWith().request('/no-such-page', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('<title>Page not found | Escrow Delivery</title>');
  });

  it('leaves small files and images as they are', async () => {
    const response = await appWith().request('/favicon.svg', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});

describe('compressed at build time (issue 18)', () => {
  it("serves the build's own .br and .gz as they are, and compresses only a file the build left without one", async () => {
    const built = await createTempDist({ 'index.html': INDEX, 'assets/app-Qq11Ww22.js': SCRIPT, 'assets/late-Ee33Rr44.js': SCRIPT });
    try {
      // The build's copies, marked so the test can tell them from anything compressed on the fly.
      const marked = `${SCRIPT}\n// precompressed`;
      await writeFile(join(built.distDir, 'assets/app-Qq11Ww22.js.br'), brotliCompressSync(marked));
      await writeFile(join(built.distDir, 'assets/app-Qq11Ww22.js.gz'), gzipSync(marked));
      const app = testApp({ frontendDist: built.distDir }).app;
      const br = await app.request('/assets/app-Qq11Ww22.js', { headers: { 'Accept-Encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(marked);
      const gz = await app.request('/assets/app-Qq11Ww22.js', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(marked);
      // No copy: compressed here, from the file itself.
      const late = await app.request('/assets/late-Ee33Rr44.js', { headers: { 'Accept-Encoding': 'br' } });
      expect(brotliDecompressSync(Buffer.from(await late.arrayBuffer())).toString()).toBe(SCRIPT);
    } finally {
      await built.cleanup();
    }
  });

  it('ignores a compressed copy older than its file (a rebuild that did not compress again)', async () => {
    const built = await createTempDist({ 'index.html': INDEX, 'assets/app-Qq11Ww22.js': SCRIPT });
    try {
      const copy = join(built.distDir, 'assets/app-Qq11Ww22.js.br');
      await writeFile(copy, brotliCompressSync('stale'));
      await utimes(copy, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      const response = await testApp({ frontendDist: built.distDir }).app.request('/assets/app-Qq11Ww22.js', { headers: { 'Accept-Encoding': 'br' } });
      expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
    } finally {
      await built.cleanup();
    }
  });

  it('precompress writes .br (quality 11) and .gz beside each text file of 1 KB or more, never beside index.html or small files', async () => {
    const built = await createTempDist({ 'index.html': INDEX.repeat(40), 'assets/app-Qq11Ww22.js': SCRIPT, 'assets/app-Qq11Ww22.css': `.a{color:red}`.repeat(200) });
    try {
      const totals = await precompress(built.distDir);
      expect(totals.files).toBe(2);
      for (const file of ['assets/app-Qq11Ww22.js', 'assets/app-Qq11Ww22.css']) {
        const original = await readFile(join(built.distDir, file), 'utf8');
        expect(brotliDecompressSync(await readFile(join(built.distDir, `${file}.br`))).toString()).toBe(original);
        expect(gunzipSync(await readFile(join(built.distDir, `${file}.gz`))).toString()).toBe(original);
      }
      await expect(readFile(join(built.distDir, 'index.html.br'))).rejects.toThrow();
      await expect(readFile(join(built.distDir, 'assets/index-AbCd1234.js.br'))).rejects.toThrow();
    } finally {
      await built.cleanup();
    }
  });
});
