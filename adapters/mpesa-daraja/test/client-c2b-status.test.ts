import { describe, expect, it } from 'vitest';
import { createDarajaClient, DarajaInputError, type TransactionStatusRequest } from '../src/index.js';
import { fakeDaraja, recordingSleep, replies, testConfig } from './support/fake-daraja.js';

const REGISTER = '/mpesa/c2b/v1/registerurl';
const SIMULATE = '/mpesa/c2b/v1/simulate';
const STATUS = '/mpesa/transactionstatus/v1/query';

const urls = { confirmationUrl: 'https://api.example.co.ke/hooks/c2b/confirm', validationUrl: 'https://api.example.co.ke/hooks/c2b/validate', responseType: 'Completed' } as const;

describe('registerC2bUrls', () => {
  it('registers the shortcode with both URLs and reads the (misspelt) conversation id', async () => {
    const daraja = fakeDaraja({ [REGISTER]: () => ({ json: { OriginatorCoversationID: '6e86-45dd-91ac-fd5d4178ab523408729', ResponseCode: '0', ResponseDescription: 'Success' } }) });
    const result = await createDarajaClient(testConfig, { fetch: daraja.fetch }).registerC2bUrls(urls);
    expect(result).toEqual({ alreadyRegistered: false, originatorConversationId: '6e86-45dd-91ac-fd5d4178ab523408729', responseDescription: 'Success' });
    expect(daraja.to(REGISTER)[0]?.body).toEqual({ ShortCode: '174379', ResponseType: 'Completed', ConfirmationURL: urls.confirmationUrl, ValidationURL: urls.validationUrl });
  });

  it('reports "Urls are already registered" as a result, not an error', async () => {
    const daraja = fakeDaraja({ [REGISTER]: () => replies.error(500, '500.003.1001', 'Urls are already registered') });
    expect(await createDarajaClient(testConfig, { fetch: daraja.fetch }).registerC2bUrls(urls)).toEqual({ alreadyRegistered: true });
  });

  it.each([
    ['https://api.example.co.ke/M-PESA/confirm', 'm-pesa'],
    ['https://api.example.co.ke/m-pesa/confirm', 'm-pesa'],
    ['https://api.example.co.ke/hooks/MPesa/confirm', 'mpesa'],
    ['https://safaricom-hooks.example.co.ke/confirm', 'safaricom'],
    ['https://api.example.co.ke/hook.EXE', 'exe'],
    ['https://api.example.co.ke/exec/confirm', 'exe'],
    ['https://api.example.co.ke/CMD/confirm', 'cmd'],
    ['https://api.example.co.ke/mysql/confirm', 'sql'],
    ['https://api.example.co.ke/confirm?Query=1', 'query'],
  ])('refuses %s (contains %s) before sending anything', async (url, word) => {
    const daraja = fakeDaraja({});
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    for (const registration of [{ ...urls, confirmationUrl: url }, { ...urls, validationUrl: url }]) {
      const error = await client.registerC2bUrls(registration).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DarajaInputError);
      expect((error as Error).message).toContain(`"${word}"`);
    }
    expect(daraja.seen).toEqual([]);
  });

  it('is not sent twice after a timeout', async () => {
    const daraja = fakeDaraja({ [REGISTER]: () => 'hang' });
    const client = createDarajaClient({ ...testConfig, timeoutMs: 30 }, { fetch: daraja.fetch, sleep: recordingSleep().sleep });
    await expect(client.registerC2bUrls(urls)).rejects.toMatchObject({ kind: 'timeout', retryable: false });
    expect(daraja.to(REGISTER)).toHaveLength(1);
  });
});

