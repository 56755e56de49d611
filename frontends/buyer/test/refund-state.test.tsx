// @vitest-environment happy-dom
import { stkResultMessages } from '@escrow/core';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MPESA_POLL_EVERY_MS } from '../src/features/order/use-mpesa-prompt.ts';
import { buyerOrder, type FakeBuyerApi, mpesaPrompt, ok, ORDER_PATH, PROMPT_PATH } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, pass, payAndWait, startBuyerPageTest } from './render-buyer-page.tsx';

let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

describe('a refunded order on the buyer page', () => {
  it('says where the refund is instead of "no payment is expected"', async () => {
    const refund = { state: 'on_its_way', amount: 1_500_000, receipt: null, message: 'Your refund of KSh 15,000.00 is on its way to your M-Pesa (07xx xxx 444).' } as const;
    api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'cancelled' }), paymentConfirmed: true, refund }));
    await openBuyerPage();
    expect(screen.getByText(refund.message).getAttribute('role')).toBe('status');
    expect(screen.queryByText('This order was cancelled. No payment is expected.')).toBeNull();
  });

  it('an order cancelled before payment still says no payment is expected', async () => {
    api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'cancelled' }), paymentConfirmed: false, refund: null }));
    await openBuyerPage();
    expect(screen.getByText('This order was cancelled. No payment is expected.')).toBeTruthy();
  });
});

describe("the buyer's own notice goes when the order moves on", () => {
  it('"Payment received ... held safely" shows once paid, and is gone when the order is refunded (the page stayed open)', async () => {
    await payAndWait(api);
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('paid')));
    api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'paid' }), paymentConfirmed: true }));
    await pass(MPESA_POLL_EVERY_MS);
    expect(await screen.findByText(stkResultMessages.paid)).toBeTruthy();

    const refund = { state: 'sent', amount: 2_500_000, receipt: 'UKS140YTD4', message: 'Your refund of KSh 25,000.00 was sent to your M-Pesa (07xx xxx 678). M-Pesa receipt: UKS140YTD4.' } as const;
    api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'cancelled' }), paymentConfirmed: true, refund }));
    act(() => api.live().orderChanged('refund_resolved'));
    expect(await screen.findByText(refund.message)).toBeTruthy();
    expect(screen.queryByText(stkResultMessages.paid)).toBeNull();
  });
});
