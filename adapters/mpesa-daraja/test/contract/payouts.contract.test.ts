import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePayoutResult, parseResultCallback, parseStkCallback, type B2cPaymentRequest, type DarajaClient } from '../../src/index.js';
import { startCallbackReceiver } from '../support/callback-receiver.js';
import { simClient } from '../support/sim-client.js';

const PHONE = '254708374149';
let sim: DarajaSim;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
let client: DarajaClient;

beforeAll(async () => {
  sim = await startDarajaSim({ callbackDelayMs: 10, payoutFloat: 50_000, shortCodes: [{ shortCode: '174379', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', name: 'ESCROW LTD' }] });
  receiver = await startCallbackReceiver();
  client = simClient(sim);
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(() => {
  sim.reset();
  receiver.received.length = 0;
});

const payout = (id: string, change: Partial<B2cPaymentRequest> = {}): B2cPaymentRequest => ({
  originatorConversationId: id,
  phone: '0708 374 149',
  amountShillings: 1_470,
  remarks: 'Payout for order EDK7Q2M4XP',
  resultUrl: receiver.url('/hooks/payout/result'),
  queueTimeoutUrl: receiver.url('/hooks/payout/timeout'),
  ...change,
});

function parsed(body: unknown) {
  const result = parsePayoutResult(body);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('B2C against the simulator', () => {
  it('is accepted, and its Result parses as a success with the receipt, cents, receiver and time', async () => {
    const outcome = await client.b2cPayment(payout('payout-1'));
    expect(outcome).toMatchObject({ status: 'accepted', originatorConversationId: 'payout-1' });
    const [posted] = await receiver.waitFor('/hooks/payout/result');
    const result = parsed(posted?.body);
    const [made] = sim.payouts.list();
    expect(result).toMatchObject({ outcome: 'success', originatorConversationId: 'payout-1', receipt: made?.receipt, amount: 147_000, receiverName: `${PHONE} - John Doe` });
    if (result.outcome === 'success') expect(Math.abs(result.completedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    if (outcome.status === 'accepted') expect(result.conversationId).toBe(outcome.conversationId);
  });

  it('sent again with the same OriginatorConversationID: "already requested", and the simulator paid exactly once', async () => {
    expect(await client.b2cPayment(payout('payout-2'))).toMatchObject({ status: 'accepted' });
    expect(await client.b2cPayment(payout('payout-2'))).toMatchObject({ status: 'already_requested', originatorConversationId: 'payout-2' });
    await receiver.waitFor('/hooks/payout/result');
    expect(sim.payouts.list()).toMatchObject([{ originatorConversationId: 'payout-2', status: 'completed', requests: 2 }]);
    expect(sim.payouts.float()).toBe(50_000 - 1_470);
  });

  it('a lost Result is resolved by Transaction Status by OriginatorConversationID, without paying again', async () => {
    sim.payouts.setBehaviour(PHONE, { result: 'lost' });
    expect(await client.b2cPayment(payout('payout-3'))).toMatchObject({ status: 'accepted' });
    await client.transactionStatus({ originalConversationId: 'payout-3', resultUrl: receiver.url('/hooks/status/result'), queueTimeoutUrl: receiver.url('/hooks/status/timeout'), remarks: 'Resolve payout-3' });
    const [posted] = await receiver.waitFor('/hooks/status/result');
    const status = parseResultCallback(posted?.body);
    expect(status).toMatchObject({ ok: true, value: { resultCode: 0, parameters: { ReceiptNo: sim.payouts.list()[0]?.receipt, TransactionStatus: 'Completed', Amount: '1470' } } });
    expect(receiver.on('/hooks/payout/result')).toEqual([]);
    expect(sim.payouts.list()).toMatchObject([{ requests: 1 }]);
  });

  it.each([
    [{ outcome: 'insufficient_funds' } as const, 1, 'insufficient_funds'],
    [{ outcome: 'invalid_receiver' } as const, 2040, 'receiver_not_registered'],
    [{ outcome: 'invalid_receiver', invalidReceiverCode: 'SFC_IC0003' } as const, 'SFC_IC0003', 'unknown_operator'],
  ])('a receiver scripted %j gives a failure Result %s read as %s', async (behaviour, code, kind) => {
    sim.payouts.setBehaviour(PHONE, behaviour);
    await client.b2cPayment(payout('payout-4'));
    const [posted] = await receiver.waitFor('/hooks/payout/result');
    expect(parsed(posted?.body)).toMatchObject({ outcome: 'failure', code, kind, final: true });
  });

  it('a queue timeout reaches the queueTimeoutUrl, and a status query then finds nothing paid', async () => {
    sim.payouts.setBehaviour(PHONE, { outcome: 'queue_timeout' });
    await client.b2cPayment(payout('payout-5'));
    const [notice] = await receiver.waitFor('/hooks/payout/timeout');
    expect(parsePayoutResult(notice?.body)).toMatchObject({ ok: true, value: { outcome: 'failure', originatorConversationId: 'payout-5', final: false } });
    await client.transactionStatus({ originalConversationId: 'payout-5', resultUrl: receiver.url('/hooks/status/result'), queueTimeoutUrl: receiver.url('/hooks/status/timeout'), remarks: 'Resolve payout-5' });
    const [posted] = await receiver.waitFor('/hooks/status/result');
    expect(parseResultCallback(posted?.body)).toMatchObject({ ok: true, value: { resultCode: 2032, parameters: {} } });
  });
});

describe('B2B and Reversal against the simulator', () => {
  it('pays a Paybill and a till', async () => {
    const base = { amountShillings: 2_500, remarks: 'Seller payout', resultUrl: receiver.url('/hooks/b2b/result'), queueTimeoutUrl: receiver.url('/hooks/b2b/timeout') };
    expect(await client.b2bPayment({ ...base, originatorConversationId: 'b2b-1', destination: { kind: 'paybill', businessNumber: '600000', accountReference: 'SELLER-7' } })).toMatchObject({ status: 'accepted' });
    expect(await client.b2bPayment({ ...base, originatorConversationId: 'b2b-2', destination: { kind: 'till', tillNumber: '5123456' } })).toMatchObject({ status: 'accepted' });
    const results = (await receiver.waitFor('/hooks/b2b/result', 2)).map((r) => parsed(r.body));
    expect(results).toMatchObject([
      { outcome: 'success', originatorConversationId: 'b2b-1', amount: 250_000, receiverName: '600000 - SIM BUSINESS 600000' },
      { outcome: 'success', originatorConversationId: 'b2b-2', amount: 250_000, receiverName: '5123456 - SIM BUSINESS 5123456' },
    ]);
    expect(sim.payouts.list().map((p) => [p.commandId, p.accountReference])).toEqual([
      ['BusinessPayBill', 'SELLER-7'],
      ['BusinessBuyGoods', null],
    ]);
  });

  it('reverses an STK payment once; the second reversal is refused in its Result', async () => {
    sim.setStkBehaviour(PHONE, { outcome: 'approve' });
    await client.stkPush({ phone: PHONE, amountShillings: 750, accountReference: 'EDK7Q2M4XP', callbackUrl: receiver.url('/hooks/stk') });
    const [stk] = await receiver.waitFor('/hooks/stk');
    const paid = parseStkCallback(stk?.body);
    if (!paid.ok || !paid.value.metadata) throw new Error('no paid STK callback');
    const receipt = paid.value.metadata.receipt;
    const request = { receipt, amountShillings: 750, remarks: 'Refund a double payment', resultUrl: receiver.url('/hooks/reversal/result'), queueTimeoutUrl: receiver.url('/hooks/reversal/timeout') };
    expect(await client.reversal(request)).toMatchObject({ status: 'accepted' });
    await receiver.waitFor('/hooks/reversal/result', 1);
    expect(await client.reversal(request)).toMatchObject({ status: 'accepted' });
    const [first, second] = (await receiver.waitFor('/hooks/reversal/result', 2)).map((r) => parsed(r.body));
    expect(first).toMatchObject({ outcome: 'success', originalReceipt: receipt, amount: 75_000 });
    expect(second).toMatchObject({ outcome: 'failure', code: 'R000001', kind: 'already_reversed' });
  });
});
