import { describe, expect, it } from 'vitest';
import { waitUntil } from './helpers/callback-receiver.js';
import { expectDarajaError } from './helpers/daraja-client.js';
import { parameters, reversalBody } from './helpers/payout-requests.js';
import { useSimWorld } from './helpers/sim-world.js';

const REVERSAL = '/mpesa/reversal/v1/request';
const w = useSimWorld({ callbackDelayMs: 10, shortCodes: [{ shortCode: '174379', passkey: 'pk', name: 'ESCROW LTD' }] });

const reverse = (overrides: Record<string, unknown>) => w.client.post(REVERSAL, reversalBody(w.receiver, overrides));

describe('Reversal', () => {
  it('reverses a C2B receipt: accepted at once, then a success Result naming the original receipt', async () => {
    const { transId } = await w.sim.payBill({ msisdn: '254711000222', account: 'TRK-7', amount: 750, firstName: 'Otieno' });
    const reply = await reverse({ TransactionID: transId, Amount: 750 });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['ConversationID', 'OriginatorConversationID', 'ResponseCode', 'ResponseDescription']);
    expect(reply.body).toMatchObject({ ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    const [posted] = await w.receiver.waitFor('/reversal/result');
    const result = posted!.body.Result;
    expect(result).toMatchObject({ ResultType: 0, ResultCode: 0, ConversationID: reply.body.ConversationID, OriginatorConversationID: reply.body.OriginatorConversationID });
    expect(parameters(result)).toMatchObject({
      OriginalTransactionID: transId,
      Amount: 750,
      CreditPartyPublicName: '254711000222 - Otieno',
      DebitPartyPublicName: '174379 - ESCROW LTD',
    });
    expect(result.TransactionID).toMatch(/^[A-Z0-9]{10}$/);
    expect(result.TransactionID).not.toBe(transId);
    expect(w.sim.payouts.reversals()).toMatchObject([{ transactionId: transId, status: 'completed', resultCode: 0, receipt: result.TransactionID }]);
  });

  it('refuses a receipt already reversed (R000001), an unknown one and a wrong amount (R000002), in the Result', async () => {
    const { transId } = await w.sim.payBill({ msisdn: '254711000222', account: 'TRK-7', amount: 750 });
    await reverse({ TransactionID: transId, Amount: 750 });
    await w.receiver.waitFor('/reversal/result', 1);
    await reverse({ TransactionID: transId, Amount: 750 });
    await w.receiver.waitFor('/reversal/result', 2);
    await reverse({ TransactionID: 'ZZZ0000000', Amount: 750 });
    await w.receiver.waitFor('/reversal/result', 3);
    const { transId: other } = await w.sim.payBill({ msisdn: '254711000222', account: 'TRK-8', amount: 300 });
    await reverse({ TransactionID: other, Amount: 299 });
    const results = (await w.receiver.waitFor('/reversal/result', 4)).map((r) => r.body.Result);
    expect(results.map((r) => [r.ResultCode, r.ResultDesc])).toEqual([
      [0, 'The service request is processed successfully.'],
      ['R000001', 'The transaction has already been reversed.'],
      ['R000002', 'The OriginalTransactionID is invalid.'],
      ['R000002', 'The amount does not match the original transaction.'],
    ]);
    for (const result of results.slice(1)) expect(result.ResultParameters).toBeUndefined();
    await waitUntil(() => w.sim.payouts.reversals().length === 4);
    expect(w.sim.payouts.reversals().map((r) => r.status)).toEqual(['completed', 'failed', 'failed', 'failed']);
  });

  it('reverses an STK receipt, only for the shortcode that was paid', async () => {
    w.sim.setStkBehaviour('254708374149', { outcome: 'approve', callback: 'lost' });
    await w.client.post('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: '174379',
      Password: Buffer.from('174379pk20260115093000').toString('base64'),
      Timestamp: '20260115093000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 2500,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: w.receiver.url('/stk'),
      AccountReference: 'TRK-42',
    });
    const receipt = w.sim.prompts()[0]!.receiptNumber!;
    await reverse({ TransactionID: receipt, ReceiverParty: '600999' });
    await w.receiver.waitFor('/reversal/result', 1);
    await reverse({ TransactionID: receipt });
    const results = (await w.receiver.waitFor('/reversal/result', 2)).map((r) => r.body.Result.ResultCode);
    expect(results).toEqual(['R000002', 0]);
  });

  it('validates the request', async () => {
    const invalid = async (overrides: Record<string, unknown>, field: string) => expectDarajaError(await reverse(overrides), 400, '400.002.02', `Bad Request - Invalid ${field}`);
    await invalid({ CommandID: 'Reversal' }, 'CommandID');
    await invalid({ TransactionID: '' }, 'TransactionID');
    await invalid({ Amount: 7.5 }, 'Amount');
    await invalid({ RecieverIdentifierType: '1' }, 'RecieverIdentifierType');
    await invalid({ Remarks: 'x' }, 'Remarks');
  });
});
