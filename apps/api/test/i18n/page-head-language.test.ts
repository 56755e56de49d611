import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUYER_STATUS_LABELS_SW, viewTextsSw } from '@escrow/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageMetaSchema, pageMetaTranslationSchema } from '../../src/http/page-head.js';
import { buyerHeaders, DIALECTS, freshAddress, from, openWorld, type World } from '../escrow-support/world.js';
import { createTempDist, type TempDist } from '../helpers/temp-dist.js';
import { testApp } from '../helpers/test-app.js';

// Issue 19, decision 0067: the document the server sends speaks the request's language before
// any script runs: its title, description and Open Graph words (the shell's page-meta-sw.json),
// the "Loading…" placeholder, <html lang>; and a buyer's link rendered on the server carries
// the texts the API wrote in Swahili.
const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../../../${path}`, import.meta.url)), 'utf8');
const META = repoFile('frontends/shell/public/page-meta.json');
const META_SW = repoFile('frontends/shell/public/page-meta-sw.json');
const english = pageMetaSchema.parse(JSON.parse(META));
const swahili = pageMetaTranslationSchema.parse(JSON.parse(META_SW));

// The renderer stands in for the buyer page's build (dist/pages/buyer/.server/render.cjs): it
// prints the texts of the answer it was given, so the test sees what the page would show.
const RENDERER = `exports.render = (page) => {
  const data = page.answers[0].body.data;
  const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return '<main data-locale="' + page.locale + '"><h1>' + escape(data.statusLabel) + '</h1><p>' + escape(data.payment ? data.payment.message : '') + '</p></main>';
};`;

let dist: TempDist;
beforeAll(async () => {
  dist = await createTempDist({
    'index.html': repoFile('frontends/shell/index.html'),
    'pages/buyer/page.html': repoFile('frontends/buyer/page.html'),
    'pages/buyer/.server/render.cjs': RENDERER,
    'page-meta.json': META,
    'page-meta-sw.json': META_SW,
  });
});
afterAll(async () => dist.cleanup());

const SWAHILI_COOKIE = { Cookie: 'escrow_lang=sw' };
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, attribute: string) => new RegExp(`<meta (?:name|property)="${attribute}" content="([^"]*)"`).exec(html)?.[1];
const decode = (text: string | undefined) => text?.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');

describe("the pages' words in the request's language", () => {
  const app = () => testApp({ frontendDist: dist.distDir, publicBaseUrl: 'https://escrow.example' }).app;

  it('sends a Swahili request its title, description, Open Graph words, loading text and <html lang> in Swahili', async () => {
    const response = await app().request('/about', { headers: SWAHILI_COOKIE });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(titleOf(html)).toBe(`${swahili.pages['/about']?.title} | Escrow Delivery`);
    expect(decode(metaOf(html, 'description'))).toBe(swahili.pages['/about']?.description);
    expect(decode(metaOf(html, 'og:title'))).toBe(`${swahili.pages['/about']?.title} | Escrow Delivery`);
    expect(metaOf(html, 'og:locale')).toBe('sw_KE');
    expect(decode(metaOf(html, 'og:image:alt'))).toBe(swahili.image?.alt);
    expect(html).toContain('<html lang="sw-KE">');
    expect(html).toContain('<p class="state state--loading">Inafungua…</p>');
    expect(html).not.toContain('Loading…');
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    expect(response.headers.get('vary')).toMatch(/Cookie/);
  });

  it("follows a Swahili browser without a cookie, the 404's words too; a device's choice of English wins", async () => {
    const missing = await app().request('/no-such-page', { headers: { 'Accept-Language': 'sw-KE,sw;q=0.9,en;q=0.8' } });
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(titleOf(html)).toBe(`${swahili.notFound.title} | Escrow Delivery`);
    expect(html).toContain('Inafungua…');
    const chosen = await (await app().request('/about', { headers: { Cookie: 'escrow_lang=en', 'Accept-Language': 'sw' } })).text();
    expect(titleOf(chosen)).toBe('About Us | Escrow Delivery');
    expect(chosen).toContain('<html lang="en-KE">');
    expect(chosen).toContain('Loading…');
  });

  it("sends the buyer's lean page (not rendered: no code in the link) with its Swahili title and loading text", async () => {
    const html = await (await app().request('/buyer/order/some-order', { headers: SWAHILI_COOKIE })).text();
    expect(titleOf(html)).toBe(`${swahili.pages['/buyer/order/:id']?.title} | Escrow Delivery`);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('Inafungua…');
    expect(html).toContain('<html lang="sw-KE">');
  });

  it('keeps English for a request that asks for nothing', async () => {
    const html = await (await app().request('/about')).text();
    expect(titleOf(html)).toBe('About Us | Escrow Delivery');
    expect(metaOf(html, 'og:locale')).toBe('en_KE');
    expect(html).toContain('Loading…');
  });
});

describe("the shell's page-meta-sw.json", () => {
  it('has every page of page-meta.json, each in Swahili (not left as its English)', () => {
    expect(Object.keys(swahili.pages).sort()).toEqual(Object.keys(english.pages).sort());
    for (const [route, entry] of Object.entries(english.pages)) {
      expect(swahili.pages[route]?.title, route).not.toBe(entry.title);
      expect(swahili.pages[route]?.description, route).not.toBe(entry.description);
    }
    expect(swahili.notFound.title).not.toBe(english.notFound.title);
    // The product's name is the same in both.
    expect(swahili.default.title).toBe(english.default.title);
    expect(swahili.default.description).not.toBe(english.default.description);
  });
});

describe.each(DIALECTS)("a buyer's link rendered on the server for a Swahili request on %s", (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('renders the texts the API wrote in Swahili, with the Swahili title and <html lang>', async () => {
    world = await openWorld(dialect, { frontendDist: dist.distDir, paybill: {} });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const response = await world.app.request(`/buyer/order/${order.id}?code=${order.deliveryCode}`, { headers: { ...SWAHILI_COOKIE, ...buyerHeaders(order.deliveryCode) } }, from(freshAddress()));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<main data-locale="sw">');
    expect(html).toContain(`<h1>${BUYER_STATUS_LABELS_SW.awaiting_payment}</h1>`);
    expect(html).toContain(`<p>${viewTextsSw.payment.detailsNotConfigured}</p>`);
    expect(titleOf(html)).toBe(`${swahili.pages['/buyer/order/:id']?.title} | Escrow Delivery`);
    expect(html).toContain('<html lang="sw-KE">');
    expect(html).not.toContain('Loading…');
  });
});
