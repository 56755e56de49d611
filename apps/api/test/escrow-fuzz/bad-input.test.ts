import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoForm, PNG } from '../escrow-support/world.js';
import { ENDPOINTS, type Endpoint } from '../escrow-matrix/matrix-endpoints.js';
import { openMatrixWorld, scenario, type Cast, type CallerName, type Scenario } from '../escrow-matrix/matrix-scenarios.js';
import { DIALECTS, type Reply, type SellerWorld } from '../escrow-seller/seller-world.js';
import { BAD_CODES, BAD_COOKIES, BAD_RIDER_PROOFS, BAD_EXPORT_QUERIES, BAD_PAYOUT_QUERIES, BAD_IDEMPOTENCY_KEYS, BAD_IDS, BAD_PHONES, BAD_QUERIES, BAD_UPLOAD_PATHS, badBodies, badUploads, BODIES, ORDER_BODY, type BadRequest } from './fuzz-cases.js';

/** Text that must be stored and returned exactly, never interpreted: SQL, markup, odd Unicode. */
const NASTY = [
  "Robert'); DROP TABLE orders;--",
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror="alert(1)">',
  '" OR "1"="1',
  '{{7*7}} ${7*7} <%= 7*7 %>',
  'Zeb\u202Eraw\u202C \u200B\u200D 🛵📦 Ñairobi — “quotes” \\ back\\slash',
];

const credentialsOf = (endpoint: Endpoint): CallerName => endpoint.allowed[0] ?? 'anonymous';

/**
 * At least 1,000 malformed requests across every endpoint, sent with the right credentials so
 * they reach the parsing and the use cases: wrong types, missing fields, huge strings, bad
 * JSON, wrong content types, traversal in paths and file names, SQL and markup. Every answer
 * must be a 4xx with a JSON `{ error: { code, message } }`; no 5xx, nothing logged as a failure,
 * and nothing changes. Rate limits are off (NODE_ENV=test) so the limiter does not answer first.
 */
