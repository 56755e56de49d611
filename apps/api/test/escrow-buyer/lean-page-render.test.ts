import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { payByPaybill } from '@escrow/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ESCROW_RATE_LIMITS } from '../../src/http/escrow-rate-limits.js';
import { buyerHeaders, client, DIALECTS, freshAddress, openWorld, riderHeaders, type World } from '../escrow-support/world.js';
import { createTempDist, type TempDist } from '../helpers/temp-dist.js';

// Decision 0059: a buyer's or rider's link is sent rendered with the page's first read, made by
// the API through its own routes. The renderer here stands in for the frontends' build
// (dist/pages/<page>/.server/render.cjs, exercised for real by the Playwright suite): it prints
// what it was given, so the test sees what the API passes to it and what it does with the HTML.
const pageHtml = (page: string) =>
  [
    '<!doctype html><html><head><!--page-head:start--><title>Page</title><!--page-head:end-->',
    `<script async src="/pages/${page}/early-read.js"></script>`,
    `<script type="module" crossorigin src="/pages/${page}/assets/page-Ab12.js"></script>`,
    '</head><body><div id="root"><!--page-body:start--><p>Loading…</p><!--page-body:end--></div></body></html>',
  ].join('\n');

const RENDERER = `exports.render = (page) => {
  const answer = page.answers[0];
  const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const data = answer.body && answer.body.data;
  const code = data && data.deliveryCode ? ' <strong>Your delivery code ' + escape(data.deliveryCode) + '</strong>' : '';
  return '<main data-status="' + answer.status + '" data-path="' + escape(page.pathname) + '" data-search="' + escape(page.search) + '">' + escape(data ? data.itemName : answer.body.error.message) + code + '</main>';
};`;

let dist: TempDist;
beforeAll(async () => {
  dist = await createTempDist({
    'pages/buyer/page.html': pageHtml('buyer'),
    'pages/buyer/.server/render.cjs': RENDERER,
    'pages/rider/page.html': pageHtml('rider'),
    'pages/rider/.server/render.cjs': RENDERER,
  });
});
afterAll(async () => dist.cleanup());

/** The JSON data block of a rendered document. */
function answersOf(html: string): { path: string; status: number; body: { data?: Record<string, unknown>; error?: { message: string } } }[] {
  const match = /<script type="application\/json" id="escrow-page-answers">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no answers in the document');
  return JSON.parse(match[1]) as ReturnType<typeof answersOf>;
}

/**
 * A browser's cookies as it keeps them, by name and path: a request carries those whose path
 * matches its own (RFC 6265 5.1.4), longer paths first; Max-Age=0 removes one.
 */
function browserCookies() {
  const kept = new Map<string, { name: string; value: string; path: string }>();
  const pathMatches = (requestPath: string, path: string) => requestPath === path || (requestPath.startsWith(path) && (path.endsWith('/') || requestPath[path.length] === '/'));
  return {
    take(headers: Headers) {
      for (const line of headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const name = pair.slice(0, pair.indexOf('='));
        const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
        if (attributes.some((a) => /^max-age=0$/i.test(a))) kept.delete(`${name} ${path}`);
        else kept.set(`${name} ${path}`, { name, value: pair.slice(name.length + 1), path });
      }
    },
    /** The Cookie header of a request to `target` (a path with its query). */
    for(target: string): string {
      const requestPath = new URL(target, 'http://localhost').pathname;
      return [...kept.values()]
        .filter((cookie) => pathMatches(requestPath, cookie.path))
        .sort((a, b) => b.path.length - a.path.length)
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; ');
    },
  };
}

