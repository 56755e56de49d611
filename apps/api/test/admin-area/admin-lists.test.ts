import { confirmSettlement } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../escrow-support/world.js';
import { nextMillisecond } from '../helpers/next-millisecond.js';
import { DIALECTS, openSellerWorld, PASSWORD, type SellerSession, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';

describe.each(DIALECTS)('admin lists and summary on %s', (dialect) => {
  let world: SellerWorld;
  let admin: Session;
  let amani: SellerSession;
  let baraka: SellerSession;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    admin = await world.admin();
    amani = await world.seller('Amani Phones');
    baraka = await world.seller('Baraka Boutique');
  });
  afterAll(async () => world?.dispose());

  const get = (path: string) => world.call('GET', path, { cookie: admin.cookie });

  it('GET /orders: every row carries the seller, buyer, money, status and settlement columns; never a code or rider key', async () => {
    const { order } = await world.delivered(amani);
    const reply = await get(`/api/admin/orders?q=${order.trackingNumber}`);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.total).toBe(1);
    expect(reply.body.data.orders[0]).toEqual({
      id: order.id,
      trackingNumber: order.trackingNumber,
      itemName: 'iPhone 13',
      sellerId: amani.sellerId,
      sellerBusinessName: 'Amani Phones',
      // Where 'Mark Paid' sends the payout: the seller's saved payment details.
      sellerPaymentMethod: 'direct_mpesa',
      sellerPaymentNumber: '+254712345678',
      buyerName: 'Achieng Odhiambo',
      buyerPhone: '+254722000111',
      paymentMethod: 'mpesa_prepay',
      price: 65_000_00,
      serviceFee: order.serviceFee,
      sellerPayout: order.sellerPayout,
      riderPayout: 300_00,
      deliveryCost: 300_00,
      deliveryPaidBy: 'buyer',
      status: 'awaiting_settlement',
      statusLabel: 'Awaiting Escrow Payment',
      paymentConfirmed: true,
      settlementPaid: false,
      // Paid through the Paybill: M-Pesa's C2B confirmation verified it, so Mark Paid is offered.
      paymentVerifiedBy: 'c2b_confirmation',
      paymentBeingVerified: false,
      canMarkPaid: true,
      riderName: 'Otieno',
      riderPhone: order.riderPhone,
      codeLocked: false,
      createdAt: order.createdAt.toISOString(),
      deliveredAt: order.deliveredAt?.toISOString(),
      settledAt: null,
      // What the screen offers (decision 0062), from the transition table: Mark Paid, or rejecting a refund request.
      actions: ['confirm_settlement', 'reject_refund'],
      // Payouts by M-Pesa are off here: Mark Paid records the payouts made by hand, and none exist.
      payouts: [],
    });
    expect(reply.body.data.payoutMode).toBe('manual');
    expect(reply.text).not.toContain(order.deliveryCode);
    expect(reply.text).not.toContain(String(order.riderKey));
  });

  it('searches by tracking number (any case, spaces), buyer phone in every accepted format, or part of a business name', async () => {
    const phone = '0733 444 555';
    const mine = await world.order(amani, { buyerPhone: phone, itemName: 'Searchable phone' });
    const theirs = await world.order(baraka, { buyerPhone: '0733444556', itemName: 'Other dress' });
    const ids = async (q: string) => {
      const reply = await get(`/api/admin/orders?pageSize=100&q=${encodeURIComponent(q)}`);
      expect(reply.status, reply.text).toBe(200);
      return (reply.body.data.orders as { id: string }[]).map((o) => o.id);
    };
    const spaced = `${mine.trackingNumber.slice(0, 5).toLowerCase()} ${mine.trackingNumber.slice(5).toLowerCase()}`;
    expect(await ids(spaced)).toEqual([mine.id]);
    for (const written of ['0733444555', '0733 444 555', '254733444555', '+254 733 444 555', '+254733444555']) expect(await ids(written), written).toEqual([mine.id]);
    const byName = await ids('boutiq');
    expect(byName).toContain(theirs.id);
    expect(byName).not.toContain(mine.id);
    expect(await ids('AMANI')).toContain(mine.id);
    // Wildcards are literal: '%' matches no business name here.
    expect(await ids('%')).toEqual([]);
    expect(await ids('no such thing')).toEqual([]);
    const filtered = await get(`/api/admin/orders?status=awaiting_payment&q=${encodeURIComponent(phone)}`);
    expect(filtered.body.data.orders.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    expect((await get(`/api/admin/orders?status=paid&q=${encodeURIComponent(phone)}`)).body.data.total).toBe(0);
    expect((await get(`/api/admin/orders?q=${'x'.repeat(101)}`)).body.error?.message).toBe('Search for at most 100 characters');
  });

  it('pages newest first without overlap, with the total', async () => {
    const seller = await world.seller('Paging Shop');
    const made = [];
    for (let i = 0; i < 7; i += 1) {
      await nextMillisecond();
      made.push((await world.order(seller, { itemName: `Paged ${i}` })).id);
    }
    const page = async (n: number) => (await get(`/api/admin/orders?q=Paging%20Shop&pageSize=3&page=${n}`)).body.data;
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect(one.total).toBe(7);
    const seen = [...one.orders, ...two.orders, ...three.orders].map((o: { id: string }) => o.id);
    expect(seen).toEqual([...made].reverse());
    expect(one).toMatchObject({ page: 1, pageSize: 3 });
  });

  it('GET /summary: the six cards, computed by the database, equal the same figures counted from the rows', async () => {
    const shop = await world.seller('Summary Shop');
    await world.order(shop);
    await world.paid(shop);
    const delivered = await world.delivered(shop);
    const settled = await world.delivered(shop);
    must(await confirmSettlement(world.deps, { orderId: settled.order.id, actor: { kind: 'admin', userId: admin.userId }, reference: 'B2C-1' }));
    await world.order(shop, { paymentMethod: 'cash', buyerCashAmount: 65_300_00, deliveryPaidBy: 'seller', deliveryCost: 500_00 });
    await world.call('POST', '/api/contact', { json: { name: 'Wanjiru', email: 'wanjiru@example.com', message: 'Where is my parcel?' } });

    const reply = await get('/api/admin/summary');
    expect(reply.status, reply.text).toBe(200);
    const rows = await world.composed.database.db.selectFrom('orders').select(['status', 'service_fee', 'seller_payout', 'rider_payout', 'delivery_paid_by']).execute();
    const awaiting = rows.filter((r) => r.status === 'awaiting_settlement');
    const sellers = await world.composed.database.db.selectFrom('sellers').select('id').execute();
    const open = await world.composed.database.db.selectFrom('contact_submissions').select('resolved').execute();
    expect(reply.body.data).toEqual({
      totalOrders: rows.length,
      revenueCents: rows.filter((r) => r.status === 'settlement_completed').reduce((sum, r) => sum + Number(r.service_fee), 0),
      awaitingSettlement: {
        count: awaiting.length,
        payoutCents: awaiting.reduce((sum, r) => sum + Number(r.seller_payout) + Number(r.rider_payout), 0),
        owedCents: awaiting.reduce((sum, r) => sum + Number(r.seller_payout) + (r.delivery_paid_by === 'seller' ? Number(r.rider_payout) : 0), 0),
      },
      completed: rows.filter((r) => r.status === 'settlement_completed' || r.status === 'completed').length,
      totalSellers: sellers.length,
      pendingContacts: open.filter((c) => !c.resolved).length,
    });
    expect(reply.body.data.revenueCents).toBeGreaterThanOrEqual(settled.order.serviceFee);
    expect(reply.body.data.awaitingSettlement.count).toBeGreaterThanOrEqual(1);
    expect(reply.body.data.awaitingSettlement.payoutCents).toBeGreaterThanOrEqual(delivered.order.sellerPayout + delivered.order.riderPayout);
    expect(reply.body.data.pendingContacts).toBeGreaterThanOrEqual(1);
  });

  it('GET /sellers: newest first with payment details, searchable by name or phone, paged', async () => {
    await nextMillisecond();
    const shop = await world.seller('Zawadi Gadgets');
    const reply = await get('/api/admin/sellers?pageSize=100');
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.sellers[0]).toEqual({
      id: shop.sellerId,
      businessName: 'Zawadi Gadgets',
      location: 'Westlands, Nairobi',
      phone: '+254712345678',
      whatsapp: null,
      paymentMethod: 'direct_mpesa',
      paymentNumber: '+254712345678',
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(reply.body.data.total).toBe(reply.body.data.sellers.length);
    const byName = await get('/api/admin/sellers?q=zawadi');
    expect(byName.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect((await get('/api/admin/sellers?q=0712%20345%20678')).body.data.total).toBe(reply.body.data.total);
    expect((await get('/api/admin/sellers?pageSize=1&page=2')).body.data.sellers).toHaveLength(1);
  });

  it("never changes a seller's payment details: no admin route writes a seller, and the admin's own profile routes reach only the admin's own record", async () => {
    const before = await world.composed.database.db.selectFrom('sellers').selectAll().where('id', '=', amani.sellerId).executeTakeFirstOrThrow();
    const body = { paymentMethod: 'paybill', paymentNumber: '123456' };
    const attempts = [
      ['PUT', `/api/admin/sellers/${amani.sellerId}`],
      ['PATCH', `/api/admin/sellers/${amani.sellerId}`],
      ['POST', `/api/admin/sellers/${amani.sellerId}`],
      ['DELETE', `/api/admin/sellers/${amani.sellerId}`],
      ['PUT', `/api/admin/sellers/${amani.sellerId}/payment-info`],
      ['POST', `/api/admin/sellers/${amani.sellerId}/payment-info`],
      ['PUT', '/api/admin/sellers'],
      ['POST', '/api/admin/sellers'],
    ] as const;
    for (const [method, path] of attempts) {
      const reply = await world.call(method, path, { cookie: admin.cookie, json: { ...body, sellerId: amani.sellerId } });
      expect(reply.status, `${method} ${path}`).toBe(404);
    }
    // The seller's own route finds the record by the session: an admin without a seller record has none to change.
    const own = await world.call('PUT', '/api/seller/profile/payout-details', { cookie: admin.cookie, json: { method: 'paybill', paybillNumber: '123456', accountReference: 'ADMIN', currentPassword: PASSWORD, sellerId: amani.sellerId } });
    expect(own.status).toBe(404);
    expect(own.body.error?.code).toBe('SELLER_NOT_FOUND');
    const after = await world.composed.database.db.selectFrom('sellers').selectAll().where('id', '=', amani.sellerId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const served = world.app.routes.filter((r) => r.path.startsWith('/api/admin/sellers') && r.method !== 'GET' && r.method !== 'ALL');
    expect(served).toEqual([]);
  });

  it('refuses anonymous callers (401) and sellers (403) on every list', async () => {
    for (const path of ['/api/admin/orders', '/api/admin/summary', '/api/admin/sellers', '/api/admin/contacts', '/api/admin/payment-config', '/api/admin/export.csv']) {
      expect((await world.call('GET', path)).status, path).toBe(401);
      const seller = await world.call('GET', path, { cookie: amani.cookie });
      expect(seller.status, path).toBe(403);
      expect(seller.body.error).toEqual({ code: 'FORBIDDEN', message: 'Access denied. Admin privileges required.' });
    }
  });
});
