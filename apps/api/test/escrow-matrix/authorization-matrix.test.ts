import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoForm, PNG } from '../escrow-support/world.js';
import { DIALECTS, ORDER_FORM, type Reply, type SellerWorld } from '../escrow-seller/seller-world.js';
import { ENDPOINTS, type Endpoint } from './matrix-endpoints.js';
import { CALLERS, openMatrixWorld, scenario, type Cast, type CallerName, type Scenario } from './matrix-scenarios.js';

/**
 * The one authorization matrix (issue 4): every endpoint of the escrow API (parts A and B) x
 * every kind of caller. Allowed exactly where the rules say; every denial is a 4xx that changes
 * nothing and, where the path names an order, rider or refund request, is the very answer the
 * same caller gets for an id that does not exist.
 */
describe.each(DIALECTS)('authorization matrix on %s', (dialect) => {
  let world: SellerWorld;
  let cast: Cast;
  let photoPath: string;
  const table: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    world = await openMatrixWorld(dialect);
    cast = { seller: await world.seller('Amani Phones'), otherSeller: await world.seller('Baraka Boutique'), admin: await world.admin() };
    const form = new FormData();
    for (const [key, value] of Object.entries(ORDER_FORM)) form.set(key, value);
    form.set('productPhoto', new File([Buffer.from(PNG)], 'product.png', { type: 'image/png' }));
    const created = await world.call('POST', '/api/seller/orders', { cookie: cast.seller.cookie, form });
    expect(created.status, created.text).toBe(201);
    photoPath = String(created.body.data.order.productPhotoUrl);
  }, 60_000);

  afterAll(async () => {
    const cells = Object.values(table).reduce((n, row) => n + Object.keys(row).length, 0);
    if (cells > 0) {
      const allowed = Object.values(table).reduce((n, row) => n + Object.values(row).filter((o) => o === 'allowed').length, 0);
      console.log(`[${dialect}] authorization matrix: ${Object.keys(table).length} endpoints x ${CALLERS.length} callers = ${cells} cells, ${allowed} allowed, ${cells - allowed} denied`);
    }
    await world?.dispose();
  });

  async function send(endpoint: Endpoint, s: Scenario, caller: CallerName, id: string): Promise<Reply> {
    const r = endpoint.request(s, id);
    const headers = { ...s.headers[caller] };
    // A session goes as the world's session cookie; a rider's proof cookie as it is.
    const cookie = headers['cookie']?.startsWith('session=') ? headers['cookie'].slice('session='.length) : undefined;
    if (cookie !== undefined) delete headers['cookie'];
    return world.call(r.method, r.path, {
      cookie,
      headers,
      ...(r.json !== undefined ? { json: r.json } : {}),
      ...(r.photo ? { form: photoForm(PNG) } : {}),
    });
  }

  const idOf = (endpoint: Endpoint, s: Scenario): string => {
    switch (endpoint.target) {
      case 'rider':
        return s.riderId;
      case 'refund':
        return s.refundRequestId ?? '';
      case 'contact':
        return s.contactId;
      case 'payment':
        return s.unmatchedTransId;
      case 'payout':
        return s.payoutId ?? '';
      case 'file':
        return photoPath;
      default:
        return s.order.id;
    }
  };

  const orderCount = async () => Number((await world.composed.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const riderCount = async () => Number((await world.composed.database.db.selectFrom('riders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** What the admin area's writes change: contact messages, the saved Paybill, the admin audit log. */
  const adminState = async () => {
    const db = world.composed.database.db;
    return {
      resolvedContacts: (await db.selectFrom('contact_submissions').select('id').where('resolved_at', 'is not', null).execute()).length,
      paybill: await db.selectFrom('system_config').selectAll().orderBy('config_key').execute(),
      audit: (await db.selectFrom('admin_audit_log').select('id').execute()).length,
      paybillPayments: await db.selectFrom('c2b_payments').select(['trans_id', 'status']).where('status', '!=', 'unmatched').orderBy('trans_id').execute(),
      // How each seller is told (the profile's Notifications section).
      sellerChoices: await db.selectFrom('sellers').select(['id', 'notify_by_sms', 'notify_by_email']).orderBy('id').execute(),
    };
  };
  const state = async () => ({ orders: await orderCount(), riders: await riderCount(), ...(await adminState()) });

  for (const endpoint of ENDPOINTS) {
    const who = endpoint.allowed.length === CALLERS.length ? 'everyone' : endpoint.allowed.join(', ');
    it(`${endpoint.name}: allowed for ${who}; denied for everyone else`, { timeout: 120_000 }, async () => {
      const row: Record<string, string> = {};
      table[endpoint.name] = row;
      let shared: Scenario | null = null;
      for (const caller of CALLERS) {
        const s: Scenario = endpoint.mutates || !shared ? await scenario(world, cast, endpoint.stage) : shared;
        shared = s;
        const before = await state();
        const reply = await send(endpoint, s, caller, idOf(endpoint, s));
        const after = await world.reload(s.order.id);
        const allowed = endpoint.allowed.includes(caller);
        const type = reply.headers.get('content-type') ?? '';

        if (allowed) {
          expect(reply.status, `${caller}: ${reply.text}`).toBeGreaterThanOrEqual(200);
          expect(reply.status, `${caller}: ${reply.text}`).toBeLessThan(300);
          if (endpoint.seenBy && endpoint.seenBy.length > 0) {
            const sees = reply.text.includes(s.order.id) || reply.text.includes(s.phones.r3);
            expect(sees, `${caller} ${endpoint.seenBy.includes(caller) ? 'must' : 'must not'} see the order`).toBe(endpoint.seenBy.includes(caller));
          }
          row[caller] = 'allowed';
        } else {
          expect([400, 401, 403, 404], `${caller}: ${reply.status} ${reply.text}`).toContain(reply.status);
          expect(type, caller).toMatch(/^application\/json/);
          expect(reply.body.error?.message, caller).toEqual(expect.any(String));
          // Nothing of the order leaks in a denial, and nothing changes.
          expect(reply.text).not.toContain(s.order.deliveryCode === '' ? '\u0000' : `"${s.order.deliveryCode}"`);
          expect(after.version, `${caller} must change nothing`).toBe(s.order.version);
          expect(await state(), `${caller} must create nothing`).toEqual(before);
          if (['order', 'rider', 'refund', 'contact', 'payment', 'payout'].includes(endpoint.target)) {
            const missing = await send(endpoint, s, caller, randomUUID());
            expect({ status: reply.status, body: reply.body }, `${caller}: a denial must look like a missing ${endpoint.target}`).toEqual({ status: missing.status, body: missing.body });
          }
          row[caller] = `denied ${reply.status}`;
        }
      }
      expect(Object.values(row).filter((o) => o === 'allowed')).toHaveLength(endpoint.allowed.length);
    });
  }

  it('covers every escrow route the app serves', () => {
    const served = new Set<string>();
    for (const route of world.app.routes) {
      if (route.method === 'ALL') continue;
      const path = route.path.replace(/\/$/, '');
      if (/^\/api\/(buyer|rider|public|live|seller\/(orders|riders|dashboard|fee-policy|profile\/notifications)|admin)\b/.test(path) || path.startsWith('/uploads')) served.add(`${route.method} ${path}`);
    }
    const covered = new Set(ENDPOINTS.map((e) => e.name));
    expect([...served].filter((route) => !covered.has(route)).sort(), 'served but not in the matrix').toEqual([]);
    expect([...covered].filter((route) => !served.has(route)).sort(), 'in the matrix but not served').toEqual([]);
  });

  it('taking a job that is already taken: a proven listed rider learns it (409) and gets no key; a number without proof gets 401 whatever the order', async () => {
    const s = await scenario(world, cast, 'assigned');
    const take = (caller: CallerName, id = s.order.id) => world.call('POST', `/api/rider/orders/${id}/take`, { headers: s.headers[caller] });
    const listed = await take('same-seller rider, not assigned');
    expect(listed.status).toBe(409);
    expect(listed.text).not.toMatch(/riderKey/);
    for (const caller of ['random phone', 'listed rider without proof'] as const) {
      const stranger = await take(caller);
      const strangerMissing = await take(caller, randomUUID());
      expect(stranger.status).toBe(401);
      expect(stranger.body).toEqual(strangerMissing.body);
      expect(stranger.body.error?.code).toBe('RIDER_PHONE_NOT_VERIFIED');
    }
    expect((await world.reload(s.order.id)).version).toBe(s.order.version);
  });
});
