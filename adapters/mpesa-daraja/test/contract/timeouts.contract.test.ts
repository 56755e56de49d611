import { afterEach, describe, expect, it } from 'vitest';
import { createDarajaClient } from '../../src/index.js';
import { testConfig } from '../support/fake-daraja.js';
import { startStallingServer } from '../support/stalling-server.js';

const PUSH = '/mpesa/stkpush/v1/processrequest';
const QUERY = '/mpesa/stkpushquery/v1/query';
const STATUS = '/mpesa/transactionstatus/v1/query';
const B2C = '/mpesa/b2c/v3/paymentrequest';
const TIMEOUT_MS = 200;

let server: Awaited<ReturnType<typeof startStallingServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientOf(stall: 'silent' | 'body') {
  server = await startStallingServer(stall);
  return createDarajaClient({ ...testConfig, baseUrl: server.url, timeoutMs: TIMEOUT_MS }, { sleep: async () => {} });
}

const push = { phone: '0708374149', amountShillings: 10, accountReference: 'EDK7Q2M4XP', callbackUrl: 'https://api.example.co.ke/hooks/stk' };
const status = { receipt: 'NLJ7RT61SV', resultUrl: 'https://api.example.co.ke/r', queueTimeoutUrl: 'https://api.example.co.ke/q', remarks: 'reconcile' };

describe.each(['silent', 'body'] as const)('a server that never finishes answering (%s)', (stall) => {
  it('STK Push times out once and is NOT sent again', async () => {
    const client = await clientOf(stall);
    await expect(client.stkPush(push)).rejects.toMatchObject({ kind: 'timeout', retryable: false });
    expect(server?.count(PUSH)).toBe(1);
  });

  it('Transaction Status times out once and is NOT sent again', async () => {
    const client = await clientOf(stall);
    await expect(client.transactionStatus(status)).rejects.toMatchObject({ kind: 'timeout', retryable: false });
    expect(server?.count(STATUS)).toBe(1);
  });

  it('a B2C payout times out once, is NOT sent again, and is "unknown" (resolved by Transaction Status, never by paying again)', async () => {
    const client = await clientOf(stall);
    const outcome = await client.b2cPayment({ originatorConversationId: 'payout-1', phone: '0708374149', amountShillings: 10, remarks: 'payout', resultUrl: status.resultUrl, queueTimeoutUrl: status.queueTimeoutUrl });
    expect(outcome).toMatchObject({ status: 'unknown' });
    expect(server?.count(B2C)).toBe(1);
  });

  it('STK Query (idempotent) is tried 4 times, then reported as a retryable timeout', async () => {
    const client = await clientOf(stall);
    await expect(client.stkQuery('ws_CO_1')).rejects.toMatchObject({ kind: 'timeout', retryable: true });
    expect(server?.count(QUERY)).toBe(4);
  });
});

describe('a host that refuses connections', () => {
  it('is a network error naming the cause; OAuth is retried 3 times', async () => {
    server = await startStallingServer();
    const url = server.url;
    await server.close();
    server = undefined;
    const waits: number[] = [];
    const client = createDarajaClient({ ...testConfig, baseUrl: url, timeoutMs: TIMEOUT_MS }, { sleep: async (ms) => void waits.push(ms) });
    await expect(client.accessToken()).rejects.toMatchObject({ kind: 'network', retryable: true, message: expect.stringContaining('ECONNREFUSED') });
    expect(waits).toHaveLength(3);
  });
});
