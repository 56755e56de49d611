import { describe, expect, it } from 'vitest';
import { createDarajaClient, DarajaError, DarajaInputError, stkPassword, type StkPushRequest } from '../src/index.js';
import { fakeDaraja, recordingSleep, replies, SANDBOX_PASSKEY, testConfig } from './support/fake-daraja.js';

const PUSH = '/mpesa/stkpush/v1/processrequest';
const QUERY = '/mpesa/stkpushquery/v1/query';
const at = () => new Date('2019-12-19T07:21:15Z'); // 10:21:15 in Nairobi

const accepted = {
  json: {
    MerchantRequestID: '29115-34620561-1',
    CheckoutRequestID: 'ws_CO_191220191020363925',
    ResponseCode: '0',
    ResponseDescription: 'Success. Request accepted for processing',
    CustomerMessage: 'Success. Request accepted for processing',
  },
};
const push: StkPushRequest = {
  phone: '0708 374 149',
  amountShillings: 1_501,
  accountReference: 'EDK7Q2M4XP',
  description: 'Escrow payment for order',
  callbackUrl: 'https://api.example.co.ke/hooks/stk/s3cr3t',
};

describe('stkPush', () => {
  it('sends the documented body: same timestamp inside and outside the password, normalised phone, cut description', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => accepted });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, now: at });
    expect(await client.stkPush(push)).toEqual({
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_191220191020363925',
      responseCode: '0',
      customerMessage: 'Success. Request accepted for processing',
    });
    const [request] = daraja.to(PUSH);
    expect(request?.method).toBe('POST');
    expect(request?.headers).toMatchObject({ authorization: 'Bearer token-1', 'content-type': 'application/json' });
    expect(request?.body).toEqual({
      BusinessShortCode: '174379',
      Password: stkPassword('174379', SANDBOX_PASSKEY, '20191219102115'),
      Timestamp: '20191219102115',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1_501,
      PartyA: '254708374149',
      PartyB: '174379',
      PhoneNumber: '254708374149',
      CallBackURL: 'https://api.example.co.ke/hooks/stk/s3cr3t',
      AccountReference: 'EDK7Q2M4XP',
      TransactionDesc: 'Escrow paymen',
    });
  });

  it('pays a Buy Goods till: PartyB is the till, BusinessShortCode the store', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => accepted });
    const client = createDarajaClient({ ...testConfig, shortcode: '600100', transactionType: 'CustomerBuyGoodsOnline', partyB: '5123456' }, { fetch: daraja.fetch, now: at });
    await client.stkPush({ ...push, description: undefined });
    expect(daraja.to(PUSH)[0]?.body).toMatchObject({ BusinessShortCode: '600100', TransactionType: 'CustomerBuyGoodsOnline', PartyB: '5123456', TransactionDesc: 'Payment' });
  });

  it.each([
    ['a fractional amount', { amountShillings: 1.5 }, 'amountShillings'],
    ['a zero amount', { amountShillings: 0 }, 'amountShillings'],
    ['a negative amount', { amountShillings: -10 }, 'amountShillings'],
    ['NaN', { amountShillings: Number.NaN }, 'amountShillings'],
    ['a 13-character reference', { accountReference: 'EDK7Q2M4XPABC' }, 'accountReference'],
    ['an empty reference', { accountReference: ' ' }, 'accountReference'],
    ['a landline', { phone: '020 123 4567' }, 'phone'],
    ['a relative callback URL', { callbackUrl: '/hooks/stk' }, 'callbackUrl'],
  ])('refuses %s before sending anything', async (_name, change, field) => {
    const daraja = fakeDaraja({ [PUSH]: () => accepted });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    const error = await client.stkPush({ ...push, ...change }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaInputError);
    expect(error).toMatchObject({ field });
    expect(daraja.seen).toEqual([]);
  });

  it('accepts a 12-character reference', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => accepted });
    await createDarajaClient(testConfig, { fetch: daraja.fetch }).stkPush({ ...push, accountReference: 'ABCDEFGHIJKL' });
    expect(daraja.to(PUSH)[0]?.body).toMatchObject({ AccountReference: 'ABCDEFGHIJKL' });
  });

  it('reports a refused field with its code, message and request id', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => replies.error(400, '400.002.02', 'Bad Request - Invalid PhoneNumber') });
    const error = await createDarajaClient(testConfig, { fetch: daraja.fetch }).stkPush(push).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ kind: 'rejected', httpStatus: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber', requestId: 'req-400.002.02', retryable: false });
    expect((error as Error).message).toContain('Invalid PhoneNumber');
  });

  it('reports "Unable to lock subscriber" as a refusal worth retrying later', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => replies.error(500, '500.001.1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber') });
    await expect(createDarajaClient(testConfig, { fetch: daraja.fetch }).stkPush(push)).rejects.toMatchObject({ kind: 'rejected', retryable: true, message: expect.stringContaining('lock the subscriber') });
    expect(daraja.to(PUSH)).toHaveLength(1);
  });

  it('is NEVER sent twice after a timeout: one request, not retryable', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => 'hang' });
    const sleep = recordingSleep();
    const client = createDarajaClient({ ...testConfig, timeoutMs: 50 }, { fetch: daraja.fetch, sleep: sleep.sleep });
    await expect(client.stkPush(push)).rejects.toMatchObject({ kind: 'timeout', retryable: false, message: expect.stringContaining('may still have been processed') });
    expect(daraja.to(PUSH)).toHaveLength(1);
    expect(sleep.waits).toEqual([]);
  });

  it.each([
    ['a network failure', { networkError: 'ECONNRESET' }, 'network'],
    ['a gateway page', { status: 502, text: '<html>Bad Gateway</html>' }, 'network'],
    ['a reply that is not JSON', { text: 'OK' }, 'invalid_response'],
    ['a reply without CheckoutRequestID', { json: { MerchantRequestID: 'm', ResponseCode: '0' } }, 'invalid_response'],
  ] as const)('is not sent twice after %s', async (_name, reply, kind) => {
    const daraja = fakeDaraja({ [PUSH]: () => reply });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, sleep: recordingSleep().sleep });
    await expect(client.stkPush(push)).rejects.toMatchObject({ kind, retryable: false });
    expect(daraja.to(PUSH)).toHaveLength(1);
  });

  it('treats a 200 with a ResponseCode other than "0" as a refusal', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => ({ json: { ...accepted.json, ResponseCode: '1', ResponseDescription: 'Rejected' } }) });
    await expect(createDarajaClient(testConfig, { fetch: daraja.fetch }).stkPush(push)).rejects.toMatchObject({ kind: 'rejected', errorCode: '1' });
  });

  it('is retried after a spike arrest (refused unprocessed), with growing jittered waits', async () => {
    const daraja = fakeDaraja({ [PUSH]: (_, n) => (n <= 2 ? replies.spikeArrest() : accepted) });
    const sleep = recordingSleep();
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, sleep: sleep.sleep, random: () => 0 });
    expect((await client.stkPush(push)).checkoutRequestId).toBe('ws_CO_191220191020363925');
    expect(daraja.to(PUSH)).toHaveLength(3);
    expect(sleep.waits).toEqual([125, 250]);
  });

  it('gives up after 3 retries of a quota violation', async () => {
    const daraja = fakeDaraja({ [PUSH]: () => replies.error(500, '500.003.03', 'Quota Violation') });
    const sleep = recordingSleep();
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, sleep: sleep.sleep, random: () => 1 });
    await expect(client.stkPush(push)).rejects.toMatchObject({ kind: 'throttled', errorCode: '500.003.03', retryable: true });
    expect(daraja.to(PUSH)).toHaveLength(4);
    expect(sleep.waits).toEqual([250, 500, 1_000]);
  });
});

