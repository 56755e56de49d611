import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, isCompressible } from '../src/http/compression.js';
import { BODY_END, BODY_START, fullTitle, headTags, HEAD_END, HEAD_START, injectBody, injectHead, pageEntryFor, parsePageMeta, PRERENDERED_BODIES, type PageMeta } from '../src/http/page-head.js';
import { spaRouteOf, SPA_ROUTE_PATTERNS } from '../src/http/spa-routes.js';

const META: PageMeta = {
  siteName: 'Escrow Delivery',
  locale: 'en_KE',
  image: { path: '/og-image.png', width: 1200, height: 630, alt: 'The logo' },
  default: { title: 'Escrow Delivery', description: 'Default description', noindex: true },
  notFound: { title: 'Page not found', description: 'Nothing here', noindex: true },
  pages: {
    '/': { title: 'Sell Online with Confidence', description: 'Landing description' },
    '/about': { title: 'About Us', description: 'About "us" & <friends>' },
    '/buyer/order/:id': { title: 'Your Order', description: 'Pay safely', noindex: true },
  },
};

describe('spaRouteOf', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    ['/about/', '/about'],
    ['/buyer/order/o-1', '/buyer/order/:id'],
    ['/buyer/o-1', '/buyer/:id'],
    ['/no-such-page', undefined],
    ['/buyer/order/o-1/extra', undefined],
  ])('finds the route of %s', (path, route) => {
    expect(spaRouteOf(path)).toBe(route);
  });
});

describe('the head of a page', () => {
  it('uses the page entry, the default for a spec route without one, and the 404 entry otherwise', () => {
    expect(pageEntryFor(META, '/about').entry.title).toBe('About Us');
    expect(pageEntryFor(META, '/seller/dashboard').entry).toBe(META.default);
    expect(pageEntryFor(META, '/nope').entry).toBe(META.notFound);
    expect(fullTitle(META, META.default)).toBe('Escrow Delivery');
    expect(fullTitle(META, META.notFound)).toBe('Page not found | Escrow Delivery');
  });

  it('writes title, description and Open Graph tags, escaped', () => {
    const tags = headTags(META, '/about');
    expect(tags).toContain('<title>About Us | Escrow Delivery</title>');
    expect(tags).toContain('<meta name="description" content="About &quot;us&quot; &amp; &lt;friends&gt;" />');
    expect(tags).toContain('<meta property="og:title" content="About Us | Escrow Delivery" />');
    expect(tags).toContain('<meta property="og:site_name" content="Escrow Delivery" />');
    expect(tags).not.toContain('robots');
  });

  it('makes og:url, og:image and the canonical link absolute with PUBLIC_BASE_URL, and leaves them out without it', () => {
    const withBase = headTags(META, '/about/', 'https://escrow.example');
    expect(withBase).toContain('<meta property="og:url" content="https://escrow.example/about" />');
    expect(withBase).toContain('<link rel="canonical" href="https://escrow.example/about" />');
    expect(withBase).toContain('<meta property="og:image" content="https://escrow.example/og-image.png" />');
    expect(withBase).toContain('<meta name="twitter:card" content="summary_large_image" />');

    const withoutBase = headTags(META, '/about');
    expect(withoutBase).not.toMatch(/og:url|og:image|canonical/);
  });

  it('keeps private pages out of search engines, without a canonical link', () => {
    const tags = headTags(META, '/buyer/order/o-1', 'https://escrow.example');
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).toContain('<title>Your Order | Escrow Delivery</title>');
    expect(tags).not.toContain('canonical');
    expect(headTags(META, '/no-such-page')).toContain('<meta name="robots" content="noindex" />');
  });

  it('escapes a hostile path in og:url', () => {
    const tags = headTags(META, '/"><script>alert(1)</script>', 'https://escrow.example');
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('og:url" content="https://escrow.example/%22%3E%3Cscript%3Ealert(1)%3C');
  });

  it('replaces only the marked block of index.html, and leaves an index without markers alone', () => {
    const html = `<head><meta charset="utf-8">${HEAD_START}<title>Old</title>${HEAD_END}<link rel="icon"></head>`;
    const injected = injectHead(html, '<title>New</title>');
    expect(injected).toContain('<title>New</title>');
    expect(injected).not.toContain('<title>Old</title>');
    expect(injected.startsWith('<head><meta charset="utf-8">')).toBe(true);
    expect(injected.endsWith(`${HEAD_END}<link rel="icon"></head>`)).toBe(true);
    expect(injectHead('<head><title>Plain</title></head>', '<title>New</title>')).toBe('<head><title>Plain</title></head>');
  });

  it('puts a prerendered page between the body markers, and leaves an index without them alone', () => {
    const html = `<div id="root">${BODY_START}<p>Loading…</p>${BODY_END}</div>`;
    expect(injectBody(html, '<h1>Hi</h1>')).toBe(`<div id="root">${BODY_START}<h1>Hi</h1>${BODY_END}</div>`);
    expect(injectBody('<div id="root"></div>', '<h1>Hi</h1>')).toBe('<div id="root"></div>');
    // Only static spec routes can be prerendered: a page with parameters differs per visitor.
    for (const route of Object.keys(PRERENDERED_BODIES)) {
      expect(SPA_ROUTE_PATTERNS as readonly string[]).toContain(route);
      expect(route).not.toContain(':');
    }
  });

  it('ignores a missing or malformed page-meta.json', () => {
    expect(parsePageMeta(undefined)).toBeUndefined();
    expect(parsePageMeta('{not json')).toBeUndefined();
    expect(parsePageMeta('{"siteName": ""}')).toBeUndefined();
  });
});

