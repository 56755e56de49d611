import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDist, INDEX_HTML, SECRET, type TempDist } from './helpers/temp-dist.js';
import { testApp } from './helpers/test-app.js';

let dist: TempDist;
let app: ReturnType<typeof testApp>['app'];

beforeAll(async () => {
  dist = await createTempDist();
  app = testApp({ frontendDist: dist.distDir }).app;
});

afterAll(async () => {
  await dist.cleanup();
});

describe('pages', () => {
  it.each(['/', '/auth', '/about/', '/seller/dashboard', '/order/o-123', '/buyer/order/o-123', '/buyer/o-123', '/rider', '/rider/o-9', '/admin', '/order/assets'])(
    'serves index.html with 200 for the spec route %s',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it.each(['/no-such-page', '/seller', '/seller/unknown', '/buyer/order/o-1/extra', '/index'])(
    'serves index.html with 404 for the unknown path %s, so the shell shows its 404 page',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(INDEX_HTML);
    },
  );

  it('answers HEAD like GET, without a body', async () => {
    const response = await app.request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('leaves /api paths to the API and its JSON 404', async () => {
    const response = await app.request('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});

describe('files', () => {
  it('serves a hashed asset with its content type, cached for good', async () => {
    const response = await app.request('/assets/index-AbCd1234.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log("shell");');
  });

  it.each([
    ['/assets/index-AbCd1234.css', 'text/css; charset=utf-8'],
    ['/favicon.svg', 'image/svg+xml; charset=utf-8'],
    ['/remotes/buyer/assets/buyer-order-page-Zz99Yy88.js', 'text/javascript; charset=utf-8'],
  ])('serves %s as %s', async (path, contentType) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
  });

  it('makes the browser revalidate a remote entry, whose name never changes', async () => {
    const response = await app.request('/remotes/buyer/remoteEntry.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 304 when the browser already holds the current version', async () => {
    const first = await app.request('/remotes/buyer/remoteEntry.js');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await app.request('/remotes/buyer/remoteEntry.js', { headers: { 'If-None-Match': etag ?? '' } });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
  });

  it.each(['/assets/missing-12345678.js', '/remotes/buyer/assets/missing-12345678.js'])(
    'answers the missing asset %s with a plain 404, not the HTML page',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    },
  );
});

describe('path traversal and hidden files', () => {
  it.each(['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/..%5csecret.txt', '/.vite/manifest.json', '/a%00b'])(
    'refuses %s',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain(SECRET);
    },
  );

  it('never reaches outside dist through dot segments the URL parser resolves', async () => {
    const response = await app.request('/assets/../../secret.txt');
    expect(await response.text()).not.toContain(SECRET);
  });

  it('refuses a malformed percent-encoding instead of failing with 500', async () => {
    const response = await app.request('/%E0%A4%A');
    expect(response.status).toBe(400);
  });
});

describe('security headers', () => {
  it.each(['/', '/assets/index-AbCd1234.js', '/api/health', '/api/no-such-thing'])('are set on %s', async (path) => {
    const response = await app.request(path);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('without a frontend build', () => {
  it('answers pages with 503 and a hint, and warns once', async () => {
    const { app: unbuilt, logger } = testApp({ frontendDist: '/nonexistent/escrow-dist' });
    const first = await unbuilt.request('/');
    await unbuilt.request('/about');
    expect(first.status).toBe(503);
    expect(await first.text()).toContain('pnpm build:frontends');
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toHaveLength(1);
  });
});

describe('lean pages (decisions 0053, 0055)', () => {
  const LANDING_PAGE = '<!doctype html><html><head><!--page-head:start--><title>x</title><!--page-head:end--></head><body>landing lean page<div id="root"><!--page-body:start--><!--page-body:end--></div></body></html>';
  const BUYER_PAGE = '<!doctype html><html><head><!--page-head:start--><title>x</title><!--page-head:end--></head><body>buyer lean page</body></html>';
  const RIDER_PAGE = '<!doctype html><html><head><!--page-head:start--><title>x</title><!--page-head:end--></head><body>rider lean page</body></html>';
  let lean: TempDist;
  let leanApp: ReturnType<typeof testApp>['app'];

  beforeAll(async () => {
    lean = await createTempDist({
      'pages/landing/page.html': LANDING_PAGE,
      'prerendered/landing.html': '<h1>Sell Online with Confidence. Get Paid Securely.</h1>',
      'pages/buyer/page.html': BUYER_PAGE,
      'pages/rider/page.html': RIDER_PAGE,
      'pages/buyer/assets/page-Qq11Ww22.js': 'console.log("buyer page");',
      'page-meta.json': JSON.stringify({
        siteName: 'Escrow Delivery',
        locale: 'en_KE',
        default: { title: 'Escrow Delivery', description: 'Escrow delivery in Kenya.' },
        notFound: { title: 'Page not found', description: 'No such page.' },
        pages: { '/buyer/order/:id': { title: 'Your Order', description: 'Follow your order.', noindex: true } },
      }),
    });
    leanApp = testApp({ frontendDist: lean.distDir }).app;
  });

  afterAll(async () => {
    await lean.cleanup();
  });

  it.each([
    ['/buyer/order/o-123', 'buyer lean page'],
    ['/buyer/o-123', 'buyer lean page'],
    ['/rider', 'rider lean page'],
    ['/rider/o-9', 'rider lean page'],
  ])('serves %s its role\'s own page, with the route\'s head tags', async (path, body) => {
    const response = await leanApp.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(body);
    expect(html).not.toContain('<title>x</title>');
    if (path.startsWith('/buyer/order/')) expect(html).toContain('<title>Your Order | Escrow Delivery</title>');
  });

  it('serves / the landing\'s own page with the prerendered landing inside #root', async () => {
    const response = await leanApp.request('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('landing lean page');
    expect(html).toContain('<div id="root"><!--page-body:start--><h1>Sell Online with Confidence. Get Paid Securely.</h1><!--page-body:end--></div>');
    expect(html).toContain('<title>Escrow Delivery</title>');
    expect(html).not.toContain('shell index');
  });

  it.each(['/about', '/seller/dashboard', '/order/o-123', '/admin'])('serves the shell for %s', async (path) => {
    const response = await leanApp.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('shell index');
  });

  it('caches a lean page\'s hashed script for good', async () => {
    const response = await leanApp.request('/pages/buyer/assets/page-Qq11Ww22.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await leanApp.request('/pages/buyer/assets/missing-12345678.js')).status).toBe(404);
  });
});
