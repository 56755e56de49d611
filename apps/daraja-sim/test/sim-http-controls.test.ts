import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim } from '../src/index.js';
import { CallbackReceiver, waitUntil } from './helpers/callback-receiver.js';
import { DarajaClient, expectDarajaError } from './helpers/daraja-client.js';

const PHONE = '254708374149';
let sim: DarajaSim;
let client: DarajaClient;
let receiver: CallbackReceiver;

beforeAll(async () => {
  sim = await startDarajaSim({ callbackDelayMs: 10 });
  client = new DarajaClient(sim.url);
  receiver = await CallbackReceiver.start();
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
beforeEach(async () => {
  receiver.clear();
  expect((await control('POST', '/sim/reset')).status).toBe(204);
});

/** A test in another process drives the simulator over HTTP only. */
async function control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** `path`: where its callback goes (a test of its own callbacks uses its own path: an earlier test's may still arrive). */
async function pendingPrompt(path = '/stk'): Promise<string> {
  const reply = await client.stkPush({ CallBackURL: receiver.url(path) });
  expect(reply.status).toBe(200);
  return reply.body.CheckoutRequestID as string;
}

describe('/sim over HTTP', () => {
  it('lists prompts, and approves one with the right PIN', async () => {
    const id = await pendingPrompt();
    const listed = await control('GET', '/sim/prompts');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject([{ checkoutRequestId: id, status: 'pending', msisdn: PHONE }]);
    const approved = await control('POST', `/sim/prompts/${id}/approve`, { pin: '1234' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ checkoutRequestId: id, status: 'succeeded', resultCode: 0 });
    await receiver.waitFor('/stk');
    await waitUntil(() => sim.callbacks().length === 1);
    const callbacks = await control('GET', '/sim/callbacks');
    expect(callbacks.body).toMatchObject([{ kind: 'stk', status: 200, ref: id }]);
  });

  it('approves with the default PIN when none is given; a wrong PIN gives 2001; cancel gives 1032', async () => {
    const first = await pendingPrompt();
    expect((await control('POST', `/sim/prompts/${first}/approve`)).body.resultCode).toBe(0);
    const second = await pendingPrompt();
    expect((await control('POST', `/sim/prompts/${second}/approve`, { pin: '9999' })).body).toMatchObject({ status: 'failed', resultCode: 2001 });
    const third = await pendingPrompt();
    expect((await control('POST', `/sim/prompts/${third}/cancel`)).body).toMatchObject({ status: 'failed', resultCode: 1032 });
  });

  it('answers 404 for an unknown prompt, 409 for a final one, 400 for bad input', async () => {
    expect(await control('POST', '/sim/prompts/ws_CO_none/approve', {})).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const id = await pendingPrompt();
    await control('POST', `/sim/prompts/${id}/cancel`);
    expect(await control('POST', `/sim/prompts/${id}/cancel`)).toMatchObject({ status: 409, body: { error: { code: 'not_pending' } } });
    expect((await control('POST', `/sim/prompts/${id}/approve`, '{not json')).status).toBe(400);
    expect((await control('POST', '/sim/behaviours', { msisdn: PHONE, outcome: 'maybe' })).status).toBe(400);
    expect((await control('POST', '/sim/behaviours', { msisdn: '07', outcome: 'approve' })).status).toBe(400);
    expect((await control('POST', '/sim/spike-arrest', { count: -1 })).status).toBe(400);
    expect((await control('POST', '/sim/paybill', { msisdn: PHONE, account: 'A', amount: 0 })).status).toBe(400);
  });

  it('sets a behaviour for a phone', async () => {
    expect((await control('POST', '/sim/behaviours', { msisdn: PHONE, outcome: 'insufficient_funds', callback: 'twice' })).status).toBe(204);
    await pendingPrompt('/stk-behaviour');
    const callbacks = await receiver.waitFor('/stk-behaviour', 2);
    expect(callbacks.map((c) => c.body.Body.stkCallback.ResultCode)).toEqual([1, 1]);
  });

  it('arms spike arrest', async () => {
    expect((await control('POST', '/sim/spike-arrest', { count: 1 })).status).toBe(204);
    expectDarajaError(await client.stkPush({}), 500, '500.003.02', 'Spike Arrest Violation');
    expect((await client.stkPush({})).status).toBe(200);
  });

  it('loses the Results of the next Transaction Status queries', async () => {
    expect((await control('POST', '/sim/status-results/lose', { count: -1 })).status).toBe(400);
    expect((await control('POST', '/sim/status-results/lose', { count: 1 })).status).toBe(204);
    const query = (id: string) =>
      client.post('/mpesa/transactionstatus/v1/query', {
        Initiator: 'testapi',
        SecurityCredential: 'c2VjcmV0',
        CommandID: 'TransactionStatusQuery',
        TransactionID: 'NLJ7RT61SV',
        PartyA: '174379',
        IdentifierType: '4',
        ResultURL: receiver.url('/status/result'),
        QueueTimeOutURL: receiver.url('/status/timeout'),
        Remarks: 'reconcile',
        OriginatorConversationID: id,
      });
    expect((await query('lost-1')).status).toBe(200);
    expect((await query('kept-2')).status).toBe(200);
    const [result] = await receiver.waitFor('/status/result');
    expect(result!.body.Result.OriginatorConversationID).toBe('kept-2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.on('/status/result')).toHaveLength(1);
  });

  it('makes a Paybill payment', async () => {
    const paid = await control('POST', '/sim/paybill', { msisdn: '254711222333', account: 'TRK-9', amount: 300 });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ transId: expect.stringMatching(/^[A-Z0-9]{10}$/), completed: true, resultCode: '0', resultDesc: 'The service request is processed successfully.' });
  });

  it('reset clears prompts and callbacks over HTTP too', async () => {
    await pendingPrompt();
    await control('POST', '/sim/reset');
    expect((await control('GET', '/sim/prompts')).body).toEqual([]);
    expect((await control('GET', '/sim/callbacks')).body).toEqual([]);
  });

  it('lets a page of another origin drive it (CORS)', async () => {
    const preflight = await fetch(`${sim.url}/sim/reset`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