describe("the shell's page-meta.json (the one file the shell and the server both read)", () => {
  const file = fileURLToPath(new URL('../../../frontends/shell/public/page-meta.json', import.meta.url));
  const meta = parsePageMeta(readFileSync(file, 'utf8'));

  it('is valid for the server', () => {
    expect(meta).toBeDefined();
  });

  it('describes every public page and the buyer links sellers share, under spec route patterns', () => {
    const pages = Object.keys(meta?.pages ?? {});
    for (const path of ['/', '/how-it-works', '/about', '/terms', '/contact', '/buyer/order/:id', '/buyer/:id']) expect(pages).toContain(path);
    for (const pattern of pages) expect(SPA_ROUTE_PATTERNS as readonly string[]).toContain(pattern);
  });

  it('lets search engines index the public pages only', () => {
    for (const path of ['/', '/how-it-works', '/about', '/terms', '/contact']) expect(meta?.pages[path]?.noindex).toBeFalsy();
    expect(meta?.pages['/buyer/order/:id']?.noindex).toBe(true);
    expect(meta?.default.noindex).toBe(true);
  });

  it('names a link-preview image that exists, is a PNG of the stated size, and is small enough for WhatsApp', () => {
    const image = readFileSync(fileURLToPath(new URL(`../../../frontends/shell/public${meta?.image?.path ?? '/missing'}`, import.meta.url)));
    expect(image.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect({ width: image.readUInt32BE(16), height: image.readUInt32BE(20) }).toEqual({ width: meta?.image?.width, height: meta?.image?.height });
    expect(image.length).toBeLessThan(300 * 1024);
  });

  it('keeps descriptions short enough for a link preview', () => {
    for (const entry of [meta?.default, meta?.notFound, ...Object.values(meta?.pages ?? {})]) {
      expect(entry?.description.length).toBeLessThanOrEqual(200);
    }
  });
});

describe('compression negotiation', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', undefined],
  ])('Accept-Encoding %j picks %j', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it.each([
    ['text/javascript; charset=utf-8', true],
    ['text/css; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['image/svg+xml', true],
    ['application/json', true],
    ['image/png', false],
    ['font/woff2', false],
  ])('%s compressible: %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});
