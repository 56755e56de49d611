import { describe, expect, it } from 'vitest';
import { useSimWorld } from './helpers/sim-world.js';
import { waitUntil } from './helpers/callback-receiver.js';
import { expectDarajaError } from './helpers/daraja-client.js';

const PHONE = '254708374149';
const w = useSimWorld({ callbackDelayMs: 10, shortCodes: [{ shortCode: '174379', passkey: 'pk', name: 'ESCROW LTD' }] });

function statusQuery(overrides: Record<string, unknown>) {
  return w.client.post('/mpesa/transactionstatus/v1/query', {
    Initiator: 'testapi',
    SecurityCredential: 'c2VjcmV0',
    CommandID: 'TransactionStatusQuery',
    TransactionID: 'NLJ7RT61SV',
    PartyA: '174379',
    IdentifierType: '4',
    ResultURL: w.receiver.url('/status/result'),
    QueueTimeOutURL: w.receiver.url('/status/timeout'),
    Remarks: 'reconcile',
    Occasion: 'order 42',
    ...overrides,
  });
}

async function paidByStk(amountPaid?: number): Promise<string> {
  w.sim.setStkBehaviour(PHONE, { outcome: 'approve', callback: 'lost', amountPaid });
  const push = await w.client.post('/mpesa/stkpush/v1/processrequest', {
    BusinessShortCode: '174379',
    Password: Buffer.from('174379pk20260115093000').toString('base64'),
    Timestamp: '20260115093000',
    TransactionType: 'CustomerPayBillOnline',
    Amount: 2500,
    PartyA: PHONE,
    PartyB: '174379',
    PhoneNumber: PHONE,
    CallBackURL: w.receiver.url('/stk'),
    AccountReference: 'TRK-42',
  });
  expect(push.status).toBe(200);
  return w.sim.prompts()[0]!.receiptNumber!;
}

function parameters(result: { ResultParameters: { ResultParameter: { Key: string; Value?: unknown }[] } }): Record<string, unknown> {
  return Object.fromEntries(result.ResultParameters.ResultParameter.map((p) => [p.Key, p.Value]));
}

