import { afterEach, describe, expect, it } from 'vitest';
import { createDarajaClient, type B2bPaymentRequest, type B2cPaymentRequest, type DarajaConfig, type ReversalRequest } from '../src/index.js';
import { fakeDaraja, testConfig } from './support/fake-daraja.js';
import { darajaError, json, startScriptedServer, type Script } from './support/scripted-server.js';

const B2C = '/mpesa/b2c/v3/paymentrequest';
const B2B = '/mpesa/b2b/v1/paymentrequest';
const REVERSAL = '/mpesa/reversal/v1/request';
const STATUS = '/mpesa/transactionstatus/v1/query';

const urls = { resultUrl: 'https://api.example.co.ke/hooks/payout/result', queueTimeoutUrl: 'https://api.example.co.ke/hooks/payout/timeout' };
const b2c: B2cPaymentRequest = { originatorConversationId: 'payout-01HZX3', phone: '0708 374 149', amountShillings: 1_470, remarks: 'Payout for order EDK7Q2M4XP', occasion: 'EDK7Q2M4XP', ...urls };
const b2b: B2bPaymentRequest = { originatorConversationId: 'payout-01HZX4', destination: { kind: 'paybill', businessNumber: '600000', accountReference: 'SELLER-7' }, amountShillings: 2_500, remarks: 'Seller payout', ...urls };
const reversal: ReversalRequest = { receipt: 'NLJ7RT61SV', amountShillings: 750, remarks: 'Refund a double payment', ...urls };
const accepted = (id: string) => ({ json: { ConversationID: 'AG_20260115_0000abcd', OriginatorConversationID: id, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' } });

describe('the bodies sent', () => {
  it('B2C v3: the caller\'s OriginatorConversationID, InitiatorName, a normalised phone, the payout shortcode as PartyA', async () => {
    const daraja = fakeDaraja({ [B2C]: () => accepted('payout-01HZX3') });
    const outcome = await createDarajaClient({ ...testConfig, payoutShortcode: '600123' }, { fetch: daraja.fetch }).b2cPayment(b2c);
    expect(outcome).toEqual({ status: 'accepted', conversationId: 'AG_20260115_0000abcd', originatorConversationId: 'payout-01HZX3' });
    expect(daraja.to(B2C)[0]?.body).toEqual({
      OriginatorConversationID: 'payout-01HZX3',
      InitiatorName: 'testapi',
      SecurityCredential: 'c2VjdXJpdHk=',
      CommandID: 'BusinessPayment',
      Amount: 1_470,
      PartyA: '600123',
      PartyB: '254708374149',
      Remarks: 'Payout for order EDK7Q2M4XP',
      QueueTimeOutURL: urls.queueTimeoutUrl,
      ResultURL: urls.resultUrl,
      Occassion: 'EDK7Q2M4XP',
    });
  });

  it('B2B: Initiator, BusinessPayBill with its AccountReference, or BusinessBuyGoods without one', async () => {
    const daraja = fakeDaraja({ [B2B]: (request) => accepted(String(request.body?.OriginatorConversationID)) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    expect(await client.b2bPayment({ ...b2b, requesterPhone: '0711000222' })).toMatchObject({ status: 'accepted' });
    await client.b2bPayment({ ...b2b, originatorConversationId: 'payout-till', destination: { kind: 'till', tillNumber: '5123456' } });
    const [paybill, till] = daraja.to(B2B).map((r) => r.body);
    expect(paybill).toEqual({
      OriginatorConversationID: 'payout-01HZX4',
      Initiator: 'testapi',
      SecurityCredential: 'c2VjdXJpdHk=',
      CommandID: 'BusinessPayBill',
      SenderIdentifierType: '4',
      RecieverIdentifierType: '4',
      Amount: 2_500,
      PartyA: '174379',
      PartyB: '600000',
      AccountReference: 'SELLER-7',
      Requester: '254711000222',
      Remarks: 'Seller payout',
      QueueTimeOutURL: urls.queueTimeoutUrl,
      ResultURL: urls.resultUrl,
      Occassion: '',
    });
    expect(till).toMatchObject({ CommandID: 'BusinessBuyGoods', PartyB: '5123456' });
    expect(till).not.toHaveProperty('AccountReference');
  });

  it('Reversal: TransactionReversal of our receipt, our shortcode as ReceiverParty of type 11', async () => {
    const daraja = fakeDaraja({ [REVERSAL]: () => accepted('daraja-made') });
    expect(await createDarajaClient(testConfig, { fetch: daraja.fetch }).reversal(reversal)).toMatchObject({ status: 'accepted', originatorConversationId: 'daraja-made' });
    expect(daraja.to(REVERSAL)[0]?.body).toEqual({
      Initiator: 'testapi',
      SecurityCredential: 'c2VjdXJpdHk=',
      CommandID: 'TransactionReversal',
      TransactionID: 'NLJ7RT61SV',
      Amount: 750,
      ReceiverParty: '174379',
      RecieverIdentifierType: '11',
      ResultURL: urls.resultUrl,
      QueueTimeOutURL: urls.queueTimeoutUrl,
      Remarks: 'Refund a double payment',
      Occasion: '',
    });
  });

  it('Transaction Status by OriginalConversationID sends no TransactionID', async () => {
    const daraja = fakeDaraja({ [STATUS]: () => accepted('status-1') });
    await createDarajaClient(testConfig, { fetch: daraja.fetch }).transactionStatus({ originalConversationId: 'payout-01HZX3', remarks: 'Resolve a payout', ...urls });
    const body = daraja.to(STATUS)[0]?.body;
    expect(body).toMatchObject({ CommandID: 'TransactionStatusQuery', OriginalConversationID: 'payout-01HZX3', PartyA: '174379', IdentifierType: '4' });
    expect(body).not.toHaveProperty('TransactionID');
    const client = createDarajaClient(testConfig, { fetch: fakeDaraja({}).fetch });
    await expect(client.transactionStatus({ remarks: 'neither', ...urls })).rejects.toMatchObject({ name: 'DarajaInputError' });
    await expect(client.transactionStatus({ receipt: 'NLJ7RT61SV', originalConversationId: 'x', remarks: 'both', ...urls })).rejects.toMatchObject({ name: 'DarajaInputError' });
  });
});

describe('requests refused before sending', () => {
  it.each([
    ['a decimal amount', () => ({ ...b2c, amountShillings: 14.7 }), 'amountShillings'],
    ['a landline', () => ({ ...b2c, phone: '020 123 4567' }), 'phone'],
    ['a one-letter remark', () => ({ ...b2c, remarks: 'x' }), 'remarks'],
    ['an id with a space', () => ({ ...b2c, originatorConversationId: 'payout 1' }), 'originatorConversationId'],
    ['a relative result URL', () => ({ ...b2c, resultUrl: '/hooks' }), 'resultUrl'],
  ])('B2C with %s', async (_name, request, field) => {
    const daraja = fakeDaraja({});
    const outcome = await createDarajaClient(testConfig, { fetch: daraja.fetch }).b2cPayment(request());
    expect(outcome).toMatchObject({ status: 'refused', code: 'invalid_request', retryable: false, message: expect.stringContaining(field) });
    expect(daraja.seen).toEqual([]);
  });

  it('B2B with a 14-character account reference or a bad till; any payout without the initiator settings', async () => {
    const daraja = fakeDaraja({});
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    expect(await client.b2bPayment({ ...b2b, destination: { kind: 'paybill', businessNumber: '600000', accountReference: 'A'.repeat(14) } })).toMatchObject({ status: 'refused', code: 'invalid_request' });
    expect(await client.b2bPayment({ ...b2b, destination: { kind: 'till', tillNumber: '12' } })).toMatchObject({ status: 'refused', code: 'invalid_request' });
    const { initiatorName: _n, securityCredential: _c, ...withoutInitiator } = testConfig;
    expect(await createDarajaClient(withoutInitiator, { fetch: daraja.fetch }).b2cPayment(b2c)).toMatchObject({ status: 'refused', message: expect.stringContaining('MPESA_INITIATOR_NAME') });
    expect(daraja.seen).toEqual([]);
  });
});

describe('faults, over real HTTP', () => {
  let server: Awaited<ReturnType<typeof startScriptedServer>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  async function clientFor(path: string, scripts: Script[], change: Partial<DarajaConfig> = {}) {
    server = await startScriptedServer({ [path]: scripts });
    // A second per attempt: OAuth must answer in time even on a loaded machine; only the payout hangs.
    return createDarajaClient({ ...testConfig, baseUrl: server.url, timeoutMs: 1_000, ...change }, { sleep: async () => {} });
  }

  it('a timeout after sending is "unknown" and the payout is sent exactly once', async () => {
    const client = await clientFor(B2C, ['hang']);
    const outcome = await client.b2cPayment(b2c);
    expect(outcome).toMatchObject({ status: 'unknown', reason: expect.stringContaining('did not answer within 1000 ms') });
    expect(server?.count(B2C)).toBe(1);
  });

  it.each([
    ['a 502 HTML page from a gateway', { status: 502, body: '<html><body>Bad Gateway</body></html>', type: 'text/html' }],
    ['a 503 with no body', { status: 503, body: '' }],
    ['a 200 HTML page', { status: 200, body: '<html>maintenance</html>', type: 'text/html' }],
    ['a 200 with broken JSON', { status: 200, body: '{"ConversationID": "AG_' }],
    ['a 200 JSON of another shape', { status: 200, body: JSON.stringify({ ok: true }) }],
  ])('%s is "unknown" (it may have been accepted), sent once', async (_name, script) => {
    const client = await clientFor(B2B, [script]);
    expect(await client.b2bPayment(b2b)).toMatchObject({ status: 'unknown' });
    expect(server?.count(B2B)).toBe(1);
  });

  it('a duplicate OriginatorConversationID (500.002.1001) is "already requested", not a failure and not a new payout', async () => {
    const client = await clientFor(B2C, [darajaError(500, '500.002.1001', 'Duplicate OriginatorConversationID.')]);
    expect(await client.b2cPayment(b2c)).toMatchObject({ status: 'already_requested', originatorConversationId: 'payout-01HZX3' });
    expect(server?.count(B2C)).toBe(1);
  });

  it('spike arrest is retried (Daraja did not process it), then reported as retryable', async () => {
    const client = await clientFor(B2C, [darajaError(500, '500.003.02', 'Spike Arrest Violation')]);
    expect(await client.b2cPayment(b2c)).toMatchObject({ status: 'refused', code: '500.003.02', retryable: true });
    expect(server?.count(B2C)).toBe(4);
  });

  it('spike arrest then acceptance: one payout accepted', async () => {
    const client = await clientFor(B2C, [darajaError(500, '500.003.02', 'Spike Arrest Violation'), json(200, accepted('payout-01HZX3').json)]);
    expect(await client.b2cPayment(b2c)).toMatchObject({ status: 'accepted' });
    expect(server?.count(B2C)).toBe(2);
  });

  it('a bad field (400.002.02) and a non-zero ResponseCode are refusals that will not pass unchanged', async () => {
    let client = await clientFor(B2C, [darajaError(400, '400.002.02', 'Bad Request - Invalid PartyB')]);
    expect(await client.b2cPayment(b2c)).toMatchObject({ status: 'refused', code: '400.002.02', retryable: false, message: expect.stringContaining('Invalid PartyB') });
    await server?.close();
    client = await clientFor(REVERSAL, [json(200, { ConversationID: 'AG_1', OriginatorConversationID: 'x', ResponseCode: '1', ResponseDescription: 'Rejected' })]);
    expect(await client.reversal(reversal)).toMatchObject({ status: 'refused', code: '1', retryable: false });
  });

  it('no access token (OAuth down or wrong credentials): refused, nothing sent; retryable unless the credentials are wrong', async () => {
    const down = fakeDaraja({ '/oauth/v1/generate': () => ({ status: 503, text: '' }) });
    const client = createDarajaClient({ ...testConfig, timeoutMs: 1_000 }, { fetch: down.fetch, sleep: async () => {} });
    expect(await client.b2cPayment(b2c)).toMatchObject({ status: 'refused', retryable: true });
    const wrong = fakeDaraja({ '/oauth/v1/generate': () => ({ status: 400, json: { requestId: 'r', errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' } }) });
    expect(await createDarajaClient(testConfig, { fetch: wrong.fetch, sleep: async () => {} }).b2cPayment(b2c)).toMatchObject({ status: 'refused', code: '400.008.01', retryable: false });
    expect([...down.to(B2C), ...wrong.to(B2C)]).toEqual([]);
  });

  it('a host that refuses connections: refused and retryable, since nothing reached Daraja', async () => {
    server = await startScriptedServer({});
    const url = server.url;
    await server.close();
    server = undefined;
    // The token comes from elsewhere: only the payout's own connection is refused.
    const daraja = fakeDaraja({});
    const client = createDarajaClient({ ...testConfig, baseUrl: url, timeoutMs: 1_000 }, {
      sleep: async () => {},
      fetch: (input, init) => (input.includes('/oauth/') ? daraja.fetch(input, init) : fetch(input, init)),
    });
    expect(await client.b2cPayment(b2c)).toMatchObject({ status: 'refused', code: 'unreachable', retryable: true });
  });
});
