import type { Order } from '@escrow/core';
import type * as Sim from '@escrow/daraja-sim';
import { darajaSimClient, SimControlRequestError, type DarajaSimClient } from '@escrow/test-kit/daraja-sim';
import type * as Kit from '@escrow/test-kit/daraja-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SellerSession } from '../escrow-seller/seller-world.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

/** True when the kit's copy of a simulator type is the simulator's (the kit depends on no workspace package, decision 0072). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const KIT_TYPES_MATCH_THE_SIMULATOR: [
  Same<Kit.PayBillInput, Sim.PayBillInput>,
  Same<Kit.PayBillResult, Sim.PayBillResult>,
  Same<Kit.StkBehaviour, Sim.StkBehaviour>,
  Same<Kit.SimPrompt, Sim.SimPrompt>,
  Same<Kit.SimCallback, Sim.SimCallback>,
  Same<Kit.SmsBehaviour, Sim.SmsBehaviour>,
  Same<Kit.SimSms, Sim.SimSms>,
  Same<Kit.PayoutBehaviour, Sim.PayoutBehaviour>,
  Same<Kit.SimPayout, Sim.SimPayout>,
  Same<Kit.SimReversal, Sim.SimReversal>,
] = [true, true, true, true, true, true, true, true, true, true];

/**
 * @escrow/test-kit/daraja-sim, the simulator's controls over HTTP (what the browser tests and
 * any test in another process use), against the real simulator and the API as production
 * composes it (SQLite: this is about the client, not the database).
 */
describe('the kit\'s Daraja simulator client', () => {
  let w: MpesaWorld;
  let seller: SellerSession;
  let sim: DarajaSimClient;
  beforeAll(async () => {
    w = await openMpesaWorld('sqlite');
    seller = await w.seller();
    sim = darajaSimClient(`${w.sim.url}/`);
  }, 60_000);
  afterAll(async () => w?.dispose());

  it('mirrors the simulator\'s public types', () => {
    expect(KIT_TYPES_MATCH_THE_SIMULATOR.every(Boolean)).toBe(true);
  });

  it('pays a Paybill the API takes, the confirmation showing the phone as asked (msisdnFormat)', async () => {
    const order = await w.order(seller);
    const transId = await sim.payBillConfirmed({ msisdn: '254722888101', account: order.trackingNumber, amount: order.price / 100, msisdnFormat: 'plain' });
    const [confirmation] = await sim.confirmationsOf(transId);
    expect(confirmation).toMatchObject({ kind: 'c2b_confirmation', status: 200, body: { TransID: transId, MSISDN: '254722888101', BillRefNumber: order.trackingNumber } });
    expect(w.sim.callbacks().find((c) => c.ref === transId)).toEqual(confirmation);
    const paid = await w.eventually(async () => {
      const o = await w.reload(order.id);
      return o.status === 'paid' ? o : undefined;
    });
    expect(paid).toMatchObject({ paymentVerifiedBy: 'c2b_confirmation', mpesaReceipt: transId });

    // The simulator's default format (sha256 here) when none is asked for.
    const hashed = await sim.payBill({ msisdn: '254722888102', account: 'NOSUCHORDER', amount: 50 });
    expect(hashed).toMatchObject({ completed: true, resultCode: '0' });
    expect((await sim.confirmationsOf(hashed.transId))[0]?.body).toMatchObject({ MSISDN: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('answers STK prompts: a phone\'s behaviour, approve with the PIN, cancel', async () => {
    const prompt = (order: Order, phone: string) => w.call('POST', `/api/buyer/orders/${order.id}/mpesa-prompt`, { json: { phone }, headers: { 'x-delivery-code': order.deliveryCode } });
    const order = await w.order(seller);
    await sim.setStkBehaviour('254722888201', { outcome: 'prompt' });
    expect((await prompt(order, '0722888201')).status).toBe(202);
    const pending = await w.eventually(async () => (await sim.prompts()).find((p) => p.msisdn === '254722888201' && p.status === 'pending'));
    expect(pending).toMatchObject({ amount: order.price / 100, accountReference: order.trackingNumber, behaviour: { outcome: 'prompt' } });
    const cancelled = await sim.cancel(pending.checkoutRequestId);
    expect(cancelled).toMatchObject({ status: 'failed', resultCode: 1032 });
    // A final prompt can not be answered again: the simulator's 409 comes back as an error.
    const again = await sim.approve(pending.checkoutRequestId).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(SimControlRequestError);
    expect(again).toMatchObject({ status: 409, message: expect.stringContaining('not_pending') });

    const second = await w.order(seller);
    expect((await prompt(second, '0722888202')).status).toBe(202);
    const ringing = await w.eventually(async () => (await sim.prompts()).find((p) => p.msisdn === '254722888202' && p.status === 'pending'));
    expect(await sim.approve(ringing.checkoutRequestId, '1234')).toMatchObject({ status: 'succeeded', resultCode: 0, receiptNumber: expect.stringMatching(/^[A-Z0-9]{10}$/) });
    await w.eventually(async () => ((await w.reload(second.id)).status === 'paid' ? true : undefined), 20_000);
  });

  it('drives the SMS inbox and the payout controls', async () => {
    await sim.sms.setBehaviour('0722888301', { statusCode: 406, times: 1 });
    expect(await sim.sms.messagesTo('0722888301')).toEqual([]);
    expect(Array.isArray(await sim.sms.sent())).toBe(true);
    expect(Array.isArray(await sim.sms.recipients())).toBe(true);

    await sim.payouts.setFloat(12_345);
    expect(await sim.payouts.float()).toBe(12_345);
    expect(w.sim.payouts.float()).toBe(12_345);
    await sim.payouts.setBehaviour('254722888302', { outcome: 'insufficient_funds', times: 1 });
    expect(await sim.payouts.list()).toEqual(w.sim.payouts.list());
    expect(await sim.payouts.reversals()).toEqual([]);
    const refused = await sim.payouts.setBehaviour('254722888302', { outcome: 'no_such' as 'success' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('arms spike arrests and lost status Results, and resets the simulator', async () => {
    await sim.spikeArrest(0);
    await sim.loseStatusResults(0);
    expect(await sim.spikeArrest(-1).catch((error: unknown) => error)).toMatchObject({ status: 400 });
    expect(w.sim.prompts()).not.toEqual([]);
    await sim.reset();
    expect(w.sim.prompts()).toEqual([]);
    expect(await sim.callbacks()).toEqual([]);
  });
});
