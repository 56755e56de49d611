import { describe, expect, it } from 'vitest';
import { useSimWorld } from './helpers/sim-world.js';
import { startDarajaSim, type StkBehaviour } from '../src/index.js';
import { DarajaClient } from './helpers/daraja-client.js';

const PHONE = '254708374149';
const w = useSimWorld({ callbackDelayMs: 20 });

async function push(behaviour?: StkBehaviour, overrides: Record<string, unknown> = {}): Promise<string> {
  if (behaviour) w.sim.setStkBehaviour(PHONE, behaviour);
  const reply = await w.client.stkPush({ CallBackURL: w.receiver.url('/stk'), ...overrides });
  expect(reply.status).toBe(200);
  return reply.body.CheckoutRequestID as string;
}

describe('a successful payment', () => {
  it('POSTs the callback exactly as Daraja does: integer ResultCode, metadata items, Balance without Value', async () => {
    const id = await push();
    const approved = await w.sim.approve(id);
    expect(approved).toMatchObject({ status: 'succeeded', resultCode: 0, amountPaid: 1500 });
    const [callback] = await w.receiver.waitFor('/stk');
    const stk = callback!.body.Body.stkCallback;
    expect(Object.keys(callback!.body)).toEqual(['Body']);
    expect(Object.keys(stk)).toEqual(['MerchantRequestID', 'CheckoutRequestID', 'ResultCode', 'ResultDesc', 'CallbackMetadata']);
    expect(stk).toMatchObject({ CheckoutRequestID: id, MerchantRequestID: approved.merchantRequestId, ResultCode: 0, ResultDesc: 'The service request is processed successfully.' });
    const items = stk.CallbackMetadata.Item as { Name: string; Value?: unknown }[];
    expect(items.map((i) => i.Name)).toEqual(['Amount', 'MpesaReceiptNumber', 'Balance', 'TransactionDate', 'PhoneNumber']);
    expect(items[0]).toEqual({ Name: 'Amount', Value: 1500 });
    expect(items[1]!.Value).toMatch(/^[A-Z0-9]{10}$/);
    expect(items[1]!.Value).toBe(approved.receiptNumber);
    expect(items[2]).toEqual({ Name: 'Balance' });
    expect(typeof items[3]!.Value).toBe('number');
    expect(String(items[3]!.Value)).toMatch(/^20\d{12}$/);
    expect(items[4]).toEqual({ Name: 'PhoneNumber', Value: 254708374149 });
  });

  it('dates the payment in Nairobi time (UTC+3)', async () => {
    const before = Date.now();
    const id = await push({ outcome: 'approve' });
    const [callback] = await w.receiver.waitFor('/stk');
    const date = String(callback!.body.Body.stkCallback.CallbackMetadata.Item[3].Value);
    const [y, mo, d, h, mi, s] = [date.slice(0, 4), date.slice(4, 6), date.slice(6, 8), date.slice(8, 10), date.slice(10, 12), date.slice(12, 14)].map(Number) as number[];
    const asUtc = Date.UTC(y!, mo! - 1, d!, h! - 3, mi!, s!);
    expect(Math.abs(asUtc - before)).toBeLessThan(5_000);
    expect(w.sim.prompts().find((p) => p.checkoutRequestId === id)?.transactionDate).toBe(date);
  });

  it('gives every payment its own receipt number', async () => {
    const receipts = new Set<string>();
    w.sim.setStkBehaviour(PHONE, { outcome: 'approve', callback: 'lost' });
    for (let i = 0; i < 30; i += 1) await push();
    for (const p of w.sim.prompts()) receipts.add(p.receiptNumber!);
    expect(receipts.size).toBe(30);
    expect(new Set(w.sim.prompts().map((p) => p.checkoutRequestId)).size).toBe(30);
  });

  it('answers STK Query with ResultCode as a string and no receipt', async () => {
    const id = await push({ outcome: 'approve' });
    const reply = await w.client.stkQuery(id);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: w.sim.prompts()[0]!.merchantRequestId,
      CheckoutRequestID: id,
      ResultCode: '0',
      ResultDesc: 'The service request is processed successfully.',
    });
  });

  it('reports an under- or over-payment through amountPaid', async () => {
    const id = await push({ outcome: 'approve', amountPaid: 900 }, { Amount: 1000 });
    const [callback] = await w.receiver.waitFor('/stk');
    expect(callback!.body.Body.stkCallback.CallbackMetadata.Item[0]).toEqual({ Name: 'Amount', Value: 900 });
    expect(w.sim.prompts().find((p) => p.checkoutRequestId === id)).toMatchObject({ amount: 1000, amountPaid: 900 });
  });
});

