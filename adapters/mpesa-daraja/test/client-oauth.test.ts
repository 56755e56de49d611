import { describe, expect, it } from 'vitest';
import { createDarajaClient, DarajaError } from '../src/index.js';
import { fakeDaraja, recordingSleep, replies, testConfig, type FakeReply } from './support/fake-daraja.js';

const OAUTH = '/oauth/v1/generate';
const QUERY = '/mpesa/stkpushquery/v1/query';
const finalQuery = { json: { ResponseCode: '0', ResponseDescription: 'ok', MerchantRequestID: 'm', CheckoutRequestID: 'ws_CO_1', ResultCode: '0', ResultDesc: 'ok' } };

function clock(start = Date.parse('2025-03-01T09:00:00Z')) {
  let nowMs = start;
  return { now: () => new Date(nowMs), advance: (ms: number) => void (nowMs += ms) };
}

describe('accessToken', () => {
  it('GETs the token with Basic base64(key:secret) and the client_credentials grant', async () => {
    const daraja = fakeDaraja({});
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    expect(await client.accessToken()).toBe('token-1');
    expect(daraja.seen).toEqual([
      {
        method: 'GET',
        path: '/oauth/v1/generate?grant_type=client_credentials',
        headers: expect.objectContaining({ authorization: `Basic ${Buffer.from('test-key:test-secret').toString('base64')}` }),
        body: undefined,
      },
    ]);
  });

  it.each([['3599'], [3599]])('caches the token until 60 s before expires_in (%j)', async (expiresIn) => {
    let issued = 0;
    const daraja = fakeDaraja({ [OAUTH]: () => ({ json: { access_token: `t${++issued}`, expires_in: expiresIn } }) });
    const time = clock();
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, now: time.now });
    expect(await client.accessToken()).toBe('t1');
    time.advance(3_538_999);
    expect(await client.accessToken()).toBe('t1');
    time.advance(1);
    expect(await client.accessToken()).toBe('t2');
    expect(daraja.to(OAUTH)).toHaveLength(2);
  });

  it('has one refresh in flight: concurrent callers share it', async () => {
    let answer: (reply: FakeReply) => void = () => {};
    const daraja = fakeDaraja({ [OAUTH]: () => new Promise<FakeReply>((resolve) => (answer = resolve)) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    const callers = Promise.all([client.accessToken(), client.accessToken(), client.stkQuery('ws_CO_1').catch(() => 'query'), client.accessToken()]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer({ json: { access_token: 'shared', expires_in: 3599 } });
    const [a, b, , d] = await callers;
    expect([a, b, d]).toEqual(['shared', 'shared', 'shared']);
    expect(daraja.to(OAUTH)).toHaveLength(1);
  });

  it('a failed refresh is not cached: the next call asks again', async () => {
    const daraja = fakeDaraja({ [OAUTH]: (_, n) => (n === 1 ? { status: 400, text: '' } : { json: { access_token: 'second', expires_in: '3599' } }) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    await expect(client.accessToken()).rejects.toMatchObject({ kind: 'unauthorized', retryable: false });
    expect(await client.accessToken()).toBe('second');
  });

  it.each([
    ['wrong credentials (HTTP 400, empty body)', { status: 400, text: '' }, 'check MPESA_CONSUMER_KEY'],
    ['400.008.02 invalid grant type', replies.error(400, '400.008.02', 'Invalid grant type passed'), 'grant type'],
    ['400.008.01 invalid auth type', replies.error(400, '400.008.01', 'Invalid Authentication passed'), 'authorization type'],
    ['HTTP 401', { status: 401, text: '' }, 'credentials'],
  ] as const)('%s is unauthorized and not retried', async (_name, reply, words) => {
    const daraja = fakeDaraja({ [OAUTH]: () => reply });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    const error = await client.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ kind: 'unauthorized', retryable: false });
    expect((error as Error).message).toContain(words);
    expect(daraja.to(OAUTH)).toHaveLength(1);
  });

  it('retries network failures (idempotent) with backoff and jitter, then succeeds', async () => {
    const daraja = fakeDaraja({ [OAUTH]: (_, n) => (n <= 3 ? { networkError: 'ECONNRESET' } : { json: { access_token: 'late', expires_in: '3599' } }) });
    const sleep = recordingSleep();
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, sleep: sleep.sleep, random: () => 0.5 });
    expect(await client.accessToken()).toBe('late');
    expect(sleep.waits).toEqual([187.5, 375, 750]);
  });

  it('gives up after 3 retries', async () => {
    const daraja = fakeDaraja({ [OAUTH]: () => ({ networkError: 'ECONNREFUSED' }) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch, sleep: recordingSleep().sleep });
    await expect(client.accessToken()).rejects.toMatchObject({ kind: 'network', retryable: true, message: expect.stringContaining('ECONNREFUSED') });
    expect(daraja.to(OAUTH)).toHaveLength(4);
  });

  it('refuses a reply without a token or with a bad expires_in', async () => {
    for (const json of [{ expires_in: '3599' }, { access_token: 't', expires_in: 'soon' }, { access_token: 't', expires_in: -5 }]) {
      const client = createDarajaClient(testConfig, { fetch: fakeDaraja({ [OAUTH]: () => ({ json }) }).fetch });
      await expect(client.accessToken()).rejects.toMatchObject({ kind: 'invalid_response' });
    }
  });
});

