import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseResultCallback, parseStkCallback } from '../../src/index.js';
import { startCallbackReceiver } from '../support/callback-receiver.js';
import { simClient } from '../support/sim-client.js';

let sim: DarajaSim;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  sim = await startDarajaSim({ callbackDelayMs: 10 });
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

const statusRequest = (receipt: string, path: string) => ({
  receipt,
  resultUrl: receiver.url(path),
  queueTimeoutUrl: receiver.url('/hooks/status/timeout'),
  remarks: 'Reconcile order EDK7Q2M4XP',
  occasion: 'EDK7Q2M4XP',
});

describe('Transaction Status against the simulator', () => {
  it('accepts the request, and the Result of an STK payment parses with its receipt and amount', async () => {
    const client = simClient(sim);
    sim.setStkBehaviour('254708374149', { outcome: 'approve' });
    await client.stkPush({ phone: '0708374149', amountShillings: 1_501, accountReference: 'EDK7Q2M4XP', callbackUrl: receiver.url('/hooks/stk') });
    const [stk] = await receiver.waitFor('/hooks/stk');
    const paid = parseStkCallback(stk?.body);
    if (!paid.ok || !paid.value.metadata) throw new Error('no paid STK callback');
    const receipt = paid.value.metadata.receipt;

    const accepted = await client.transactionStatus(statusRequest(receipt, '/hooks/status/paid'));
    expect(accepted).toMatchObject({ responseCode: '0', responseDescription: 'Accept the service request successfully.' });
    expect(accepted.conversationId).not.toBe('');

    const [result] = await receiver.waitFor('/hooks/status/paid');
    const parsed = parseResultCallback(result?.body);
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        resultType: 0,
        resultCode: 0,
        conversationId: accepted.conversationId,
        originatorConversationId: accepted.originatorConversationId,
        parameters: { ReceiptNo: receipt, Amount: '1501', TransactionStatus: 'Completed', TransactionReason: '' },
        referenceData: { Occasion: 'EDK7Q2M4XP' },
      },
    });
  });

  it('the Result for an unknown receipt is a failure without parameters', async () => {
    const client = simClient(sim);
    const accepted = await client.transactionStatus(statusRequest('ZZZ0000000', '/hooks/status/unknown'));
    const [result] = await receiver.waitFor('/hooks/status/unknown');
    const parsed = parseResultCallback(result?.body);
    expect(parsed).toMatchObject({ ok: true, value: { conversationId: accepted.conversationId, resultCode: 2032, parameters: {} } });
  });
});
