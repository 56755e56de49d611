import { startDarajaSim, type DarajaSim, type StkBehaviour } from '@escrow/daraja-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DarajaError, parseStkCallback, stkResultCodeMeaning, type DarajaClient, type StkPushRequest, type StkQueryResult } from '../../src/index.js';
import { startCallbackReceiver } from '../support/callback-receiver.js';
import { countingFetch, simClient } from '../support/sim-client.js';

const PHONE = '254708374149';
let sim: DarajaSim;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
let client: DarajaClient;

beforeAll(async () => {
  sim = await startDarajaSim({ callbackDelayMs: 10 });
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

const request = (path = '/hooks/stk'): StkPushRequest => ({
  phone: '0708 374 149',
  amountShillings: 1_501,
  accountReference: 'EDK7Q2M4XP',
  description: 'Escrow payment for order',
  callbackUrl: receiver.url(path),
});

async function queryUntilFinal(checkoutRequestId: string): Promise<{ pending: number; final: Extract<StkQueryResult, { status: 'final' }> }> {
  for (let pending = 0; pending < 50; pending++) {
    const answer = await client.stkQuery(checkoutRequestId);
    if (answer.status === 'final') return { pending, final: answer };
  }
  throw new Error('still pending after 50 queries');
}

function parsedCallback(body: unknown) {
  const parsed = parseStkCallback(body);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('STK Push', () => {
  it('is accepted, and the simulator saw the documented fields', async () => {
    const accepted = await client.stkPush(request());
    expect(accepted).toMatchObject({ responseCode: '0', customerMessage: 'Success. Request accepted for processing' });
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    const [prompt] = sim.prompts();
    expect(prompt).toMatchObject({
      checkoutRequestId: accepted.checkoutRequestId,
      merchantRequestId: accepted.merchantRequestId,
      msisdn: PHONE,
      partyA: PHONE,
      partyB: '174379',
      businessShortCode: '174379',
      transactionType: 'CustomerPayBillOnline',
      amount: 1_501,
      accountReference: 'EDK7Q2M4XP',
      transactionDesc: 'Escrow paymen',
      status: 'pending',
    });
  });

  it('a second prompt to a phone with one pending is refused as "Unable to lock subscriber", retryable later', async () => {
    await client.stkPush(request());
    const error = await client.stkPush(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ kind: 'rejected', httpStatus: 500, errorCode: '500.001.1001', retryable: true });
  });

  it('a wrong passkey is "Wrong credentials"', async () => {
    const wrong = simClient(sim, { passkey: 'not-the-passkey' });
    await expect(wrong.stkPush(request())).rejects.toMatchObject({ kind: 'rejected', errorCode: '500.001.1001', errorMessage: 'Wrong credentials', retryable: false });
  });

  it('an unknown shortcode is "Merchant does not exist"', async () => {
    const unknown = simClient(sim, { shortcode: '600999', partyB: '600999' });
    await expect(unknown.stkPush(request())).rejects.toMatchObject({ errorCode: '500.001.1001', message: expect.stringContaining('does not know this merchant') });
  });

  it('is retried after a spike arrest and then succeeds: one prompt, not three', async () => {
    const wire = countingFetch();
    const waits: number[] = [];
    const throttled = simClient(sim, {}, { fetch: wire.fetch, sleep: async (ms) => void waits.push(ms), random: () => 0 });
    await throttled.accessToken(); // the sim's spike arrest counts API calls, not OAuth
    sim.spikeArrest(2);
    const accepted = await throttled.stkPush(request());
    expect(wire.count('/mpesa/stkpush/v1/processrequest')).toBe(3);
    expect(waits).toEqual([125, 250]);
    expect(sim.prompts().map((p) => p.checkoutRequestId)).toEqual([accepted.checkoutRequestId]);
  });

  it('gives up after 3 retries of a spike arrest', async () => {
    await client.accessToken();
    sim.spikeArrest(4);
    await expect(client.stkPush(request())).rejects.toMatchObject({ kind: 'throttled', errorCode: '500.003.02', retryable: true });
    expect(sim.prompts()).toEqual([]);
  });
});

describe('STK Query and the callback, for every outcome', () => {
  const outcomes: [StkBehaviour['outcome'], number, string][] = [
    ['approve', 0, 'success'],
    ['cancel', 1032, 'cancelled'],
    ['insufficient_funds', 1, 'insufficient_funds'],
    ['wrong_pin', 2001, 'wrong_pin'],
    ['expire', 1019, 'expired'],
  ];

  it.each(outcomes)('%s: pending while processing, then final %i; the callback reaches our server and parses', async (outcome, code, kind) => {
    sim.setStkBehaviour(PHONE, { outcome, processingQueries: 2 });
    const accepted = await client.stkPush(request());
    const { pending, final } = await queryUntilFinal(accepted.checkoutRequestId);
    expect(pending).toBe(2);
    expect(final).toMatchObject({ status: 'final', resultCode: code, checkoutRequestId: accepted.checkoutRequestId, merchantRequestId: accepted.merchantRequestId });
    expect(stkResultCodeMeaning(final.resultCode)).toMatchObject({ kind, final: true });

    const [callback] = await receiver.waitFor('/hooks/stk');
    const parsed = parsedCallback(callback?.body);
    expect(parsed).toMatchObject({ checkoutRequestId: accepted.checkoutRequestId, merchantRequestId: accepted.merchantRequestId, resultCode: code, resultDesc: final.resultDesc });
    if (code === 0) {
      const [prompt] = sim.prompts();
      expect(parsed.metadata).toEqual({ amountShillings: 1_501, receipt: prompt?.receiptNumber, transactionDate: prompt?.transactionDate, phone: PHONE });
    } else {
      expect(parsed.metadata).toBeUndefined();
    }
  });

  it('unreachable: final 1037 by STK Query (the simulator sends no callback for it)', async () => {
    sim.setStkBehaviour(PHONE, { outcome: 'unreachable' });
    const accepted = await client.stkPush(request());
    const { final } = await queryUntilFinal(accepted.checkoutRequestId);
    expect(final.resultCode).toBe(1037);
    expect(stkResultCodeMeaning(final.resultCode).kind).toBe('unreachable');
  });

  it('a person on the phone: pending until the right PIN, then paid', async () => {
    const accepted = await client.stkPush(request());
    expect(await client.stkQuery(accepted.checkoutRequestId)).toEqual({ status: 'pending' });
    await sim.approve(accepted.checkoutRequestId, '1234');
    expect(await client.stkQuery(accepted.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: 0 });
    const [callback] = await receiver.waitFor('/hooks/stk');
    expect(parsedCallback(callback?.body).metadata?.amountShillings).toBe(1_501);
  });

  it('a wrong PIN on the phone ends as 2001', async () => {
    const accepted = await client.stkPush(request());
    await sim.approve(accepted.checkoutRequestId, '0000');
    expect(await client.stkQuery(accepted.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: 2001 });
  });

  it('a person cancelling ends as 1032', async () => {
    const accepted = await client.stkPush(request());
    await sim.cancel(accepted.checkoutRequestId);
    expect(await client.stkQuery(accepted.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: 1032 });
  });

  it('a callback sent twice parses the same both times (de-duplicate on CheckoutRequestID)', async () => {
    sim.setStkBehaviour(PHONE, { outcome: 'approve', callback: 'twice' });
    const accepted = await client.stkPush(request());
    const callbacks = await receiver.waitFor('/hooks/stk', 2);
    const [first, second] = callbacks.map((callback) => parsedCallback(callback.body));
    expect(first).toEqual(second);
    expect(first?.checkoutRequestId).toBe(accepted.checkoutRequestId);
  });

  it('a late callback arrives only after STK Query has told the result', async () => {
    sim.setStkBehaviour(PHONE, { outcome: 'approve', callback: 'late' });
    const accepted = await client.stkPush(request());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.on('/hooks/stk')).toEqual([]);
    expect(await client.stkQuery(accepted.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: 0 });
    const [callback] = await receiver.waitFor('/hooks/stk');
    expect(parsedCallback(callback?.body).resultCode).toBe(0);
  });

  it('a lost callback: only STK Query tells', async () => {
    sim.setStkBehaviour(PHONE, { outcome: 'approve', callback: 'lost' });
    const accepted = await client.stkPush(request());
    expect(await client.stkQuery(accepted.checkoutRequestId)).toMatchObject({ status: 'final', resultCode: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.on('/hooks/stk')).toEqual([]);
  });

  it('an unknown CheckoutRequestID is refused as an invalid field', async () => {
    await expect(client.stkQuery('ws_CO_00000000000000000000000')).rejects.toMatchObject({ kind: 'rejected', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
  });
});
