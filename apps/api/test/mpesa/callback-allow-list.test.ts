import { testReceipt } from '@escrow/core/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../escrow-seller/seller-world.js';
import { c2bConfirmationBody, c2bConfirmationPath, TEST_CALLBACK_SECRET } from '../helpers/c2b-confirmation.js';
import { openMpesaWorld, type MpesaWorld } from './mpesa-world.js';

/**
 * MPESA_CALLBACK_ALLOWED_IPS: with Safaricom's addresses configured, a callback from anywhere
 * else is answered like a wrong secret (404) and stores nothing, even with the right secret.
 * Over real HTTP (the allow-list reads the TCP peer, or X-Forwarded-For behind trusted proxies).
 */
describe('M-Pesa callbacks behind an IP allow-list', () => {
  let w: MpesaWorld | undefined;
  afterEach(async () => {
    await w?.dispose();
    w = undefined;
  });

  const confirm = async (world: MpesaWorld, headers: Record<string, string> = {}) => {
    const order = await world.order(await world.seller());
    const transId = testReceipt();
    const reply = await fetch(`${world.apiUrl}${c2bConfirmationPath()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(c2bConfirmationBody({ transId, billRefNumber: order.trackingNumber, amountCents: order.price })),
    });
    const stored = await world.composed.deps.store.read((tx) => tx.mpesa.getC2bPayment(transId));
    return { status: reply.status, stored: stored !== undefined, paid: (await world.reload(order.id)).paymentConfirmed };
  };

  it('a caller outside the list gets 404 and changes nothing; one inside it is heard', async () => {
    w = await openMpesaWorld(DIALECTS[0]!, { env: { MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET, MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.0/24, 10.0.0.0/8' } });
    expect(await confirm(w)).toEqual({ status: 404, stored: false, paid: false });
    await w.dispose();
    w = await openMpesaWorld(DIALECTS[0]!, { env: { MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET, MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.0/24, 127.0.0.1' } });
    expect(await confirm(w)).toEqual({ status: 200, stored: true, paid: true });
  });

  it('behind a trusted proxy the forwarded address is checked, not the proxy', async () => {
    w = await openMpesaWorld(DIALECTS[0]!, { env: { MPESA_CALLBACK_SECRET: TEST_CALLBACK_SECRET, MPESA_CALLBACK_ALLOWED_IPS: '196.201.214.0/24', TRUST_PROXY_HOPS: '1' } });
    expect(await confirm(w, { 'x-forwarded-for': '41.90.1.2' })).toEqual({ status: 404, stored: false, paid: false });
    expect(await confirm(w, { 'x-forwarded-for': '196.201.214.9' })).toEqual({ status: 200, stored: true, paid: true });
  });
});
