import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDarajaClient, DarajaMpesaGateway, mpesaCallbackUrls, parseResultCallback, parseStkCallback, readTransactionStatusResult, type ResultCallback } from '../src/index.js';
import { startCallbackReceiver } from './support/callback-receiver.js';
import { fakeDaraja, recordingSleep, replies, testConfig, type FakeReply } from './support/fake-daraja.js';
import { simClient } from './support/sim-client.js';

const STATUS = '/mpesa/transactionstatus/v1/query';
const urls = { result: 'https://api.example.co.ke/api/payments/callbacks/ab12/status/result', timeout: 'https://api.example.co.ke/api/payments/callbacks/ab12/status/timeout' };
const request = { receipt: 'NLJ7RT61SV', originatorConversationId: 'escrow-ts-0b6f8c1e-1f2a-4c3b-9d4e-5f6a7b8c9d0e', occasion: 'EDK7Q2M4XP' };

describe('DarajaMpesaGateway: Transaction Status', () => {
  let sim: DarajaSim;
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  beforeAll(async () => {
    sim = await startDarajaSim({ callbackDelayMs: 10, shortCodes: [{ shortCode: '174379', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', name: 'ESCROW LTD' }] });
    receiver = await startCallbackReceiver(() => ({ json: { ResultCode: 0, ResultDesc: 'Accepted' } }));
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it('asks the simulator about a paid receipt with our OriginatorConversationID; its Result reads as the core checks it (amount in cents)', async () => {
    const client = simClient(sim);
    sim.setStkBehaviour('254708374149', { outcome: 'approve', amountPaid: 1_502 });
    await client.stkPush({ phone: '0708374149', amountShillings: 1_502, accountReference: 'EDK7Q2M4XP', callbackUrl: receiver.url('/stk') });
    const [stk] = await receiver.waitFor('/stk');
    const paid = parseStkCallback(stk?.body);
    if (!paid.ok || !paid.value.metadata) throw new Error('no paid STK callback');

    const gateway = new DarajaMpesaGateway(client, receiver.url('/stk'), { result: receiver.url('/status/result'), timeout: receiver.url('/status/timeout') });
    expect(gateway.transactionStatus?.shortCode).toBe('174379');
    const sent = await gateway.transactionStatus!.query({ ...request, receipt: paid.value.metadata.receipt });
    expect(sent).toEqual({ status: 'accepted', conversationId: expect.stringMatching(/^AG_/), originatorConversationId: request.originatorConversationId });
    const [posted] = await receiver.waitFor('/status/result');
    const parsed = parseResultCallback(posted?.body);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(readTransactionStatusResult(parsed.value)).toEqual({
      originatorConversationId: request.originatorConversationId,
      conversationId: sent.status === 'accepted' ? sent.conversationId : '',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      receiptNo: paid.value.metadata.receipt,
      amount: 1_502_00,
      creditPartyName: '174379 - ESCROW LTD',
      transactionStatus: 'Completed',
    });
  });

  it('has no Transaction Status without an initiator, or without URLs for its Results', () => {
    const { initiatorName: _n, securityCredential: _c, ...withoutInitiator } = testConfig;
    expect(new DarajaMpesaGateway(createDarajaClient(withoutInitiator), 'https://x.test/stk', urls).transactionStatus).toBeUndefined();
    expect(new DarajaMpesaGateway(createDarajaClient(testConfig), 'https://x.test/stk').transactionStatus).toBeUndefined();
    expect(new DarajaMpesaGateway(createDarajaClient(testConfig), 'https://x.test/stk', urls).transactionStatus).toBeDefined();
  });

  it('sends the receipt, our OriginatorConversationID, the occasion and the Result URLs', async () => {
    const daraja = fakeDaraja({ [STATUS]: () => ({ json: { OriginatorConversationID: request.originatorConversationId, ConversationID: 'AG_20260115_00000000000000000001', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' } }) });
    const gateway = new DarajaMpesaGateway(createDarajaClient(testConfig, { fetch: daraja.fetch }), 'https://x.test/stk', urls);
    expect(await gateway.transactionStatus!.query(request)).toEqual({ status: 'accepted', conversationId: 'AG_20260115_00000000000000000001', originatorConversationId: request.originatorConversationId });
    expect(daraja.to(STATUS)[0]?.body).toMatchObject({ TransactionID: 'NLJ7RT61SV', OriginatorConversationID: request.originatorConversationId, Occasion: 'EDK7Q2M4XP', ResultURL: urls.result, QueueTimeOutURL: urls.timeout, PartyA: '174379', IdentifierType: '4' });
  });

  it.each([
    ['no answer in time: unknown, sent once', (): FakeReply => 'hang', { status: 'unknown' }],
    ['a cut connection: unknown', (): FakeReply => ({ networkError: 'ECONNRESET' }), { status: 'unknown' }],
    ['a refusal by Daraja: refused, to be asked again later', (): FakeReply => replies.error(400, '400.002.02', 'Bad Request - Invalid Initiator'), { status: 'refused', reason: 'Bad Request - Invalid Initiator', retryable: true }],
    ['spike arrest: refused, to be asked again later', (): FakeReply => replies.spikeArrest(), { status: 'refused', retryable: true }],
  ] as const)('%s', async (_name, route, outcome) => {
    const daraja = fakeDaraja({ [STATUS]: route });
    const gateway = new DarajaMpesaGateway(createDarajaClient({ ...testConfig, timeoutMs: 30 }, { fetch: daraja.fetch, sleep: recordingSleep().sleep }), 'https://x.test/stk', urls);
    expect(await gateway.transactionStatus!.query(request)).toMatchObject(outcome);
    if (outcome.status === 'unknown') expect(daraja.to(STATUS)).toHaveLength(1);
  });

  it('a receipt the client refuses before sending is refused for good', async () => {
    const daraja = fakeDaraja({});
    const gateway = new DarajaMpesaGateway(createDarajaClient(testConfig, { fetch: daraja.fetch }), 'https://x.test/stk', urls);
    expect(await gateway.transactionStatus!.query({ ...request, receipt: 'NLJ 7RT' })).toMatchObject({ status: 'refused', retryable: false });
    expect(daraja.seen).toEqual([]);
  });
});

describe('readTransactionStatusResult', () => {
  const result = (parameters: Record<string, string>, resultCode: ResultCallback['resultCode'] = 0): ResultCallback => ({
    resultType: 0,
    resultCode,
    resultDesc: 'The service request is processed successfully.',
    originatorConversationId: 'escrow-ts-1',
    conversationId: 'AG_1',
    transactionId: 'LGR0000000',
    parameters,
    referenceData: {},
  });

  it.each([
    ['5.00', 500],
    ['5', 500],
    ['1500.5', 1_500_50],
    ['40000.00', 40_000_00],
    ['', null],
    ['5.001', null],
    ['-5', null],
    ['1e3', null],
    ['5,000', null],
  ])('Amount "%s" is %s cents', (amount, cents) => {
    expect(readTransactionStatusResult(result({ Amount: amount })).amount).toBe(cents);
  });

  it('reads what is absent as null, and a code that is not a number as -1', () => {
    expect(readTransactionStatusResult(result({}, 2032))).toMatchObject({ resultCode: 2032, receiptNo: null, amount: null, creditPartyName: null, transactionStatus: null });
    expect(readTransactionStatusResult(result({ ReceiptNo: ' NLJ7RT61SV ', TransactionStatus: 'Completed' }, 'SFC_IC0003'))).toMatchObject({ resultCode: -1, receiptNo: 'NLJ7RT61SV', transactionStatus: 'Completed' });
    expect(readTransactionStatusResult(result({}, 3_000_000_000)).resultCode).toBe(-1);
  });

  it('names our callback URLs under the secret, with no word Safaricom refuses', () => {
    const named = mpesaCallbackUrls('https://api.example.co.ke/', 'ab12');
    expect(named).toEqual({
      stk: 'https://api.example.co.ke/api/payments/callbacks/ab12/stk',
      validation: 'https://api.example.co.ke/api/payments/callbacks/ab12/c2b/validation',
      confirmation: 'https://api.example.co.ke/api/payments/callbacks/ab12/c2b/confirmation',
      statusResult: 'https://api.example.co.ke/api/payments/callbacks/ab12/status/result',
      statusTimeout: 'https://api.example.co.ke/api/payments/callbacks/ab12/status/timeout',
      payoutResult: 'https://api.example.co.ke/api/payments/callbacks/ab12/payouts/result',
      payoutTimeout: 'https://api.example.co.ke/api/payments/callbacks/ab12/payouts/timeout',
      payoutStatusResult: 'https://api.example.co.ke/api/payments/callbacks/ab12/payouts/status/result',
      payoutStatusTimeout: 'https://api.example.co.ke/api/payments/callbacks/ab12/payouts/status/timeout',
    });
    for (const url of Object.values(named)) expect(url).not.toMatch(/m-?pesa|safaricom|exe|cmd|sql|query/i);
  });
});
