import { describe, expect, it } from 'vitest';
import { useSimWorld } from './helpers/sim-world.js';
import type { StkBehaviour } from '../src/index.js';
import { sleep, waitUntil } from './helpers/callback-receiver.js';
import { expectDarajaError } from './helpers/daraja-client.js';

const PHONE = '254708374149';
const DELAY_MS = 20;
const w = useSimWorld({ callbackDelayMs: DELAY_MS, callbackTimeoutMs: 300 });

async function push(behaviour: StkBehaviour, callbackUrl = w.receiver.url('/stk')): Promise<string> {
  w.sim.setStkBehaviour(PHONE, behaviour);
  const reply = await w.client.stkPush({ CallBackURL: callbackUrl });
  expect(reply.status).toBe(200);
  return reply.body.CheckoutRequestID as string;
}

describe('callback modes', () => {
  it('once (the default): one callback, after callbackDelayMs', async () => {
    await push({ outcome: 'approve' });
    await w.receiver.waitFor('/stk');
    await sleep(DELAY_MS * 5);
    expect(w.receiver.on('/stk')).toHaveLength(1);
    await waitUntil(() => w.sim.callbacks().length === 1);
    const [logged] = w.sim.callbacks();
    // Node timers may fire a millisecond early.
    expect(Date.parse(logged!.at) - Date.parse(w.sim.prompts()[0]!.finishedAt!)).toBeGreaterThanOrEqual(DELAY_MS - 2);
  });

  it('twice: the same callback arrives two times', async () => {
    await push({ outcome: 'approve', callback: 'twice' });
    const [first, second] = await w.receiver.waitFor('/stk', 2);
    expect(second!.body).toEqual(first!.body);
    await sleep(DELAY_MS * 5);
    expect(w.receiver.on('/stk')).toHaveLength(2);
  });

  it('lost: no callback ever, though the query answers the final result', async () => {
    const id = await push({ outcome: 'approve', callback: 'lost' });
    await sleep(DELAY_MS * 10);
    expect(w.receiver.received).toEqual([]);
    expect((await w.client.stkQuery(id)).body.ResultCode).toBe('0');
    await sleep(DELAY_MS * 10);
    expect(w.receiver.received).toEqual([]);
  });

  it('late: the callback comes only after an STK Query answered the final result, and only once', async () => {
    const id = await push({ outcome: 'cancel', callback: 'late' });
    await sleep(DELAY_MS * 10);
    expect(w.receiver.received).toEqual([]);
    expect((await w.client.stkQuery(id)).body.ResultCode).toBe('1032');
    const [callback] = await w.receiver.waitFor('/stk');
    expect(callback!.body.Body.stkCallback.ResultCode).toBe(1032);
    await w.client.stkQuery(id);
    await sleep(DELAY_MS * 5);
    expect(w.receiver.on('/stk')).toHaveLength(1);
  });

  it('late with processingQueries: a "being processed" answer does not release the callback', async () => {
    const id = await push({ outcome: 'approve', callback: 'late', processingQueries: 1 });
    expect((await w.client.stkQuery(id)).status).toBe(500);
    await sleep(DELAY_MS * 5);
    expect(w.receiver.received).toEqual([]);
    expect((await w.client.stkQuery(id)).status).toBe(200);
    await w.receiver.waitFor('/stk');
  });

  it('processingQueries: the first N queries answer 500 "being processed" although the result is final', async () => {
    const id = await push({ outcome: 'approve', processingQueries: 2 });
    await w.receiver.waitFor('/stk');
    expectDarajaError(await w.client.stkQuery(id), 500, '500.001.1001', 'The transaction is being processed');
    expectDarajaError(await w.client.stkQuery(id), 500, '500.001.1001', 'The transaction is being processed');
    expect((await w.client.stkQuery(id)).body.ResultCode).toBe('0');
    expect(w.sim.prompts()[0]!.queries).toBe(3);
  });

  it('a behaviour applies to prompts from then on, for that phone only', async () => {
    w.sim.setStkBehaviour('254700000001', { outcome: 'cancel' });
    const other = await w.client.stkPush({ CallBackURL: w.receiver.url('/stk'), PartyA: '254700000001', PhoneNumber: '254700000001' });
    await w.client.stkPush({ CallBackURL: w.receiver.url('/stk') });
    const prompts = w.sim.prompts();
    expect(prompts.find((p) => p.checkoutRequestId === other.body.CheckoutRequestID)?.status).toBe('failed');
    expect(prompts.find((p) => p.msisdn === PHONE)?.status).toBe('pending');
    expect(() => w.sim.setStkBehaviour('0708374149', {})).toThrow(/msisdn/);
    expect(() => w.sim.setStkBehaviour(PHONE, { outcome: 'explode' as never })).toThrow(/invalid behaviour/);
  });
});

describe('the callback log', () => {
  it('records each callback with kind, url, body, the receiver status and its reply', async () => {
    const id = await push({ outcome: 'approve' });
    await w.receiver.waitFor('/stk');
    await waitUntil(() => w.sim.callbacks().length === 1);
    const [logged] = w.sim.callbacks();
    expect(logged).toMatchObject({ kind: 'stk', url: w.receiver.url('/stk'), status: 200, ref: id, response: { ResultCode: 0, ResultDesc: 'Accepted' } });
    expect(logged!.body).toEqual(w.receiver.on('/stk').find((r) => r.body.Body.stkCallback.CheckoutRequestID === id)!.body);
    expect(Date.parse(logged!.at)).not.toBeNaN();
  });

  it('records a receiver that fails (500), is down (error) or is too slow (timeout), and goes on', async () => {
    w.receiver.reply('/broken', { status: 500, body: { oops: true } });
    w.receiver.reply('/slow', { delayMs: 1_000 });
    await push({ outcome: 'approve' }, w.receiver.url('/broken'));
    await push({ outcome: 'approve' }, 'http://127.0.0.1:1/nobody-listens');
    await push({ outcome: 'approve' }, w.receiver.url('/slow'));
    await waitUntil(() => w.sim.callbacks().length === 3);
    const byUrl = Object.fromEntries(w.sim.callbacks().map((c) => [new URL(c.url).pathname, c.status]));
    expect(byUrl).toEqual({ '/broken': 500, '/nobody-listens': 'error', '/slow': 'timeout' });
    // The simulator still serves.
    expect((await w.client.stkPush({ CallBackURL: w.receiver.url('/stk') })).status).toBe(200);
  });

  it('reset() abandons a callback in flight: not logged, and a "twice" is not repeated', async () => {
    w.receiver.reply('/slow-stk', { delayMs: 200 });
    await push({ outcome: 'approve', callback: 'twice' }, w.receiver.url('/slow-stk'));
    await w.receiver.waitFor('/slow-stk'); // the first POST has arrived; its reply is still coming
    w.sim.reset();
    await sleep(500);
    expect(w.receiver.on('/slow-stk')).toHaveLength(1);
    expect(w.sim.callbacks()).toEqual([]);
  });

  it('reset() forgets prompts, callbacks and behaviours, and drops callbacks not yet sent', async () => {
    w.sim.setStkBehaviour(PHONE, { outcome: 'approve' });
    await w.client.stkPush({ CallBackURL: w.receiver.url('/stk') });
    w.sim.reset();
    await sleep(DELAY_MS * 5);
    expect(w.receiver.received).toEqual([]);
    expect(w.sim.prompts()).toEqual([]);
    expect(w.sim.callbacks()).toEqual([]);
    await w.client.stkPush({ CallBackURL: w.receiver.url('/stk') });
    expect(w.sim.prompts()[0]!.status).toBe('pending');
  });
});