describe('failed payments', () => {
  const failures: [StkBehaviour['outcome'], number, string][] = [
    ['cancel', 1032, 'Request cancelled by user'],
    ['insufficient_funds', 1, 'The balance is insufficient for the transaction.'],
    ['wrong_pin', 2001, 'The initiator information is invalid.'],
    ['expire', 1019, 'Transaction has expired'],
  ];
  it.each(failures)('%s: callback ResultCode %i without CallbackMetadata, and the query agrees', async (outcome, code, desc) => {
    const id = await push({ outcome });
    const [callback] = await w.receiver.waitFor('/stk');
    expect(callback!.body).toEqual({ Body: { stkCallback: { MerchantRequestID: expect.any(String), CheckoutRequestID: id, ResultCode: code, ResultDesc: desc } } });
    const query = await w.client.stkQuery(id);
    expect(query.status).toBe(200);
    expect(query.body).toMatchObject({ ResultCode: String(code), ResultDesc: desc });
    expect(w.sim.prompts()[0]).toMatchObject({ status: 'failed', resultCode: code, receiptNumber: null, amountPaid: null });
  });

  it('unreachable: 1037 with no callback at all; only STK Query tells', async () => {
    const id = await push({ outcome: 'unreachable' });
    const query = await w.client.stkQuery(id);
    expect(query.body).toMatchObject({ ResultCode: '1037', ResultDesc: 'DS timeout user cannot be reached' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(w.receiver.received).toEqual([]);
    expect(w.sim.callbacks()).toEqual([]);
  });

  it('a person cancelling, or entering a wrong PIN, ends a waiting prompt as 1032 or 2001', async () => {
    const cancelled = await push();
    expect(await w.sim.cancel(cancelled)).toMatchObject({ status: 'failed', resultCode: 1032 });
    const wrongPin = await push();
    expect(await w.sim.approve(wrongPin, '0000')).toMatchObject({ status: 'failed', resultCode: 2001 });
    const callbacks = await w.receiver.waitFor('/stk', 2);
    expect(callbacks.map((c) => c.body.Body.stkCallback.ResultCode).sort()).toEqual([1032, 2001]);
  });

  it('approve() and cancel() refuse an unknown or already final prompt', async () => {
    const id = await push({ outcome: 'cancel' });
    await expect(w.sim.approve(id)).rejects.toThrow(/already failed/);
    await expect(w.sim.cancel('ws_CO_nothing')).rejects.toThrow(/No STK prompt/);
  });
});

describe('an unanswered prompt', () => {
  it('ends as 1037 after promptTimeoutMs, without a callback', async () => {
    const quick = await startDarajaSim({ promptTimeoutMs: 150, callbackDelayMs: 10 });
    try {
      const quickClient = new DarajaClient(quick.url);
      const reply = await quickClient.stkPush({ CallBackURL: w.receiver.url('/stk-timeout') });
      const id = reply.body.CheckoutRequestID as string;
      expect((await quickClient.stkQuery(id)).status).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await quickClient.stkQuery(id)).body).toMatchObject({ ResultCode: '1037' });
      expect(w.receiver.on('/stk-timeout')).toEqual([]);
      // The phone is free again.
      expect((await quickClient.stkPush({})).status).toBe(200);
    } finally {
      await quick.close();
    }
  });
});