describe('simulateC2b', () => {
  it('sends the sandbox simulation with the configured command and a normalised number', async () => {
    const daraja = fakeDaraja({ [SIMULATE]: () => ({ json: { OriginatorCoversationID: 'abc', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' } }) });
    const result = await createDarajaClient(testConfig, { fetch: daraja.fetch }).simulateC2b({ amountShillings: 5, msisdn: '+254 708 374 149', billRefNumber: 'EDK7Q2M4XP' });
    expect(result).toEqual({ originatorConversationId: 'abc', responseCode: '0', responseDescription: 'Accept the service request successfully.' });
    expect(daraja.to(SIMULATE)[0]?.body).toEqual({ ShortCode: '174379', CommandID: 'CustomerPayBillOnline', Amount: 5, Msisdn: '254708374149', BillRefNumber: 'EDK7Q2M4XP' });
  });

  it('is refused in production', async () => {
    const daraja = fakeDaraja({});
    const client = createDarajaClient({ ...testConfig, environment: 'production' }, { fetch: daraja.fetch });
    await expect(client.simulateC2b({ amountShillings: 5, msisdn: '254708374149', billRefNumber: 'x' })).rejects.toThrow(/sandbox only/);
    expect(daraja.seen).toEqual([]);
  });

  it('refuses decimals', async () => {
    await expect(createDarajaClient(testConfig, { fetch: fakeDaraja({}).fetch }).simulateC2b({ amountShillings: 5.5, msisdn: '254708374149', billRefNumber: 'x' })).rejects.toBeInstanceOf(DarajaInputError);
  });
});

describe('transactionStatus', () => {
  const request: TransactionStatusRequest = {
    receipt: 'NLJ7RT61SV',
    resultUrl: 'https://api.example.co.ke/hooks/status/result',
    queueTimeoutUrl: 'https://api.example.co.ke/hooks/status/timeout',
    remarks: 'Reconcile order EDK7Q2M4XP',
  };
  const acceptedReply = { json: { OriginatorConversationID: '1236-7134259-1', ConversationID: 'AG_20250101_0000', ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' } };

  it('sends the initiator, TransactionStatusQuery, the shortcode as PartyA with IdentifierType "4"', async () => {
    const daraja = fakeDaraja({ [STATUS]: () => acceptedReply });
    const result = await createDarajaClient(testConfig, { fetch: daraja.fetch }).transactionStatus({ ...request, occasion: 'order', originatorConversationId: 'ours-1' });
    expect(result).toEqual({ conversationId: 'AG_20250101_0000', originatorConversationId: '1236-7134259-1', responseCode: '0', responseDescription: 'Accept the service request successfully.' });
    expect(daraja.to(STATUS)[0]?.body).toEqual({
      Initiator: 'testapi',
      SecurityCredential: 'c2VjdXJpdHk=',
      CommandID: 'TransactionStatusQuery',
      TransactionID: 'NLJ7RT61SV',
      PartyA: '174379',
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.queueTimeoutUrl,
      Remarks: 'Reconcile order EDK7Q2M4XP',
      Occasion: 'order',
      OriginatorConversationID: 'ours-1',
    });
  });

  it('needs the initiator settings', async () => {
    const { initiatorName: _n, securityCredential: _c, ...withoutInitiator } = testConfig;
    const daraja = fakeDaraja({});
    await expect(createDarajaClient(withoutInitiator, { fetch: daraja.fetch }).transactionStatus(request)).rejects.toThrow(/MPESA_INITIATOR_NAME/);
    expect(daraja.seen).toEqual([]);
  });

  it.each([
    ['a receipt with spaces', { receipt: 'NLJ 7RT' }],
    ['one-letter remarks', { remarks: 'x' }],
    ['a relative result URL', { resultUrl: 'result' }],
  ])('refuses %s', async (_name, change) => {
    await expect(createDarajaClient(testConfig, { fetch: fakeDaraja({}).fetch }).transactionStatus({ ...request, ...change })).rejects.toBeInstanceOf(DarajaInputError);
  });

  it('cuts remarks to 100 characters', async () => {
    const daraja = fakeDaraja({ [STATUS]: () => acceptedReply });
    await createDarajaClient(testConfig, { fetch: daraja.fetch }).transactionStatus({ ...request, remarks: 'r'.repeat(150) });
    expect(daraja.to(STATUS)[0]?.body?.Remarks).toBe('r'.repeat(100));
  });

  it('is NEVER sent twice after a timeout', async () => {
    const daraja = fakeDaraja({ [STATUS]: () => 'hang' });
    const client = createDarajaClient({ ...testConfig, timeoutMs: 30 }, { fetch: daraja.fetch, sleep: recordingSleep().sleep });
    await expect(client.transactionStatus(request)).rejects.toMatchObject({ kind: 'timeout', retryable: false });
    expect(daraja.to(STATUS)).toHaveLength(1);
  });

  it('reports a duplicate OriginatorConversationID', async () => {
    const daraja = fakeDaraja({ [STATUS]: () => replies.error(500, '500.002.1001', 'Duplicate OriginatorConversationID.') });
    await expect(createDarajaClient(testConfig, { fetch: daraja.fetch }).transactionStatus(request)).rejects.toMatchObject({ kind: 'rejected', errorCode: '500.002.1001' });
  });
});
