import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buyerHeaders, client, DIALECTS, openWorld, riderHeaders, type World } from '../escrow-support/world.js';
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
  return '<main data-status="' + answer.status + '" data-path="' + escape(page.pathname) + '" data-search="' + escape(page.search) + '">' + escape(data ? data.itemName : answer.body.error.message) + '</main>';
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