describe.each(DIALECTS)('server-rendered buyer and rider links on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it("renders a buyer's shared link with the order as the API answers it, and keeps it out of caches", async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId, { itemName: 'Tecno Spark 20' });
    const api = client(world.app);
    const link = `/buyer/order/${order.id}?code=${order.buyerViewKey}`;

    const document = await api.get(link);
    expect(document.status).toBe(200);
    expect(document.headers.get('cache-control')).toBe('no-store');
    expect(document.text).toContain(`<div id="root"><!--page-body:start--><main data-status="200" data-path="/buyer/order/${order.id}" data-search="?code=${order.buyerViewKey}">Tecno Spark 20</main><!--page-body:end--></div>`);
    // The page's own read is already in the document: no early read of it.
    expect(document.text).not.toContain('early-read.js');
    expect(document.text).toContain('<script type="module" crossorigin src="/pages/buyer/assets/page-Ab12.js"></script>');

    // The same answer as the page's own read; the credentials are not repeated in the document.
    const answers = answersOf(document.text);
    const direct = await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(order.buyerViewKey) });
    expect(answers).toEqual([{ path: `/api/buyer/orders/${order.id}`, status: 200, body: direct.json }]);
    expect(document.text.split(order.buyerViewKey)).toHaveLength(2); // only in data-search, as the page's address
    expect(document.text).not.toContain(order.deliveryCode);
    // The read's proof cookie reaches the browser with the document, as with the page's own read.
    expect(document.headers.get('set-cookie')).toMatch(/buyer_proof=/);
  });

  it("renders the delivery code for the payer's browser reopening the shared link, and for no other browser", async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId, { itemName: 'Tecno Spark 20' });
    // Paid to the Paybill from a number M-Pesa does not show: the payer types the receipt on the page.
    const receipt = await payByPaybill(world.deps, order);
    const api = client(world.app);
    const link = `/buyer/order/${order.id}?code=${order.buyerViewKey}`;
    const code = new RegExp(`(?<!\\d)${order.deliveryCode}(?!\\d)`);
    const payer = browserCookies();

    const opened = await api.get(link);
    payer.take(opened.headers);
    expect(answersOf(opened.text)[0]?.body.data).toMatchObject({ deliveryCode: null, holdsCode: false });
    expect(opened.text).not.toMatch(code);

    // The receipt of the verified payment binds this browser: the payer cookie, for the buyer API
    // and for the buyer link's documents, HttpOnly and SameSite=Lax (not Secure over plain HTTP).
    const paymentPath = `/api/buyer/orders/${order.id}/payment`;
    const typed = await api.post(paymentPath, { headers: buyerHeaders(order.buyerViewKey, { cookie: payer.for(paymentPath) }), json: { termsAccepted: true, mpesaReceipt: receipt } });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.json.data?.['deliveryCode']).toBe(order.deliveryCode);
    const payerCookies = typed.headers.getSetCookie().filter((line) => line.startsWith(`payer_${order.id}=`));
    expect(payerCookies.map((line) => /; Path=([^;]+)/.exec(line)?.[1]).sort()).toEqual(['/api/buyer/orders', '/buyer']);
    for (const line of payerCookies) {
      expect(line).toMatch(/; HttpOnly/);
      expect(line).toMatch(/; SameSite=Lax/);
      expect(line).not.toMatch(/; Secure/);
    }
    payer.take(typed.headers);

    // The payer's browser opens the shared link again: the document carries the payer cookie, and
    // its first read (the answer the page hydrates from) and its HTML hold the code.
    expect(payer.for(link)).toContain(`payer_${order.id}=`);
    const reopened = await api.get(link, { headers: { cookie: payer.for(link) } });
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('cache-control')).toBe('no-store');
    const [answer] = answersOf(reopened.text);
    expect(answer?.body.data).toMatchObject({ deliveryCode: order.deliveryCode, holdsCode: true });
    expect(reopened.text).toContain(`Tecno Spark 20 <strong>Your delivery code ${order.deliveryCode}</strong></main>`);
    // The same answer as the page's own read of the API with the same browser's cookies.
    const readPath = `/api/buyer/orders/${order.id}`;
    const direct = await api.get(readPath, { headers: buyerHeaders(order.buyerViewKey, { cookie: payer.for(readPath) }) });
    expect(answer?.body).toEqual(direct.json);
    // The other link shape too.
    const otherShape = `/buyer/${order.id}?code=${order.buyerViewKey}`;
    expect(answersOf((await api.get(otherShape, { headers: { cookie: payer.for(otherShape) } })).text)[0]?.body.data?.['deliveryCode']).toBe(order.deliveryCode);

    // Any other browser with the link (the seller's, a preview fetcher): no code, in the answer or the HTML.
    const stranger = await api.get(link);
    expect(answersOf(stranger.text)[0]?.body.data).toMatchObject({ deliveryCode: null, holdsCode: false });
    expect(stranger.text).not.toMatch(code);
    // A payer cookie of another order is no proof for this one.
    const forged = await api.get(link, { headers: { cookie: payer.for(link).replace(`payer_${order.id}=`, 'payer_other-order=') } });
    expect(forged.text).not.toMatch(code);

    // The payer cookie goes nowhere else: not the live stream, not the other APIs or the assets.
    for (const elsewhere of [`/api/live/orders/${order.id}`, '/api/seller/orders', '/pages/buyer/assets/page-Ab12.js', '/']) expect(payer.for(elsewhere)).not.toContain('payer_');
  });

  it("the buyer's proof cookie reaches the link's document: a buyer who opened it before still gets the order once guesses spent the order's budget", async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId, { itemName: 'Tecno Spark 20' });
    const api = client(world.app);
    const link = `/buyer/order/${order.id}?code=${order.buyerViewKey}`;
    const buyer = browserCookies();
    const opened = await api.get(link);
    buyer.take(opened.headers);
    expect(buyer.for(link)).toMatch(/^buyer_proof=/);
    expect(buyer.for(`/buyer/${order.id}`)).toMatch(/^buyer_proof=/);

    // Wrong keys from many addresses spend the order's wrong-code budget.
    const limit = ESCROW_RATE_LIMITS.buyerWrongCodesPerOrder.limit;
    for (let i = 0; i < limit; i += 1) expect((await api.get(`/api/buyer/orders/${order.id}`, { headers: buyerHeaders(`wrong-view-key-${i}`), address: freshAddress() })).status).toBe(404);

    const again = await api.get(link, { headers: { cookie: buyer.for(link) } });
    expect(answersOf(again.text)[0]?.status).toBe(200);
    expect(again.text).toContain('>Tecno Spark 20</main>');
    // A browser without the proof gets the answer every guess gets now.
    expect(answersOf((await api.get(link)).text)[0]?.status).toBe(429);
  });

  it('renders a wrong code as the API answers it, and a link without a code as built', async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);

    const wrong = await api.get(`/buyer/${order.id}?code=999999`);
    expect(wrong.status).toBe(200);
    expect(answersOf(wrong.text)).toEqual([{ path: `/api/buyer/orders/${order.id}`, status: 404, body: { error: { code: 'BUYER_ORDER_NOT_FOUND', message: 'Order not found or invalid delivery code' } } }]);
    expect(wrong.text).toContain('data-status="404"');

    for (const path of [`/buyer/order/${order.id}`, `/buyer/order/${order.id}?code=%20`]) {
      const plain = await api.get(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('cache-control')).toBe('no-cache');
      expect(plain.text).toBe(pageHtml('buyer'));
    }
    // A HEAD reads nothing.
    const head = await api.call('HEAD', `/buyer/order/${order.id}?code=${order.buyerViewKey}`);
    expect(head.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps what a seller typed inside the data block: no closing tag, no comment', async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const itemName = '</script><script>alert(1)</script><!--';
    const order = await world.order(sellerId, { itemName });
    const document = await client(world.app).get(`/buyer/order/${order.id}?code=${order.buyerViewKey}`);
    expect(document.text.match(/<script/g)).toHaveLength(2); // the page's script and the data block
    expect(document.text).not.toContain('alert(1)</script>');
    expect(answersOf(document.text)[0]?.body.data?.['itemName']).toBe(itemName);
  });

  it("renders a rider's job link read with its phone and key, and one without its key as built", async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.assigned(sellerId);
    const api = client(world.app);

    const document = await api.get(`/rider/${order.id}?phone=${encodeURIComponent(phone)}&key=${key}`);
    expect(document.headers.get('cache-control')).toBe('no-store');
    const direct = await api.get(`/api/rider/orders/${order.id}`, { headers: riderHeaders(phone, key) });
    expect(answersOf(document.text)).toEqual([{ path: `/api/rider/orders/${order.id}`, status: 200, body: direct.json }]);
    expect(document.text).toContain('data-status="200"');

    expect((await api.get(`/rider/${order.id}?phone=${encodeURIComponent(phone)}`)).text).toBe(pageHtml('rider'));
  });
});

describe('a lean page whose renderer is missing or fails', () => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('is sent as built, and a failing renderer is logged', async () => {
    world = await openWorld('sqlite', { frontendDist: dist.distDir });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const link = `/buyer/order/${order.id}?code=${order.buyerViewKey}`;
    const file = join(dist.distDir, 'pages/buyer/.server/render.cjs');
    try {
      // A new build of the renderer is loaded again (the file changed): this one throws.
      await writeFile(file, 'exports.render = () => { throw new Error("render broke"); };');
      const failed = await api.get(link);
      expect(failed.status).toBe(200);
      expect(failed.text).toBe(pageHtml('buyer'));
      expect(world.logs.some((entry) => entry.message.includes('could not be rendered on the server'))).toBe(true);

      await rm(file);
      expect((await api.get(link)).text).toBe(pageHtml('buyer'));
    } finally {
      await writeFile(file, RENDERER);
    }
  });
});