describe('stkQuery', () => {
  const final = (ResultCode: string, ResultDesc: string) => ({
    json: { ResponseCode: '0', ResponseDescription: 'The service request has been accepted successsfully', MerchantRequestID: '29115-34620561-1', CheckoutRequestID: 'ws_CO_1', ResultCode, ResultDesc },
  });

  it('sends shortcode, password, timestamp and the checkout id', async () => {
    const daraja = fakeDaraja({ [QUERY]: () => final('0', 'The service request is processed successfully.') });
    await createDarajaClient(testConfig, { fetch: daraja.fetch, now: at }).stkQuery('ws_CO_1');
    expect(daraja.to(QUERY)[0]?.body).toEqual({
      BusinessShortCode: '174379',
      Password: stkPassword('174379', SANDBOX_PASSKEY, '20191219102115'),
      Timestamp: '20191219102115',
      CheckoutRequestID: 'ws_CO_1',
    });
  });

  it('is pending while Daraja answers HTTP 500 "The transaction is being processed"', async () => {
    const daraja = fakeDaraja({ [QUERY]: () => replies.stillProcessing() });
    expect(await createDarajaClient(testConfig, { fetch: daraja.fetch }).stkQuery('ws_CO_1')).toEqual({ status: 'pending' });
  });

  it.each([
    ['0', 0],
    ['1032', 1032],
    ['1037', 1037],
    ['SFC_IC0003', 'SFC_IC0003'],
  ])('is final with ResultCode %j (a string on the wire) read as %j', async (wire, code) => {
    const daraja = fakeDaraja({ [QUERY]: () => final(wire, 'desc') });
    expect(await createDarajaClient(testConfig, { fetch: daraja.fetch }).stkQuery('ws_CO_1')).toEqual({
      status: 'final',
      resultCode: code,
      resultDesc: 'desc',
      merchantRequestId: '29115-34620561-1',
      checkoutRequestId: 'ws_CO_1',
    });
  });

  it('reports the other 500.001.1001 failures', async () => {
    const daraja = fakeDaraja({ [QUERY]: () => replies.error(500, '500.001.1001', 'Wrong credentials') });
    await expect(createDarajaClient(testConfig, { fetch: daraja.fetch }).stkQuery('ws_CO_1')).rejects.toMatchObject({ kind: 'rejected', errorCode: '500.001.1001', retryable: false });
  });

  it('is retried after network failures (idempotent)', async () => {
    const daraja = fakeDaraja({ [QUERY]: (_, n) => (n <= 2 ? { networkError: 'ECONNRESET' } : final('1032', 'Request cancelled by user')) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, sleep: recordingSleep().sleep });
    expect(await client.stkQuery('ws_CO_1')).toMatchObject({ status: 'final', resultCode: 1032 });
    expect(daraja.to(QUERY)).toHaveLength(3);
  });

  it('is retried after timeouts, then reports a retryable timeout', async () => {
    const daraja = fakeDaraja({ [QUERY]: () => 'hang' });
    const client = createDarajaClient({ ...testConfig, timeoutMs: 30 }, { fetch: daraja.fetch, sleep: recordingSleep().sleep });
    await expect(client.stkQuery('ws_CO_1')).rejects.toMatchObject({ kind: 'timeout', retryable: true });
    expect(daraja.to(QUERY)).toHaveLength(4);
  });

  it('refuses an empty checkout id', async () => {
    await expect(createDarajaClient(testConfig, { fetch: fakeDaraja({}).fetch }).stkQuery('')).rejects.toBeInstanceOf(DarajaInputError);
  });
});
