import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim } from '../src/index.js';
import { sleep } from './helpers/callback-receiver.js';
import { CONSUMER, DarajaClient, expectDarajaError } from './helpers/daraja-client.js';

describe('OAuth', () => {
  let sim: DarajaSim;
  let client: DarajaClient;
  beforeAll(async () => {
    sim = await startDarajaSim({ consumers: [CONSUMER, { key: 'other-app', secret: 'other-secret' }] });
    client = new DarajaClient(sim.url);
  });
  afterAll(() => sim.close());

  it('gives a token for Basic key:secret, expires_in as a string like the sandbox', async () => {
    const reply = await client.oauth(DarajaClient.basic(CONSUMER.key, CONSUMER.secret));
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['access_token', 'expires_in']);
    expect(reply.body.expires_in).toBe('3599');
    expect(reply.body.access_token).toMatch(/^[A-Za-z0-9]{28}$/);
  });

  it('refuses a wrong grant type, a missing or malformed Basic header and wrong credentials', async () => {
    expectDarajaError(await client.oauth(DarajaClient.basic(CONSUMER.key, CONSUMER.secret), 'password'), 400, '400.008.02', 'Invalid grant type passed');
    expectDarajaError(await client.oauth(null), 400, '400.008.01', 'Invalid Authentication passed');
    expectDarajaError(await client.oauth('Bearer abc'), 400, '400.008.01', 'Invalid Authentication passed');
    expectDarajaError(await client.oauth(DarajaClient.basic(CONSUMER.key, 'wrong')), 400, '400.008.01', 'Invalid Authentication passed');
    expectDarajaError(await client.oauth(DarajaClient.basic('nobody', CONSUMER.secret)), 400, '400.008.01', 'Invalid Authentication passed');
  });

  it('invalidates the previous token of that consumer only when a new one is issued', async () => {
    const first = await client.token();
    const other = (await client.oauth(DarajaClient.basic('other-app', 'other-secret'))).body.access_token as string;
    const probe = (token: string) => client.post('/mpesa/stkpushquery/v1/query', {}, token);
    expect((await probe(first)).status).toBe(400); // authenticated: it reached field validation
    const second = await client.token();
    expectDarajaError(await probe(first), 401, '404.001.03', 'Invalid Access Token');
    expect((await probe(second)).status).toBe(400);
    expect((await probe(other)).status).toBe(400);
  });

  it('answers 401 for a missing, malformed or unknown Bearer token', async () => {
    expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, null), 401, '404.001.04', 'Invalid Authenticator Header');
    expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, 'not a token'), 401, '404.001.04', 'Invalid Authenticator Header');
    expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA'), 401, '404.001.03', 'Invalid Access Token');
  });

  it('answers 404.001.01 for an unknown path and 405.001 for a wrong method', async () => {
    const unknown = await client.post('/mpesa/nothing/v1/here', {});
    expectDarajaError(unknown, 404, '404.001.01', 'Resource not found');
    const get = await fetch(`${sim.url}/mpesa/stkpush/v1/processrequest`, { headers: { authorization: `Bearer ${await client.token()}` } });
    expectDarajaError({ status: get.status, body: await get.json() }, 405, '405.001', 'Method Not Allowed');
  });
});

describe('token expiry', () => {
  it('refuses a token once its expires_in has passed', async () => {
    const sim = await startDarajaSim({ tokenTtlSeconds: 1 });
    try {
      const client = new DarajaClient(sim.url);
      const reply = await client.oauth(DarajaClient.basic(CONSUMER.key, CONSUMER.secret));
      expect(reply.body.expires_in).toBe('1');
      const token = reply.body.access_token as string;
      expect((await client.post('/mpesa/stkpushquery/v1/query', {}, token)).status).toBe(400);
      await sleep(1_100);
      expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, token), 401, '404.001.03', 'Invalid Access Token');
    } finally {
      await sim.close();
    }
  });
});

describe('spike arrest', () => {
  it('refuses the next N API calls with 500.003.02, before authentication, and leaves OAuth alone', async () => {
    const sim = await startDarajaSim();
    try {
      const client = new DarajaClient(sim.url);
      const token = await client.token();
      sim.spikeArrest(2);
      expect((await client.oauth(DarajaClient.basic(CONSUMER.key, CONSUMER.secret))).status).toBe(200);
      const fresh = await client.token();
      expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, fresh), 500, '500.003.02', 'Spike Arrest Violation');
      expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, token), 500, '500.003.02', 'Spike Arrest Violation');
      expectDarajaError(await client.post('/mpesa/stkpushquery/v1/query', {}, token), 401, '404.001.03', 'Invalid Access Token');
      expect((await client.post('/mpesa/stkpushquery/v1/query', {}, fresh)).status).toBe(400);
    } finally {
      await sim.close();
    }
  });
});
