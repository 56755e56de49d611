import { randomUUID } from 'node:crypto';
import { requestRefund } from '@escrow/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../escrow-support/world.js';
import { DIALECTS, idempotencyKey, openSellerWorld, type SellerSession, type SellerWorld, type Session } from './seller-world.js';

describe.each(DIALECTS)('admin settlement and refunds API on %s', (dialect) => {
  let world: SellerWorld;
  let admin: Session;
  let seller: SellerSession;
  beforeAll(async () => {
    world = await openSellerWorld(dialect);
    admin = await world.admin();
    seller = await world.seller('Amani Phones');
  });
  afterAll(async () => world?.dispose());

  const postings = (orderId: string) => world.composed.database.db.selectFrom('ledger_postings').select(['kind']).where('order_id', '=', orderId).execute();

  it("is for admins only: 401 without a session, 403 'Access denied. Admin privileges required.' for a seller", async () => {
    expect((await world.call('GET', '/api/admin/orders')).status).toBe(401);
    const refused = await world.call('GET', '/api/admin/orders', { cookie: seller.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'FORBIDDEN', message: 'Access denied. Admin privileges required.' });
  });

  it("lists every order with the seller's name and the spec's status labels, filtered and paged; never a delivery code", async () => {
    const { order } = await world.delivered(seller);
    const reply = await world.call('GET', '/api/admin/orders?status=awaiting_settlement&pageSize=100', { cookie: admin.cookie });
    expect(reply.status).toBe(200);
    const row = reply.body.data.orders.find((o: { id: string }) => o.id === order.id);
    expect(row).toMatchObject({ sellerBusinessName: 'Amani Phones', statusLabel: 'Awaiting Escrow Payment', canMarkPaid: true, settlementPaid: false, sellerPayout: order.sellerPayout, actions: ['confirm_settlement', 'reject_refund'] });
    expect(reply.body.data.orders.every((o: { status: string }) => o.status === 'awaiting_settlement')).toBe(true);
    expect(reply.body.data.total).toBeGreaterThanOrEqual(1);
    expect(reply.text).not.toContain(order.deliveryCode);
    expect(reply.text).not.toContain(order.riderKey);
    const one = await world.call('GET', `/api/admin/orders/${order.id}`, { cookie: admin.cookie });
    expect(one.body.data).toMatchObject({ id: order.id, sellerBusinessName: 'Amani Phones', canMarkPaid: true, actions: ['confirm_settlement', 'reject_refund'] });
    expect(one.text).not.toContain(order.deliveryCode);
    expect((await world.call('GET', '/api/admin/orders?status=bogus', { cookie: admin.cookie })).body.error?.message).toBe('Unknown order status');
  });

  it("marks a delivered order paid exactly once: 'Settlement Paid', one settlement posting; again is 409", async () => {
    const { order } = await world.delivered(seller);
    const paid = await world.call('POST', `/api/admin/orders/${order.id}/settlement`, { cookie: admin.cookie, json: { reference: 'B2C-778899' } });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ order: { status: 'settlement_completed', statusLabel: 'Settlement Paid', settlementPaid: true, settlementReference: 'B2C-778899', canMarkPaid: false, actions: ['reject_refund'] }, message: 'Settlement confirmed! Payment marked as sent to seller and rider.' });
    const again = await world.call('POST', `/api/admin/orders/${order.id}/settlement`, { cookie: admin.cookie, json: {} });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('ALREADY_SETTLED');
    expect((await postings(order.id)).filter((p) => p.kind === 'settlement_out')).toHaveLength(1);
    const undelivered = await world.paid(seller);
    expect((await world.call('POST', `/api/admin/orders/${undelivered.id}/settlement`, { cookie: admin.cookie, json: {} })).status).toBe(409);
    expect((await world.call('POST', `/api/admin/orders/${randomUUID()}/settlement`, { cookie: admin.cookie, json: {} })).status).toBe(404);
  });

  it('settles once however many admins press Mark Paid at the same moment (with or without the same key)', async () => {
    const { order } = await world.delivered(seller);
    const key = idempotencyKey();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => world.call('POST', `/api/admin/orders/${order.id}/settlement`, { cookie: admin.cookie, json: {}, headers: i % 2 === 0 ? key : {} })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.every((s) => [200, 409].includes(s)), statuses.join(',')).toBe(true);
    expect((await postings(order.id)).filter((p) => p.kind === 'settlement_out')).toHaveLength(1);
    expect((await world.reload(order.id)).status).toBe('settlement_completed');
  });

  it('unlocks a locked code as an admin too', async () => {
    const t = await world.inTransit(seller);
    const { completeDelivery } = await import('@escrow/core');
    for (let i = 0; i < 5; i += 1) await completeDelivery(world.deps, { orderId: t.order.id, actor: { kind: 'rider', phone: t.phone, key: t.key }, code: t.order.deliveryCode === '111111' ? '222222' : '111111' });
    expect((await world.reload(t.order.id)).codeLockedAt).not.toBeNull();
    const reply = await world.call('POST', `/api/admin/orders/${t.order.id}/unlock-code`, { cookie: admin.cookie });
    expect(reply.body.data.order.codeLocked).toBe(false);
    expect((await world.reload(t.order.id)).codeAttempts).toBe(0);
  });

  it('lists open refund requests with their orders and resolves them: refund cancels and moves the money back, once', async () => {
    const order = await world.paid(seller);
    const request = must(await requestRefund(world.deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, reason: 'Seller sent a different phone model' }));
    const open = await world.call('GET', '/api/admin/refund-requests', { cookie: admin.cookie });
    const listed = open.body.data.refundRequests.find((r: { id: string }) => r.id === request.id);
    expect(listed).toMatchObject({ status: 'open', requestedBy: 'buyer', reason: 'Seller sent a different phone model', order: { id: order.id, status: 'paid' }, paidWithoutRiderFor72Hours: false });
    expect(open.text).not.toContain(order.deliveryCode);
    // No M-Pesa payouts here: the admin screen asks for the reference of a refund sent by hand.
    expect(open.body.data.payoutMode).toBe('manual');

    const noReference = await world.call('POST', `/api/admin/refund-requests/${request.id}/resolve`, { cookie: admin.cookie, json: { decision: 'refund', mpesaReference: 'short' } });
    expect(noReference.body.error?.message).toBe('Enter the 10-character M-Pesa reference of the refund');
    const refunded = await world.call('POST', `/api/admin/refund-requests/${request.id}/resolve`, { cookie: admin.cookie, json: { decision: 'refund', mpesaReference: 'rfx1234567', note: 'Paid back by B2C' } });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.data).toMatchObject({ order: { status: 'cancelled' }, message: 'Refund recorded. The order is cancelled.' });
    expect((await postings(order.id)).map((p) => p.kind).sort()).toEqual(['payment_in', 'refund_out', 'refund_reserve']);
    const again = await world.call('POST', `/api/admin/refund-requests/${request.id}/resolve`, { cookie: admin.cookie, json: { decision: 'reject' } });
    expect(again.status).toBe(409);
    const done = await world.call('GET', '/api/admin/refund-requests?status=refunded', { cookie: admin.cookie });
    expect(done.body.data.refundRequests.find((r: { id: string }) => r.id === request.id)).toMatchObject({ status: 'refunded', mpesaReference: 'RFX1234567' });
    expect((await world.call('POST', `/api/admin/refund-requests/${randomUUID()}/resolve`, { cookie: admin.cookie, json: { decision: 'reject' } })).status).toBe(404);
  });

  it('rejects a refund request: the order goes on unchanged', async () => {
    const order = await world.paid(seller);
    const request = must(await requestRefund(world.deps, { orderId: order.id, actor: { kind: 'buyer', deliveryCode: order.deliveryCode }, reason: 'Changed my mind after paying' }));
    const reply = await world.call('POST', `/api/admin/refund-requests/${request.id}/resolve`, { cookie: admin.cookie, json: { decision: 'reject', note: 'Item is as described' } });
    expect(reply.body.data).toMatchObject({ order: { status: 'paid' }, message: 'Refund request rejected' });
  });
});
