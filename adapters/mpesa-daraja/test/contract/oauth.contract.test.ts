import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingFetch, simClient } from '../support/sim-client.js';

const OAUTH = '/oauth/v1/generate';
const QUERY = '/mpesa/stkpushquery/v1/query';
let sim: DarajaSim;

beforeAll(async () => {
  sim = await startDarajaSim();
});
afterAll(async () => {
  await sim.close();
});

describe('OAuth against the simulator', () => {
  it('gets a token and keeps using it', async () => {
    const wire = countingFetch();
    const client = simClient(sim, {}, { fetch: wire.fetch });
    const token = await client.accessToken();
    expect(token).toMatch(/\S{10,}/);
    expect(await client.accessToken()).toBe(token);
    await expect(client.stkQuery('ws_CO_unknown')).rejects.toMatchObject({ errorCode: '400.002.02' }); // the token was accepted
    expect(wire.count(OAUTH)).toBe(1);
  });

  it('has one refresh in flight: concurrent callers share one token (a second would revoke the first)', async () => {
    const wire = countingFetch();
    const client = simClient(sim, {}, { fetch: wire.fetch });
    const tokens = await Promise.all(Array.from({ length: 8 }, () => client.accessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(wire.count(OAUTH)).toBe(1);
  });

  it('fetches a new token a minute before expires_in runs out', async () => {
    const wire = countingFetch();
    let nowMs = Date.now();
    const client = simClient(sim, {}, { fetch: wire.fetch, now: () => new Date(nowMs) });
    const first = await client.accessToken();
    nowMs += 3_538_000;
    expect(await client.accessToken()).toBe(first);
    nowMs += 2_000;
    expect(await client.accessToken()).not.toBe(first);
    expect(wire.count(OAUTH)).toBe(2);
  });

  it('replaces a token the server invalidated (another client took a new one) and sends the call again', async () => {
    const wire = countingFetch();
    const client = simClient(sim, {}, { fetch: wire.fetch });
    const other = simClient(sim);
    const first = await client.accessToken();
    await other.accessToken(); // a new token for the same app invalidates `first`
    await expect(client.stkQuery('ws_CO_unknown')).rejects.toMatchObject({ kind: 'rejected', errorCode: '400.002.02' });
    expect(wire.count(QUERY)).toBe(2); // refused with the old token, then answered with the new one
    expect(wire.count(OAUTH)).toBe(2);
    expect(await client.accessToken()).not.toBe(first);
  });

  it('reports wrong credentials as unauthorized, once', async () => {
    const wire = countingFetch();
    const client = simClient(sim, { consumerSecret: 'wrong' }, { fetch: wire.fetch });
    await expect(client.accessToken()).rejects.toMatchObject({ kind: 'unauthorized', retryable: false, message: expect.stringContaining('MPESA_CONSUMER_SECRET') });
    expect(wire.count(OAUTH)).toBe(1);
  });
});
