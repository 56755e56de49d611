// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BuyerOrder } from '../src/features/order/buyer-api.ts';
import { buyerOrder, type FakeBuyerApi, ok, ORDER_PATH } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, startBuyerPageTest } from './render-buyer-page.tsx';

// The page offers what the order's `actions` say (the core's transition table, decision 0062),
// never its own reading of the status: these orders' actions differ from what their status alone
// would suggest, and the page follows the actions.
let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

const answer = (order: BuyerOrder, actions: BuyerOrder['actions']) => api.on('GET', ORDER_PATH, ok({ ...order, actions }));
const refundOffer = () => screen.queryByRole('heading', { name: 'Item not as described?' });
const ratingForm = () => screen.queryByRole('heading', { name: 'Rate your experience' });
const resend = () => screen.queryByRole('button', { name: 'Resend code' });

describe('the buttons of the buyer page', () => {
  it('offer the refund request and the code again as the actions say, and take them away when the actions do', async () => {
    const paid = buyerOrder({ status: 'paid', codeSentTo: '07xx xxx 678' });
    expect(paid.actions).toEqual(['claim_payment', 'request_refund', 'resend_code']);
    answer(paid, paid.actions);
    await openBuyerPage();
    expect(refundOffer()).not.toBeNull();
    expect(resend()).not.toBeNull();
    endBuyerPageTest();

    api = startBuyerPageTest();
    answer(paid, ['claim_payment']);
    await openBuyerPage();
    expect(refundOffer()).toBeNull();
    expect(resend()).toBeNull();
    // The code itself is the buyer's to see whatever may be done with it.
    expect(screen.getByText('482913')).toBeTruthy();
  });

  it('show the rating form only when submit_feedback is among the actions', async () => {
    const delivered = buyerOrder({ status: 'awaiting_settlement' });
    expect(delivered.actions).toContain('submit_feedback');
    answer(delivered, delivered.actions);
    await openBuyerPage();
    expect(ratingForm()).not.toBeNull();
    endBuyerPageTest();

    api = startBuyerPageTest();
    answer(delivered, []);
    await openBuyerPage();
    expect(ratingForm()).toBeNull();
  });

  it('show the payment only while confirm_payment is among the actions', async () => {
    const awaiting = buyerOrder();
    expect(awaiting.actions).toEqual(['confirm_payment', 'claim_payment']);
    answer(awaiting, awaiting.actions);
    await openBuyerPage();
    expect(screen.queryByRole('heading', { name: 'Confirm your payment' })).not.toBeNull();
    endBuyerPageTest();

    api = startBuyerPageTest();
    answer(awaiting, []);
    await openBuyerPage();
    expect(screen.queryByRole('heading', { name: 'Confirm your payment' })).toBeNull();
  });
});
