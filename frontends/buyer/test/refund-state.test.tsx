// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyerOrder, type FakeBuyerApi, ok, ORDER_PATH } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, startBuyerPageTest } from './render-buyer-page.tsx';

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
