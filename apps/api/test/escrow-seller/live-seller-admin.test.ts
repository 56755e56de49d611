import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../escrow-live/sse-reader.js';
import { DIALECTS, openSellerWorld, ORDER_FORM, type SellerSession, type SellerWorld, type Session } from './seller-world.js';

describe.each(DIALECTS)('live streams for sellers and admins on %s', (dialect) => {
  let world: SellerWorld;
  let amani: SellerSession;
  let baraka: SellerSession;
  let admin: Session;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    amani = await world.seller('Amani Phones');
    baraka = await world.seller('Baraka Boutique');
    admin = await world.admin();
  });
  afterAll(async () => world?.dispose());

  const open = async (path: string, cookie: string) => {
    const response = await world.app.request(path, { headers: { cookie: `session=${cookie}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = sseReader(response);
    expect((await stream.next())?.event).toBe('ready');
    return stream;
  };
  const create = async (seller: SellerSession, itemName: string) => {
    const reply = await world.call('POST', '/api/seller/orders', { cookie: seller.cookie, json: { ...ORDER_FORM, itemName } });
    expect(reply.status).toBe(201);
    return String(reply.body.data.order.id);
  };

  it("streams a seller's own order changes only, and every change (orders and sellers) to an admin", async () => {
    const sellerStream = await open('/api/live/seller', amani.cookie);
    const adminStream = await open('/api/live/admin', admin.cookie);
    const theirs = await create(baraka, 'Baraka dress');
    const mine = await create(amani, 'Amani phone');
    const seen = await sellerStream.nextEvent('order.changed');
    // Baraka's order was created first, yet Amani's stream's first event is Amani's own.
    expect(seen?.data).toMatchObject({ orderId: mine, status: 'awaiting_payment', action: 'create_order' });
    expect(JSON.stringify(seen)).not.toContain(theirs);

    const first = await adminStream.nextEvent('order.changed');
    const second = await adminStream.nextEvent('order.changed');
    expect([first?.data, second?.data]).toEqual([expect.objectContaining({ orderId: theirs, sellerId: baraka.sellerId }), expect.objectContaining({ orderId: mine, sellerId: amani.sellerId })]);
    const about = await world.call('PUT', '/api/seller/profile/about', { cookie: baraka.cookie, json: { about: 'Dresses from Gikomba' } });
    expect(about.status).toBe(200);
    expect((await adminStream.nextEvent('seller.changed'))?.data).toMatchObject({ sellerId: baraka.sellerId });
    await sellerStream.cancel();
    await adminStream.cancel();
  });

  it('refuses the wrong callers before streaming: 401 anonymous, 403 a seller on the admin stream, 404 an account without a seller record', async () => {
    expect((await world.call('GET', '/api/live/seller')).status).toBe(401);
    expect((await world.call('GET', '/api/live/admin')).status).toBe(401);
    const sellerOnAdmin = await world.call('GET', '/api/live/admin', { cookie: amani.cookie });
    expect(sellerOnAdmin.status).toBe(403);
    expect(sellerOnAdmin.body.error?.message).toBe('Access denied. Admin privileges required.');
    expect((await world.call('GET', '/api/live/seller', { cookie: admin.cookie })).status).toBe(404);
  });

  it('ends a seller stream at the next change after its session is signed out, and an admin stream once the role is revoked', async () => {
    const seller = await world.seller('Short Session Shop');
    const otherAdmin = await world.admin();
    const sellerStream = await open('/api/live/seller', seller.cookie);
    const adminStream = await open('/api/live/admin', otherAdmin.cookie);
    expect((await world.call('POST', '/api/auth/sign-out', { cookie: seller.cookie })).status).toBe(200);
    await world.composed.database.db.deleteFrom('user_roles').where('user_id', '=', otherAdmin.userId).execute();
    await world.order(seller);
    expect(await sellerStream.nextEvent('order.changed')).toBeNull();
    expect(await adminStream.nextEvent('order.changed')).toBeNull();
  });
});
