import { describe, expect, it } from 'vitest';
import { sleep, waitUntil } from './helpers/callback-receiver.js';
import { expectDarajaError } from './helpers/daraja-client.js';
import { b2bBody, b2cBody, parameters } from './helpers/payout-requests.js';
import { useSimWorld } from './helpers/sim-world.js';

const B2C = '/mpesa/b2c/v3/paymentrequest';
const B2B = '/mpesa/b2b/v1/paymentrequest';
const PHONE = '254708374149';
const w = useSimWorld({ callbackDelayMs: 10, payoutFloat: 10_000, shortCodes: [{ shortCode: '174379', passkey: 'pk', name: 'ESCROW LTD' }] });

const b2c = (overrides: Record<string, unknown> = {}) => w.client.post(B2C, b2cBody(w.receiver, overrides));
const b2b = (overrides: Record<string, unknown> = {}) => w.client.post(B2B, b2bBody(w.receiver, overrides));

describe('B2C payment request', () => {
  it('accepts at once with the documented reply, then POSTs the Result with the success keys', async () => {
    const reply = await b2c();
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body)).toEqual(['ConversationID', 'OriginatorConversationID', 'ResponseCode', 'ResponseDescription']);
    expect(reply.body).toMatchObject({ OriginatorConversationID: 'payout-0001', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    expect(reply.body.ConversationID).toMatch(/^AG_\d{8}_[0-9a-f]{20}$/);

    const [posted] = await w.receiver.waitFor('/b2c/result');
    const result = posted!.body.Result;
    expect(Object.keys(posted!.body)).toEqual(['Result']);
    expect(result).toMatchObject({
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: 'payout-0001',
      ConversationID: reply.body.ConversationID,
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: w.receiver.url('/b2c/timeout') } },
    });
    const values = parameters(result);
    expect(Object.keys(values).sort()).toEqual([
      'B2CChargesPaidAccountAvailableFunds',
      'B2CRecipientIsRegisteredCustomer',
      'B2CUtilityAccountAvailableFunds',
      'B2CWorkingAccountAvailableFunds',
      'ReceiverPartyPublicName',
      'TransactionAmount',
      'TransactionCompletedDateTime',
      'TransactionReceipt',
    ]);
    expect(values).toMatchObject({ TransactionAmount: 1500, ReceiverPartyPublicName: `${PHONE} - John Doe`, B2CUtilityAccountAvailableFunds: 8500 });
    expect(values.TransactionReceipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(result.TransactionID).toBe(values.TransactionReceipt);
    expect(values.TransactionCompletedDateTime).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(w.receiver.on('/b2c/timeout')).toEqual([]);

    expect(w.sim.payouts.float()).toBe(8500);
    await waitUntil(() => w.sim.callbacks().length === 1);
    expect(w.sim.callbacks()).toMatchObject([{ kind: 'result', ref: reply.body.ConversationID, status: 200 }]);
    expect(w.sim.payouts.list()).toMatchObject([
      { originatorConversationId: 'payout-0001', api: 'b2c', commandId: 'BusinessPayment', amount: 1500, receiver: PHONE, status: 'completed', receipt: values.TransactionReceipt, requests: 1, resultDelivery: 'posted', floatAfter: 8500 },
    ]);
  });

  it('takes the v1 path of older libraries, which sends no OriginatorConversationID', async () => {
    const { OriginatorConversationID: _id, ...v1 } = b2cBody(w.receiver);
    const reply = await w.client.post('/mpesa/b2c/v1/paymentrequest', v1);
    expect(reply.status).toBe(200);
    expect(reply.body.OriginatorConversationID).toMatch(/^\d+-\d+-\d$/);
    await w.receiver.waitFor('/b2c/result');
  });

  it('refuses a repeated OriginatorConversationID with 500.002.1001 and pays exactly once', async () => {
    const first = await b2c();
    expect(first.status).toBe(200);
    expectDarajaError(await b2c(), 500, '500.002.1001', 'Duplicate OriginatorConversationID.');
    // Different amount or receiver: still the same payout id, still refused.
    expectDarajaError(await b2c({ Amount: 99, PartyB: '254711000222' }), 500, '500.002.1001', 'Duplicate OriginatorConversationID.');
    // B2C and B2B share the ids: a payout id is one payout whichever API carries it.
    expectDarajaError(await b2b({ OriginatorConversationID: 'payout-0001' }), 500, '500.002.1001', 'Duplicate OriginatorConversationID.');
    await w.receiver.waitFor('/b2c/result');
    await sleep(80);
    expect(w.receiver.on('/b2c/result')).toHaveLength(1);
    expect(w.receiver.on('/b2b/result')).toHaveLength(0);
    expect(w.sim.payouts.float()).toBe(8500);
    expect(w.sim.payouts.list()).toMatchObject([{ originatorConversationId: 'payout-0001', amount: 1500, requests: 4 }]);
  });

  it('fails with ResultCode 1 and no ResultParameters when the float is short, and pays nothing', async () => {
    w.sim.payouts.setFloat(1000);
    await b2c({ Amount: 1001 });
    const [posted] = await w.receiver.waitFor('/b2c/result');
    expect(posted!.body.Result).toMatchObject({ ResultType: 0, ResultCode: 1, ResultDesc: 'The balance is insufficient for the transaction.', OriginatorConversationID: 'payout-0001' });
    expect(posted!.body.Result.ResultParameters).toBeUndefined();
    expect(w.sim.payouts.float()).toBe(1000);
    // The whole float can go.
    await b2c({ OriginatorConversationID: 'payout-0002', Amount: 1000 });
    const results = await w.receiver.waitFor('/b2c/result', 2);
    expect(results[1]!.body.Result.ResultCode).toBe(0);
    expect(w.sim.payouts.float()).toBe(0);
    expect(w.sim.payouts.list().map((p) => p.status)).toEqual(['failed', 'completed']);
  });

  it.each([
    [{ outcome: 'insufficient_funds' } as const, 1],
    [{ outcome: 'invalid_receiver' } as const, 2040],
    [{ outcome: 'invalid_receiver', invalidReceiverCode: 8006 } as const, 8006],
    [{ outcome: 'invalid_receiver', invalidReceiverCode: 'SFC_IC0003' } as const, 'SFC_IC0003'],
  ])('a receiver scripted %j fails with ResultCode %s, nothing paid', async (behaviour, code) => {
    w.sim.payouts.setBehaviour(PHONE, behaviour);
    await b2c();
    const [posted] = await w.receiver.waitFor('/b2c/result');
    expect(posted!.body.Result.ResultCode).toBe(code);
    expect(posted!.body.Result.ResultParameters).toBeUndefined();
    expect(w.sim.payouts.float()).toBe(10_000);
  });

  it('applies a behaviour `times` times, then pays as usual', async () => {
    w.sim.payouts.setBehaviour(PHONE, { outcome: 'invalid_receiver', times: 1 });
    await b2c({ OriginatorConversationID: 'a-1' });
    await b2c({ OriginatorConversationID: 'a-2' });
    await w.receiver.waitFor('/b2c/result', 2);
    expect(w.sim.payouts.list().map((p) => [p.originatorConversationId, p.resultCode])).toEqual([
      ['a-1', 2040],
      ['a-2', 0],
    ]);
  });

  it('delays the Result when told to; the payout is already made meanwhile', async () => {
    w.sim.payouts.setBehaviour(PHONE, { resultDelayMs: 300, receiverName: 'Wanjiru Kamau' });
    await b2c();
    await sleep(120);
    expect(w.receiver.on('/b2c/result')).toEqual([]);
    expect(w.sim.payouts.list()).toMatchObject([{ status: 'completed', resultDelivery: 'scheduled' }]);
    const [posted] = await w.receiver.waitFor('/b2c/result');
    expect(parameters(posted!.body.Result).ReceiverPartyPublicName).toBe(`${PHONE} - Wanjiru Kamau`);
  });

  it('sends the Result twice when told to (Daraja repeating itself), paying once', async () => {
    w.sim.payouts.setBehaviour(PHONE, { result: 'twice' });
    await b2c();
    const results = await w.receiver.waitFor('/b2c/result', 2);
    expect(results[0]!.body).toEqual(results[1]!.body);
    expect(w.sim.payouts.float()).toBe(8500);
  });

  it('loses the Result when told to: paid, never told', async () => {
    w.sim.payouts.setBehaviour(PHONE, { result: 'lost' });
    await b2c();
    await sleep(80);
    expect(w.receiver.received).toEqual([]);
    expect(w.sim.payouts.list()).toMatchObject([{ status: 'completed', resultDelivery: 'lost' }]);
    expect(w.sim.payouts.float()).toBe(8500);
  });

  it('times out in the queue when told to: QueueTimeOutURL is told, nothing is paid', async () => {
    w.sim.payouts.setBehaviour(PHONE, { outcome: 'queue_timeout' });
    const reply = await b2c();
    expect(reply.status).toBe(200);
    const [posted] = await w.receiver.waitFor('/b2c/timeout');
    expect(posted!.body.Result).toMatchObject({ ResultType: 1, ResultCode: 'QueueTimeout', OriginatorConversationID: 'payout-0001', ConversationID: reply.body.ConversationID });
    expect(w.receiver.on('/b2c/result')).toEqual([]);
    expect(w.sim.payouts.float()).toBe(10_000);
    expect(w.sim.payouts.list()).toMatchObject([{ status: 'timed_out', receipt: null, resultCode: null }]);
    await waitUntil(() => w.sim.callbacks().length === 1);
    expect(w.sim.callbacks()).toMatchObject([{ kind: 'queue_timeout' }]);
  });

  it('validates the request field by field, as Daraja does', async () => {
    const invalid = async (overrides: Record<string, unknown>, field: string) => expectDarajaError(await b2c(overrides), 400, '400.002.02', `Bad Request - Invalid ${field}`);
    await invalid({ OriginatorConversationID: undefined }, 'OriginatorConversationID');
    await invalid({ InitiatorName: '' }, 'InitiatorName');
    await invalid({ SecurityCredential: '' }, 'SecurityCredential');
    await invalid({ CommandID: 'CustomerPayBillOnline' }, 'CommandID');
    await invalid({ Amount: 10.5 }, 'Amount');
    await invalid({ Amount: '10.00' }, 'Amount');
    await invalid({ Amount: 0 }, 'Amount');
    await invalid({ PartyB: '0708374149' }, 'PartyB');
    await invalid({ PartyB: '254208374149' }, 'PartyB');
    await invalid({ PartyB: '2547083741490' }, 'PartyB');
    await invalid({ Remarks: 'x' }, 'Remarks');
    await invalid({ Remarks: 'r'.repeat(101) }, 'Remarks');
    await invalid({ QueueTimeOutURL: 'nowhere' }, 'QueueTimeOutURL');
    await invalid({ ResultURL: undefined }, 'ResultURL');
    expectDarajaError(await w.client.post(B2C, '{"not json'), 400, '400.002.02', 'Bad Request - Invalid JSON');
    expectDarajaError(await b2c({ PartyA: '600999' }), 500, '500.001.1001', 'Merchant does not exist');
    expectDarajaError(await w.client.post(B2C, b2cBody(w.receiver), null), 401, '404.001.04', 'Invalid Authenticator Header');
    expect((await b2c({ PartyB: '254111000222', Amount: '20', Remarks: 'ok' })).status).toBe(200);
    expect(w.sim.payouts.list()).toHaveLength(1);
  });
});