describe('a refused token', () => {
  it.each([
    ['404.001.03', replies.error(404, '404.001.03', 'Invalid Access Token')],
    ['400.003.01', replies.error(400, '400.003.01', 'Invalid Access Token')],
    ['401.002.01', replies.error(401, '401.002.01', 'Error Occurred - Invalid Access Token')],
    ['a bare HTTP 401', { status: 401, text: '' }],
  ] as const)('%s: the token is dropped and the call sent once more with a new one', async (_name, refusal) => {
    const daraja = fakeDaraja({ [QUERY]: (_, n) => (n === 1 ? refusal : finalQuery) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    expect(await client.stkQuery('ws_CO_1')).toMatchObject({ status: 'final', resultCode: 0 });
    expect(daraja.to(QUERY).map((request) => request.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(await client.accessToken()).toBe('token-2');
  });

  it('only once: a second refusal is reported', async () => {
    const daraja = fakeDaraja({ [QUERY]: () => replies.error(401, '401.002.01', 'Invalid Access Token') });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    await expect(client.stkQuery('ws_CO_1')).rejects.toMatchObject({ kind: 'unauthorized', errorCode: '401.002.01', httpStatus: 401 });
    expect(daraja.to(QUERY)).toHaveLength(2);
    expect(daraja.to(OAUTH)).toHaveLength(2);
  });

  it('callers refused with the same old token fetch one new token, not one each', async () => {
    const daraja = fakeDaraja({ [QUERY]: (request) => (request.headers.authorization === 'Bearer token-1' ? replies.error(404, '404.001.03', 'Invalid Access Token') : finalQuery) });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    const results = await Promise.all([client.stkQuery('ws_CO_1'), client.stkQuery('ws_CO_1'), client.stkQuery('ws_CO_1')]);
    expect(results.every((result) => result.status === 'final')).toBe(true);
    expect(daraja.to(OAUTH)).toHaveLength(2);
  });

  it('404.001.04 (a malformed header) is not a token problem: no new token', async () => {
    const daraja = fakeDaraja({ [QUERY]: () => replies.error(404, '404.001.04', 'Invalid Authentication Header') });
    const client = createDarajaClient(testConfig, { fetch: daraja.fetch });
    await expect(client.stkQuery('ws_CO_1')).rejects.toMatchObject({ kind: 'unauthorized', errorCode: '404.001.04', retryable: false });
    expect(daraja.to(OAUTH)).toHaveLength(1);
  });
});
