import { account, balances, type Order } from '@escrow/core';
import { testReceipt } from '@escrow/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type Session, type SellerSession } from '../escrow-seller/seller-world.js';
import { c2bConfirmationBody, c2bConfirmationPath } from '../helpers/c2b-confirmation.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

/**
 * Paybill payments no order took (the buyer mistyped the account number): they arrive over
 * Daraja's C2B confirmation, show on the admin's Unmatched payments list, and an admin attaches
 * one to the order it was meant for (the order is paid, verified by that admin) or records that
 * it was sent back. Over real HTTP, on SQLite and PostgreSQL.
 */
describe.each(DIALECTS)('unmatched Paybill payments (%s)', (dialect) => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let admin: Session;
  beforeAll(async () => {
    w = await openMpesaWorld(dialect, { env: { MPESA_CALLBACK_SECRET: 'fedcba9876543210fedcba9876543210' } });
    seller = await w.seller();
    admin = await w.admin();
  }, 60_000);
  afterAll(async () => w?.dispose());

  /** Safaricom confirms a Paybill payment to our callback path. */
  const paybill = async (billRefNumber: string, amountCents: number, transId = testReceipt()) => {
    const reply = await w.call('POST', c2bConfirmationPath('fedcba9876543210fedcba9876543210'), { json: c2bConfirmationBody({ transId, billRefNumber, amountCents }) });
    expect(reply.status, reply.text).toBe(200);
    return transId;
  };
  const unverified = async () => (await w.call('GET', '/api/admin/payments/unverified', { cookie: admin.cookie })).body.data;
  const attach = (transId: string, trackingNumber: string, key?: string) =>
    w.call('POST', `/api/admin/payments/unmatched/${transId}/attach`, { cookie: admin.cookie, json: { trackingNumber }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const refund = (transId: string, mpesaReference: string) => w.call('POST', `/api/admin/payments/unmatched/${transId}/refund`, { cookie: admin.cookie, json: { mpesaReference } });
  const postings = async (order: Order) => w.composed.deps.store.read((tx) => tx.ledger.listByOrder(order.id));

  it('a payment to a mistyped account is listed; the admin attaches it by tracking number: the order is paid, verified by that admin, once', async () => {
    const order = await w.order(seller);
    // One character wrong (never the right one by chance).
    const mistyped = `${order.trackingNumber.slice(0, -1)}${order.trackingNumber.endsWith('Z') ? 'Y' : 'Z'}`;
    const transId = await paybill(mistyped, order.price);
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment' });
    const listed = (await unverified()).unmatched.find((p: { transId: string }) => p.transId === transId);
    expect(listed).toMatchObject({ amount: order.price, status: 'unmatched', billRefNumber: mistyped });
    expect(listed.note).toEqual(expect.any(String));

    const key = `attach-${transId}-key-0001`;
    const attached = await attach(transId, ` ${order.trackingNumber.toLowerCase()} `, key);
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body.data.message).toBe('Payment attached. The order is paid.');
    expect(attached.body.data.order).toMatchObject({ id: order.id, status: 'paid' });
    const paid = await w.reload(order.id);
    expect(paid).toMatchObject({ status: 'paid', mpesaReceipt: transId, paymentVerifiedBy: `admin:${admin.userId}`, paymentReceived: order.price });
    expect(balances(await postings(order)).get(account.escrow)).toBe(order.price);

    // A retry with the same key gets the same answer; another attach is refused; the list no longer has it.
    const retried = await attach(transId, ` ${order.trackingNumber.toLowerCase()} `, key);
    expect({ status: retried.status, body: retried.body }).toEqual({ status: attached.status, body: attached.body });
    const again = await attach(transId, order.trackingNumber);
    expect(again.status).toBe(400);
    expect(again.body.error?.message).toMatch(/No unmatched payment has this receipt/);
    expect((await postings(order)).map((p) => p.kind)).toEqual(['payment_in']);
    expect((await unverified()).unmatched.some((p: { transId: string }) => p.transId === transId)).toBe(false);
  });

  it('refuses in words: an unknown tracking number, a payment short of the price, an order already paid, an unknown receipt', async () => {
    const order = await w.order(seller);
    const transId = await paybill('NOSUCHORDER', order.price);
    const unknownOrder = await attach(transId, 'NOPE12345');
    expect(unknownOrder.status).toBe(400);
    expect(unknownOrder.body.error?.message).toBe('No order has this tracking number');
    const empty = await attach(transId, '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe('Enter the tracking number of the order this payment is for');

    const short = await paybill('NOSUCHORDER', order.price - 100);
    const shortReply = await attach(short, order.trackingNumber);
    expect(shortReply.status).toBe(400);
    expect(shortReply.body.error?.message).toMatch(/less than the order's price/);

    const paidOrder = await w.paid(seller);
    const toPaid = await attach(transId, paidOrder.trackingNumber);
    expect(toPaid.status).toBeGreaterThanOrEqual(400);
    expect(toPaid.status).toBeLessThan(500);
    expect((await postings(paidOrder)).map((p) => p.kind)).toEqual(['payment_in']);

    expect((await attach('ZZZZZZ0000', order.trackingNumber)).status).toBe(400);
    expect((await attach('not-a-receipt!', order.trackingNumber)).status).toBe(400);
    // Nothing moved: both payments are still unmatched, the order still waits.
    const still = (await unverified()).unmatched.map((p: { transId: string }) => p.transId);
    expect(still).toEqual(expect.arrayContaining([transId, short]));
    expect(await w.reload(order.id)).toMatchObject({ status: 'awaiting_payment' });
  });

  it('an admin records the refund of an unmatched payment, once, with a valid M-Pesa reference', async () => {
    const transId = await paybill('WHOKNOWS', 2_000_00);
    const bad = await refund(transId, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe('Enter the 10-character M-Pesa reference of the refund');
    const done = await refund(transId, 'rfd1234567');
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ message: 'Refund recorded for this payment.', payment: { transId, status: 'refunded' } });
    expect(done.body.data.payment.note).toMatch(/RFD1234567/);
    expect((await refund(transId, 'RFD1234567')).status).toBe(400);
    expect((await unverified()).unmatched.some((p: { transId: string }) => p.transId === transId)).toBe(false);
    // A refunded payment cannot be attached afterwards.
    const order = await w.order(seller);
    expect((await attach(transId, order.trackingNumber)).status).toBe(400);
  });
});