describe('B2B payment request', () => {
  it('pays a Paybill: Result with the B2B keys and the bill reference', async () => {
    const reply = await b2b();
    expect(reply.body).toMatchObject({ OriginatorConversationID: 'payout-b2b-0001', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    const [posted] = await w.receiver.waitFor('/b2b/result');
    const result = posted!.body.Result;
    expect(result).toMatchObject({ ResultType: 0, ResultCode: 0, OriginatorConversationID: 'payout-b2b-0001', ConversationID: reply.body.ConversationID });
    expect(result.ReferenceData.ReferenceItem).toEqual([
      { Key: 'BillReferenceNumber', Value: 'SELLER-7' },
      { Key: 'QueueTimeoutURL', Value: w.receiver.url('/b2b/timeout') },
    ]);
    const values = parameters(result);
    expect(values).toMatchObject({ Amount: '2500.00', ReceiverPartyPublicName: '600000 - SIM BUSINESS 600000', Currency: 'KES', DebitPartyCharges: '' });
    expect(values.TransCompletedTime).toMatch(/^20\d{12}$/);
    expect(values.DebitPartyAffectedAccountBalance).toBe('Working Account|KES|7500.00|7500.00|0.00|0.00');
    expect(result.TransactionID).toMatch(/^[A-Z0-9]{10}$/);
    expect(w.sim.payouts.list()).toMatchObject([{ api: 'b2b', commandId: 'BusinessPayBill', receiver: '600000', accountReference: 'SELLER-7', status: 'completed', receipt: result.TransactionID }]);
  });

  it('pays a till (BusinessBuyGoods) without an AccountReference', async () => {
    expect((await b2b({ CommandID: 'BusinessBuyGoods', PartyB: '5123456', AccountReference: undefined, RecieverIdentifierType: '2' })).status).toBe(200);
    const [posted] = await w.receiver.waitFor('/b2b/result');
    expect(posted!.body.Result.ReferenceData.ReferenceItem).toEqual([{ Key: 'QueueTimeoutURL', Value: w.receiver.url('/b2b/timeout') }]);
  });

  it('refuses a repeat of its OriginatorConversationID too', async () => {
    await b2b();
    expectDarajaError(await b2b(), 500, '500.002.1001', 'Duplicate OriginatorConversationID.');
    await w.receiver.waitFor('/b2b/result');
    await sleep(50);
    expect(w.receiver.on('/b2b/result')).toHaveLength(1);
    expect(w.sim.payouts.float()).toBe(7500);
  });

  it('validates the request', async () => {
    const invalid = async (overrides: Record<string, unknown>, field: string) => expectDarajaError(await b2b(overrides), 400, '400.002.02', `Bad Request - Invalid ${field}`);
    await invalid({ Initiator: undefined, InitiatorName: 'testapi' }, 'Initiator');
    await invalid({ CommandID: 'BusinessPayment' }, 'CommandID');
    await invalid({ SenderIdentifierType: '1' }, 'SenderIdentifierType');
    await invalid({ AccountReference: 'A'.repeat(14) }, 'AccountReference');
    await invalid({ AccountReference: '' }, 'AccountReference');
    await invalid({ PartyB: '2547' }, 'PartyB');
    await invalid({ Remarks: '' }, 'Remarks');
    expect((await b2b({ AccountReference: 'A'.repeat(13), Requester: undefined })).status).toBe(200);
  });
});

describe('Transaction Status of payouts', () => {
  function statusQuery(overrides: Record<string, unknown>) {
    return w.client.post('/mpesa/transactionstatus/v1/query', {
      Initiator: 'testapi',
      SecurityCredential: 'c2VjcmV0',
      CommandID: 'TransactionStatusQuery',
      PartyA: '174379',
      IdentifierType: '4',
      ResultURL: w.receiver.url('/status/result'),
      QueueTimeOutURL: w.receiver.url('/status/timeout'),
      Remarks: 'reconcile',
      Occasion: 'payout',
      ...overrides,
    });
  }

  it('describes a payout by its receipt (TransactionID)', async () => {
    await b2c();
    const [posted] = await w.receiver.waitFor('/b2c/result');
    const receipt = posted!.body.Result.TransactionID as string;
    await statusQuery({ TransactionID: receipt });
    const [status] = await w.receiver.waitFor('/status/result');
    expect(status!.body.Result.ResultCode).toBe(0);
    expect(parameters(status!.body.Result)).toMatchObject({
      ReceiptNo: receipt,
      Amount: 1500,
      TransactionStatus: 'Completed',
      DebitPartyName: '174379 - ESCROW LTD',
      CreditPartyName: `${PHONE} - John Doe`,
      ReasonType: 'Business Payment to Customer via API',
    });
  });

  it.each(['OriginalConversationID', 'OriginatorConversationID'])('finds a payout whose Result was lost by its OriginatorConversationID sent as %s', async (field) => {
    w.sim.payouts.setBehaviour(PHONE, { result: 'lost' });
    await b2c();
    const reply = await statusQuery({ [field]: 'payout-0001' });
    expect(reply.status).toBe(200);
    const [status] = await w.receiver.waitFor('/status/result');
    const receipt = w.sim.payouts.list()[0]!.receipt;
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(status!.body.Result.ResultCode).toBe(0);
    expect(parameters(status!.body.Result)).toMatchObject({ ReceiptNo: receipt, TransactionStatus: 'Completed', Amount: 1500 });
    // The status query asked; it did not pay again.
    expect(w.sim.payouts.float()).toBe(8500);
    expect(w.sim.payouts.list()).toMatchObject([{ requests: 1 }]);
  });

  it("answers a failed payout's own ResultCode, and an unknown one (or one timed out in the queue) as not found", async () => {
    w.sim.payouts.setBehaviour(PHONE, { outcome: 'invalid_receiver', result: 'lost', times: 1 });
    await b2c({ OriginatorConversationID: 'failed-1' });
    w.sim.payouts.setBehaviour(PHONE, { outcome: 'queue_timeout', result: 'lost' });
    await b2c({ OriginatorConversationID: 'queued-1' });
    await statusQuery({ OriginalConversationID: 'failed-1' });
    await w.receiver.waitFor('/status/result', 1);
    await statusQuery({ OriginalConversationID: 'queued-1' });
    await w.receiver.waitFor('/status/result', 2);
    await statusQuery({ OriginalConversationID: 'never-sent' });
    const results = (await w.receiver.waitFor('/status/result', 3)).map((r) => r.body.Result);
    expect(results.map((r) => r.ResultCode)).toEqual([2040, 2032, 2032]);
    for (const result of results) expect(result.ResultParameters).toBeUndefined();
  });

  it('does not describe a payout to a shortcode that had no part in it', async () => {
    await b2c();
    await statusQuery({ OriginalConversationID: 'payout-0001', PartyA: '600999' });
    const [status] = await w.receiver.waitFor('/status/result');
    expect(status!.body.Result.ResultCode).toBe(2032);
  });
});

describe('/sim payout controls over HTTP', () => {
  async function control(method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(`${w.sim.url}${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  it('lists payouts, scripts a receiver and sets the float', async () => {
    expect(await control('POST', '/sim/payouts/float', { shillings: 2000 })).toEqual({ status: 204, body: null });
    expect((await control('GET', '/sim/payouts/float')).body).toEqual({ shillings: 2000 });
    expect((await control('POST', '/sim/payouts/behaviours', { receiver: '254711000222', outcome: 'invalid_receiver', invalidReceiverCode: 8006 })).status).toBe(204);
    await b2c({ PartyB: '254711000222' });
    await b2c({ OriginatorConversationID: 'payout-0002', Amount: 500 });
    await w.receiver.waitFor('/b2c/result', 2);
    const listed = await control('GET', '/sim/payouts');
    expect(listed.body).toMatchObject([
      { originatorConversationId: 'payout-0001', receiver: '254711000222', status: 'failed', resultCode: 8006, receipt: null, requests: 1 },
      { originatorConversationId: 'payout-0002', receiver: PHONE, status: 'completed', amount: 500, requests: 1 },
    ]);
    expect((await control('GET', '/sim/payouts/float')).body).toEqual({ shillings: 1500 });
  });

  it('refuses bad control input with 400, and reset() refills the float and forgets payouts', async () => {
    expect((await control('POST', '/sim/payouts/float', { shillings: -1 })).status).toBe(400);
    expect((await control('POST', '/sim/payouts/float', { shillings: 1.5 })).status).toBe(400);
    expect((await control('POST', '/sim/payouts/behaviours', { receiver: 'x', outcome: 'success' })).status).toBe(400);
    expect((await control('POST', '/sim/payouts/behaviours', { receiver: PHONE, outcome: 'explode' })).status).toBe(400);
    expect((await control('POST', '/sim/payouts/behaviours', { receiver: PHONE, invalidReceiverCode: 9999 })).status).toBe(400);
    await b2c();
    await w.receiver.waitFor('/b2c/result');
    expect((await control('POST', '/sim/reset')).status).toBe(204);
    expect((await control('GET', '/sim/payouts')).body).toEqual([]);
    expect((await control('GET', '/sim/payouts/float')).body).toEqual({ shillings: 10_000 });
    // After a reset the same id is a new payout.
    expect((await b2c()).status).toBe(200);
  });
});
