import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../escrow-live/sse-reader.js';
import { DIALECTS, openSellerWorld, SELLER_SIGNUP, type SellerWorld, type Session } from '../escrow-seller/seller-world.js';

describe.each(DIALECTS)("the admin's live stream on %s", (dialect) => {
  let world: SellerWorld;
  let admin: Session;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    admin = await world.admin();
  });
  afterAll(async () => world?.dispose());

  const open = async () => {
    const response = await world.app.request('/api/live/admin', { headers: { cookie: `session=${admin.cookie}` } });
    expect(response.status).toBe(200);
    const stream = sseReader(response);
    expect((await stream.next())?.event).toBe('ready');
    return stream;
  };

  it('carries new sellers and profile changes, contact messages (submitted, resolved) and Paybill changes, with ids only', async () => {
    const stream = await open();
    const account = await world.account();
    const created = await world.call('POST', '/api/seller/profile', { cookie: account.cookie, json: { ...SELLER_SIGNUP, businessName: 'Live Shop' } });
    expect(created.status).toBe(201);
    const sellerId = String(created.body.data.id);
    expect((await stream.nextEvent('seller.changed'))?.data).toEqual({ sellerId, change: 'created', at: expect.any(String) });
    expect((await world.call('PUT', '/api/seller/profile/about', { cookie: account.cookie, json: { about: 'Phones and more' } })).status).toBe(200);
    expect((await stream.nextEvent('seller.changed'))?.data).toEqual({ sellerId, change: 'updated', at: expect.any(String) });

    const sent = await world.call('POST', '/api/contact', { json: { name: 'Wanjiru', email: 'wanjiru@example.com', message: 'A private question' } });
    const contactId = String(sent.body.data.id);
    const submitted = await stream.nextEvent('contact.changed');
    expect(submitted?.data).toEqual({ contactId, change: 'submitted', at: expect.any(String) });
    expect(JSON.stringify(submitted)).not.toContain('A private question');
    expect((await world.call('POST', `/api/admin/contacts/${contactId}/resolve`, { cookie: admin.cookie })).status).toBe(200);
    expect((await stream.nextEvent('contact.changed'))?.data).toEqual({ contactId, change: 'resolved', at: expect.any(String) });

    expect((await world.call('PUT', '/api/admin/payment-config', { cookie: admin.cookie, json: { businessNumber: '247247', accountNumber: 'ESCROW', accountName: 'Escrow Ltd' } })).status).toBe(200);
    const changed = await stream.nextEvent('payment_config.changed');
    expect(changed?.data).toEqual({ at: expect.any(String) });
    expect(JSON.stringify(changed)).not.toContain('247247');
    await stream.cancel();
  });

  it('does not announce a refused write', async () => {
    const stream = await open();
    expect((await world.call('PUT', '/api/admin/payment-config', { cookie: admin.cookie, json: { businessNumber: '', accountNumber: 'x', accountName: 'y' } })).status).toBe(400);
    await world.call('POST', '/api/contact', { json: { name: 'Marker', email: 'marker@example.com', message: 'after the refusal' } });
    // The first event after the refused save is the contact message sent after it.
    const next = await stream.next();
    expect(next?.event).toBe('contact.changed');
    await stream.cancel();
  });
});