describe('Transaction Status', () => {
  it('accepts at once, then POSTs a Result describing a known STK receipt', async () => {
    const receipt = await paidByStk(2400);
    const reply = await statusQuery({ TransactionID: receipt });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['ConversationID', 'OriginatorConversationID', 'ResponseCode', 'ResponseDescription']);
    expect(reply.body).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    expect(reply.body.ConversationID).toMatch(/^AG_\d{8}_[0-9a-f]{20}$/);
    const [posted] = await w.receiver.waitFor('/status/result');
    const result = posted!.body.Result;
    expect(result).toMatchObject({
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: reply.body.OriginatorConversationID,
      ConversationID: reply.body.ConversationID,
      ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'order 42' } },
    });
    const values = parameters(result);
    expect(values).toMatchObject({
      ReceiptNo: receipt,
      TransactionStatus: 'Completed',
      Amount: 2400,
      DebitPartyName: `${PHONE} - John Doe`,
      CreditPartyName: '174379 - ESCROW LTD',
      ReasonType: 'Pay Bill Online',
    });
    expect(String(values.InitiatedTime)).toMatch(/^20\d{12}$/);
    expect(typeof values.FinalisedTime).toBe('number');
    // An empty TransactionReason has no Value at all, as on Daraja.
    expect(result.ResultParameters.ResultParameter.find((p: { Key: string }) => p.Key === 'TransactionReason')).toEqual({ Key: 'TransactionReason' });
    expect(w.receiver.on('/status/timeout')).toEqual([]);
    // The log entry is written once the receiver's reply is read, just after the receiver saw the POST.
    await waitUntil(() => w.sim.callbacks().length === 1);
    expect(w.sim.callbacks()).toMatchObject([{ kind: 'result', ref: reply.body.ConversationID, status: 200 }]);
  });

  it('describes a C2B receipt too', async () => {
    const { transId } = await w.sim.payBill({ msisdn: '254711000222', account: 'TRK-7', amount: 750, firstName: 'Otieno' });
    await statusQuery({ TransactionID: transId });
    const [posted] = await w.receiver.waitFor('/status/result');
    expect(parameters(posted!.body.Result)).toMatchObject({ ReceiptNo: transId, Amount: 750, DebitPartyName: '254711000222 - Otieno', ReasonType: 'Pay Bill' });
  });

  it('answers an unknown receipt, or one of another party, with a failure Result and no ResultParameters', async () => {
    const receipt = await paidByStk();
    await statusQuery({ TransactionID: 'ZZZ0000000' });
    await statusQuery({ TransactionID: receipt, PartyA: '600999' });
    const results = (await w.receiver.waitFor('/status/result', 2)).map((r) => r.body.Result);
    for (const result of results) {
      expect(result).toMatchObject({ ResultType: 0, ResultCode: 2032, ResultDesc: 'The transaction receipt number does not exist.' });
      expect(result.ResultParameters).toBeUndefined();
    }
  });

  it("echoes the integrator's OriginatorConversationID in the reply and the Result", async () => {
    const receipt = await paidByStk();
    const reply = await statusQuery({ TransactionID: receipt, OriginatorConversationID: 'escrow-ts-1234' });
    expect(reply.body).toMatchObject({ OriginatorConversationID: 'escrow-ts-1234', ResponseCode: '0' });
    const [posted] = await w.receiver.waitFor('/status/result');
    expect(posted!.body.Result).toMatchObject({ OriginatorConversationID: 'escrow-ts-1234', ConversationID: reply.body.ConversationID, ResultCode: 0 });
    expect(parameters(posted!.body.Result)).toMatchObject({ OriginatorConversationID: 'escrow-ts-1234' });
  });

  it('loses a Result when told to (loseStatusResults), and only that many', async () => {
    const receipt = await paidByStk();
    w.sim.loseStatusResults(1);
    const lost = await statusQuery({ TransactionID: receipt, OriginatorConversationID: 'lost-1' });
    expect(lost.status).toBe(200);
    await statusQuery({ TransactionID: receipt, OriginatorConversationID: 'kept-2' });
    const [posted] = await w.receiver.waitFor('/status/result');
    expect(posted!.body.Result.OriginatorConversationID).toBe('kept-2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(w.receiver.on('/status/result')).toHaveLength(1);
    expect(w.sim.callbacks().map((c) => c.ref)).not.toContain(lost.body.ConversationID);
  });

  it('takes a repeated OriginatorConversationID and the Occassion spelling', async () => {
    const first = await statusQuery({ OriginatorConversationID: 'abc-1', Occasion: undefined, Occassion: 'sic' });
    const second = await statusQuery({ OriginatorConversationID: 'abc-1' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const results = await w.receiver.waitFor('/status/result', 2);
    expect(results.map((r) => r.body.Result.ReferenceData.ReferenceItem.Value).sort()).toEqual(['order 42', 'sic']);
  });

  it('validates the request', async () => {
    expectDarajaError(await statusQuery({ CommandID: 'TransactionStatus' }), 400, '400.002.02', 'Bad Request - Invalid CommandID');
    expectDarajaError(await statusQuery({ ResultURL: 'nowhere' }), 400, '400.002.02', 'Bad Request - Invalid ResultURL');
    expectDarajaError(await statusQuery({ IdentifierType: '9' }), 400, '400.002.02', 'Bad Request - Invalid IdentifierType');
    expectDarajaError(await statusQuery({ SecurityCredential: '' }), 400, '400.002.02', 'Bad Request - Invalid SecurityCredential');
    expectDarajaError(await statusQuery({ TransactionID: undefined }), 400, '400.002.02', 'Bad Request - Invalid TransactionID');
  });
});