describe.each(DIALECTS)('bad input on %s', (dialect) => {
  let world: SellerWorld;
  let cast: Cast;
  beforeAll(async () => {
    world = await openMatrixWorld(dialect, { RATE_LIMITS: 'off', NODE_ENV: 'test' });
    cast = { seller: await world.seller('Fuzz Phones'), otherSeller: await world.seller('Other Shop'), admin: await world.admin() };
  }, 60_000);
  afterAll(async () => world?.dispose());

  const send = async (r: BadRequest): Promise<Reply> => {
    const headers = { ...r.headers };
    const cookie = headers['cookie']?.startsWith('session=') && !r.label.startsWith('cookie') ? headers['cookie'].slice('session='.length) : undefined;
    if (cookie !== undefined) delete headers['cookie'];
    const body = r.body instanceof Uint8Array ? Buffer.from(r.body) : r.body;
    return world.call(r.method, r.path, { cookie, headers, ...(body !== undefined ? (body instanceof FormData ? { form: body } : { body }) : {}) });
  };

  function casesFor(endpoint: Endpoint, s: Scenario): BadRequest[] {
    const caller = credentialsOf(endpoint);
    const creds = s.headers[caller];
    const id = endpoint.target === 'rider' ? s.riderId : endpoint.target === 'refund' ? (s.refundRequestId ?? '') : endpoint.target === 'contact' ? s.contactId : endpoint.target === 'payout' ? (s.payoutId ?? '') : s.order.id;
    const good = endpoint.request(s, id);
    const out: BadRequest[] = [];
    const add = (label: string, over: Partial<BadRequest>) => out.push({ label: `${endpoint.name}: ${label}`, method: good.method, path: good.path, headers: { ...creds }, ...over });
    const validBody = BODIES[endpoint.name]?.valid(s);
    const jsonOf = (value: unknown) => ({ headers: { ...creds, 'content-type': 'application/json' }, body: JSON.stringify(value) });

    const spec = BODIES[endpoint.name];
    if (spec) for (const bad of badBodies(spec, s)) add(bad.label, { headers: { ...creds, ...bad.headers }, body: bad.body });

    if (endpoint.target === 'order' || endpoint.target === 'rider' || endpoint.target === 'refund' || endpoint.target === 'contact' || endpoint.target === 'payout') {
      for (const badId of BAD_IDS) add(`id ${badId.slice(0, 20)}`, { path: good.path.replace(id, badId), ...(validBody ? jsonOf(validBody) : {}) });
    }
    if (good.path.startsWith('/api/seller/orders?') || good.path.startsWith('/api/admin/')) {
      // The sellers list has no status filter (an unknown parameter is ignored, as everywhere).
      const filtersStatus = good.path.startsWith('/api/admin/') && !good.path.startsWith('/api/admin/sellers');
      const searches = good.path.startsWith('/api/admin/orders?') || good.path.startsWith('/api/admin/sellers') ? ['q=%00', 'q=Amani%00', 'q=0712%00345678'] : [];
      const queries = [...(filtersStatus ? [...BAD_QUERIES, 'status=%3Cscript%3E', 'status=PAID', "status=paid'--"] : BAD_QUERIES), ...searches];
      // Routes that read no query (the summary, the Paybill) ignore one; the export reads dates only.
      const takesPages = good.path.includes('?') && !good.path.startsWith('/api/admin/export.csv');
      const asked = good.path.startsWith('/api/admin/export.csv') ? BAD_EXPORT_QUERIES : good.path.startsWith('/api/admin/payouts?') ? BAD_PAYOUT_QUERIES : takesPages ? queries : [];
      if (good.method === 'GET' && endpoint.target === 'list' && !good.path.startsWith('/api/live')) for (const q of asked) add(`query ${q}`, { path: `${good.path.split('?')[0]}?${q}` });
    }
    if ('x-delivery-code' in creds) for (const code of BAD_CODES) add(`delivery code ${code.slice(0, 12)}`, { headers: { 'x-delivery-code': code }, ...(validBody ? { body: JSON.stringify(validBody) } : {}) });
    if ('x-rider-phone' in creds) {
      for (const phone of BAD_PHONES) add(`rider phone ${phone.slice(0, 12)}`, { headers: { ...creds, 'x-rider-phone': phone } });
      // Job lists and taking a job go by phone alone; every other rider request needs the link key.
      if ('x-rider-key' in creds && endpoint.target === 'order' && endpoint.name !== 'POST /api/rider/orders/:id/take') {
        for (const key of ['', ' ', 'x'.repeat(500), "' OR '1'='1", '../../etc/passwd']) add(`rider key ${key.slice(0, 12)}`, { headers: { ...creds, 'x-rider-key': key } });
      }
    }
    if ('cookie' in creds) for (const cookie of BAD_COOKIES) add(`cookie ${cookie.slice(0, 16)}`, { headers: { cookie } });
    // A phone with a proof no server made: refused like a phone alone (401).
    if ('x-rider-phone' in creds && !('x-rider-key' in creds && endpoint.target === 'order' && endpoint.name !== 'POST /api/rider/orders/:id/take')) {
      for (const cookie of BAD_RIDER_PROOFS) add(`rider proof ${cookie.slice(12, 28)}`, { headers: { ...creds, cookie } });
    }
    if (good.method !== 'GET' && endpoint.takesIdempotencyKey !== false) {
      for (const key of BAD_IDEMPOTENCY_KEYS) {
        const body = good.photo ? { body: photoForm(PNG) } : validBody ? { body: JSON.stringify(validBody) } : {};
        add(`Idempotency-Key ${key.slice(0, 12)}`, { headers: { ...creds, 'idempotency-key': key, ...(validBody ? { 'content-type': 'application/json' } : {}) }, ...body });
      }
    }
    if (endpoint.name === 'POST /api/rider/orders/:id/pickup') for (const u of badUploads('photo')) add(u.label, { headers: { ...creds, ...u.headers }, body: u.body });
    if (endpoint.name === 'POST /api/seller/orders') {
      const fields = Object.fromEntries(Object.entries(ORDER_BODY.valid(s)).map(([k, v]) => [k, String(v)]));
      // An empty file part is what a browser sends for a file input left empty: no photo, not a bad one.
      const uploads = (field: string) => badUploads(field, fields).filter((u) => u.label !== 'empty file');
      for (const u of uploads('productPhoto')) add(`product photo: ${u.label}`, { headers: { ...creds, ...u.headers }, body: u.body });
      for (const u of uploads('packagedPhoto')) add(`packaged photo: ${u.label}`, { headers: { ...creds, ...u.headers }, body: u.body });
      add('a 2 MB item name', jsonOf({ ...validBody, itemName: 'x'.repeat(2_000_000) }));
    }
    return out;
  }

  it('refuses at least 1,000 malformed requests across all endpoints with a clear 4xx JSON message, never a 5xx, changing nothing', { timeout: 300_000 }, async () => {
    const problems: string[] = [];
    const perEndpoint: Record<string, number> = {};
    let sent = 0;
    for (const endpoint of ENDPOINTS) {
      if (endpoint.target === 'file') continue;
      if (endpoint.name === 'GET /api/rider/phone-proof') {
        // It reads nothing but its cookie, and a cookie it does not know is no proof: 200 { phone: null }, never a refusal.
        for (const cookie of BAD_RIDER_PROOFS) {
          const reply = await world.call('GET', '/api/rider/phone-proof', { headers: { cookie } });
          sent += 1;
          perEndpoint[endpoint.name] = (perEndpoint[endpoint.name] ?? 0) + 1;
          if (reply.status !== 200 || reply.body.data?.phone !== null) problems.push(`${endpoint.name} with ${cookie.slice(0, 24)} -> ${reply.status} ${reply.text.slice(0, 120)}`);
        }
        continue;
      }
      const s = await scenario(world, cast, endpoint.stage);
      const ordersBefore = (await world.composed.database.db.selectFrom('orders').select('id').execute()).length;
      for (const r of casesFor(endpoint, s)) {
        const reply = await send(r);
        sent += 1;
        perEndpoint[endpoint.name] = (perEndpoint[endpoint.name] ?? 0) + 1;
        const type = reply.headers.get('content-type') ?? '';
        const message = reply.body.error?.message;
        if (reply.status < 400 || reply.status > 499) problems.push(`${r.label} -> ${reply.status} ${reply.text.slice(0, 200)}`);
        else if (!type.startsWith('application/json')) problems.push(`${r.label} -> ${reply.status} with ${type}`);
        else if (typeof reply.body.error?.code !== 'string' || typeof message !== 'string' || message.trim() === '' || /\bat .+\.(ts|js):\d+/.test(message)) problems.push(`${r.label} -> unclear error ${reply.text.slice(0, 200)}`);
      }
      const after = await world.reload(s.order.id);
      if (after.version !== s.order.version) problems.push(`${endpoint.name}: the order changed (version ${s.order.version} -> ${after.version})`);
      const ordersAfter = (await world.composed.database.db.selectFrom('orders').select('id').execute()).length;
      if (ordersAfter !== ordersBefore) problems.push(`${endpoint.name}: ${ordersAfter - ordersBefore} orders were created`);
    }
    for (const path of BAD_UPLOAD_PATHS) {
      const reply = await world.call('GET', path);
      sent += 1;
      perEndpoint['GET /uploads/order-photos/:folder/:name'] = (perEndpoint['GET /uploads/order-photos/:folder/:name'] ?? 0) + 1;
      if (reply.status !== 404 || !(reply.headers.get('content-type') ?? '').startsWith('application/json')) problems.push(`${path} -> ${reply.status} ${reply.headers.get('content-type')}`);
    }
    console.log(`[${dialect}] bad input: ${sent} malformed requests over ${Object.keys(perEndpoint).length} endpoints, ${problems.length} problems`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(1_000);
    expect(Object.keys(perEndpoint)).toHaveLength(ENDPOINTS.length);
    expect(world.logs.filter((entry) => entry.level === 'error')).toEqual([]);
    // Every NUL and lone surrogate was refused by its field's schema or use case, none by the store's last line.
    expect(world.logs.filter((entry) => /NUL or a lone surrogate/.test(entry.message))).toEqual([]);
  });

  it('stores SQL, markup and odd Unicode as plain text and returns it unchanged, only ever as JSON', async () => {
    for (const nasty of NASTY) {
      const fields = { ...ORDER_BODY.valid({} as Scenario), itemName: nasty, buyerName: nasty, buyerAddress: nasty, landmark: nasty, estate: nasty, houseNumber: nasty.slice(0, 200), pickupLocation: nasty };
      const created = await world.call('POST', '/api/seller/orders', { cookie: cast.seller.cookie, json: fields });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.get('content-type')).toMatch(/^application\/json/);
      expect(created.headers.get('x-content-type-options')).toBe('nosniff');
      const id = String(created.body.data.order.id);
      // The buyer link's key (the seller's answer never carries the code).
      const code = new URL(String(created.body.data.order.links.buyer)).searchParams.get('code') ?? '';
      const seller = await world.call('GET', `/api/seller/orders/${id}`, { cookie: cast.seller.cookie });
      expect(seller.body.data).toMatchObject({ itemName: nasty.trim(), buyerName: nasty.trim(), buyerAddress: nasty.trim(), landmark: nasty.trim(), estate: nasty.trim(), pickupLocation: nasty.trim() });
      const buyer = await world.call('GET', `/api/buyer/orders/${id}`, { headers: { 'x-delivery-code': code } });
      expect(buyer.body.data.itemName).toBe(nasty.trim());
      const open = await world.call('GET', `/api/public/orders/${id}`);
      expect(open.headers.get('content-type')).toMatch(/^application\/json/);
      expect(open.body.data.itemName).toBe(nasty.trim());
      // The raw JSON carries the markup as a JSON string, so no browser ever parses it as HTML.
      expect(open.text.startsWith('{')).toBe(true);
      const stored = await world.reload(id);
      expect(stored.itemName).toBe(nasty.trim());
    }
    const orders = await world.composed.database.db.selectFrom('orders').select('id').execute();
    expect(orders.length).toBeGreaterThan(NASTY.length);
  });

  it('keeps nasty text in riders, refund reasons and feedback comments exactly', async () => {
    const nasty = NASTY[0] ?? '';
    const html = NASTY[1] ?? '';
    const rider = await world.call('POST', '/api/seller/riders', { cookie: cast.seller.cookie, json: { name: html.slice(0, 100), phone: '0712 345 999', motorbikePlate: 'KMX 1A' } });
    expect(rider.status).toBe(201);
    const riders = await world.call('GET', '/api/seller/riders', { cookie: cast.seller.cookie });
    expect(riders.body.data.riders.map((r: { name: string }) => r.name)).toContain(html.slice(0, 100));

    const order = await world.paid(cast.seller);
    const refund = await world.call('POST', `/api/buyer/orders/${order.id}/refund-request`, { headers: { 'x-delivery-code': order.deliveryCode }, json: { reason: nasty } });
    expect(refund.status).toBe(201);
    const queue = await world.call('GET', '/api/admin/refund-requests?pageSize=100', { cookie: cast.admin.cookie });
    expect(queue.body.data.refundRequests.find((r: { order: { id: string } }) => r.order.id === order.id)?.reason).toBe(nasty);

    const { order: delivered } = await world.delivered(cast.seller);
    const feedback = await world.call('POST', `/api/buyer/orders/${delivered.id}/feedback`, { headers: { 'x-delivery-code': delivered.deliveryCode }, json: { riderRating: 5, sellerRating: 5, comment: html } });
    expect(feedback.status).toBe(201);
    const seen = await world.call('GET', `/api/seller/orders/${delivered.id}`, { cookie: cast.seller.cookie });
    expect(seen.body.data.feedback.comment).toBe(html);
  });

  it('ignores the names of uploaded files: a valid image sent as ../../../etc/passwd is stored under a generated name inside the uploads folder', async () => {
    const t = await world.inTransit(cast.seller);
    // A fresh accepted job, so the pickup upload is allowed.
    const { order, phone, key } = await world.assigned(cast.seller);
    const accepted = await world.call('POST', `/api/rider/orders/${order.id}/accept`, { headers: { 'x-rider-phone': phone, 'x-rider-key': key } });
    expect(accepted.status).toBe(200);
    const reply = await world.call('POST', `/api/rider/orders/${order.id}/pickup`, { headers: { 'x-rider-phone': phone, 'x-rider-key': key }, form: photoForm(PNG, '../../../../etc/passwd') });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.pickupPhotoUrl).toMatch(/^\/uploads\/order-photos\/pickup\/\d{13}-[A-Za-z0-9_-]+\.png$/);
    const form = new FormData();
    for (const [k, v] of Object.entries(ORDER_BODY.valid({} as Scenario))) form.set(k, String(v));
    form.set('productPhoto', new File([Buffer.from(PNG)], '..\\..\\..\\windows\\system32\\x.png', { type: 'image/png' }));
    const created = await world.call('POST', '/api/seller/orders', { cookie: cast.seller.cookie, form });
    expect(created.status).toBe(201);
    expect(created.body.data.order.productPhotoUrl).toMatch(/^\/uploads\/order-photos\/products\/\d{13}-[A-Za-z0-9_-]+\.png$/);
    // Nothing was written outside uploads/order-photos/{folder}/.
    const root = join(world.dataDir, 'uploads');
    expect(readdirSync(root)).toEqual(['order-photos']);
    for (const folder of readdirSync(join(root, 'order-photos'))) expect(['products', 'packaged', 'pickup', 'seller-logos']).toContain(folder);
    expect(existsSync(join(world.dataDir, 'etc'))).toBe(false);
    expect(t.order.id).toBeTruthy();
  });
});
