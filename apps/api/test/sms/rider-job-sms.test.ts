import { recordC2bPayment, type Cents } from '@escrow/core';
import { testReceipt } from '@escrow/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, ORDER_FORM } from '../escrow-seller/seller-world.js';
import { openSmsWorld, type SmsWorld } from './sms-world.js';

/**
 * The rider's job reaches the rider's phone (issue 16): assigned by the seller, the rider gets
 * the job's link by SMS (through the outbox and Africa's Talking, here the simulator), and the
 * link, opened as a rider opens it, is the job. A rider replaced is told; their old link is dead.
 * Over real HTTP, on SQLite and PostgreSQL.
 */
describe.each(DIALECTS)('the rider gets the job by SMS (%s)', (dialect) => {
  let w: SmsWorld;
  beforeAll(async () => {
    w = await openSmsWorld(dialect);
  }, 60_000);
  afterAll(async () => w?.dispose());

  it('assigned: the link arrives on the rider\'s phone and opens the job; replaced: the old rider is told and the old link is refused', { timeout: 60_000 }, async () => {
    const seller = await w.seller();
    const form = new FormData();
    for (const [key, value] of Object.entries(ORDER_FORM)) form.set(key, value);
    const created = await w.call('POST', '/api/seller/orders', { cookie: seller.cookie, form });
    expect(created.status, created.text).toBe(201);
    const orderId = String(created.body.data.order.id);
    const order = await w.reload(orderId);
    expect(await recordC2bPayment(w.deps, { transId: testReceipt(), billRefNumber: order.trackingNumber, amount: order.price as Cents, msisdn: '254722000333', payerName: 'ACHIENG', businessShortCode: '174379', transTime: '20261127120000' })).toMatchObject({ ok: true });

    const first = await w.call('POST', `/api/seller/orders/${orderId}/rider`, { cookie: seller.cookie, json: { newRiderName: 'Kamau', newRiderPhone: '0733 444 555' } });
    expect(first.status, first.text).toBe(200);
    await w.composed.sendOutboxNow();
    const [job] = w.sim.sms.messagesTo('0733444555');
    expect(job?.message).toMatch(new RegExp(`^Escrow Delivery: New job ${order.trackingNumber}: ${w.apiUrl}/rider/`));
    // The same link the seller's page shows (links.rider), so either way the rider opens one job.
    const link = new URL(/http\S+/.exec(job?.message ?? '')?.[0] ?? '');
    expect(link.href).toBe(String(first.body.data.links.rider));
    const asRider = { 'x-rider-phone': link.searchParams.get('phone') ?? '', 'x-rider-key': link.searchParams.get('key') ?? '' };
    const opened = await fetch(`${w.apiUrl}/api/rider/orders/${orderId}`, { headers: asRider });
    expect(opened.status).toBe(200);

    const second = await w.call('POST', `/api/seller/orders/${orderId}/rider`, { cookie: seller.cookie, json: { newRiderName: 'Otieno', newRiderPhone: '0744 555 666' } });
    expect(second.status, second.text).toBe(200);
    await w.composed.sendOutboxNow();
    // The inbox, newest first.
    expect(w.sim.sms.messagesTo('0733444555').map((m) => m.message)).toEqual([`Escrow Delivery: You are no longer the rider for order ${order.trackingNumber}; the seller took you off it. Your link to it no longer works.`, job?.message]);
    expect(w.sim.sms.messagesTo('0744555666')[0]?.message).toContain(`/rider/${orderId}?phone=%2B254744555666&key=`);
    expect((await fetch(`${w.apiUrl}/api/rider/orders/${orderId}/accept`, { method: 'POST', headers: asRider })).status).toBeGreaterThanOrEqual(400);
    // The link is the rider's key: once sent, the outbox keeps who and when, not the text.
    const rows = await w.composed.database.db.selectFrom('outbox').select(['payload', 'delivered_at']).execute();
    const linkRows = rows.filter((r) => String(r.payload).includes(link.searchParams.get('key') ?? '-'));
    expect(linkRows).toEqual([]);
  });
});
