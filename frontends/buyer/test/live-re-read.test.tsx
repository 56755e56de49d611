// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyerOrder, deferred, type FakeAnswer, type FakeBuyerApi, ok, ORDER_PATH } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, startBuyerPageTest } from './render-buyer-page.tsx';

let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

const orderReads = () => api.sent('GET', ORDER_PATH).length;
/** The page as loaded, its live stream open. */
async function openWithStream() {
  await openBuyerPage();
  await waitFor(() => api.live());
}

describe('the buyer page follows live events (issue 18: no fixed wait)', () => {
  it("re-reads the order as soon as an event arrives: no timer has to pass before the change is on screen", async () => {
    await openWithStream();
    const before = orderReads();
    api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'paid' }), paymentConfirmed: true }));
    // The fake clock does not move: only the event and the request's own promises run.
    act(() => api.live().orderChanged('payment_confirmed', 'paid'));
    expect(orderReads()).toBe(before + 1);
    expect(await screen.findByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
  });

  it('a burst of events while a re-read is under way costs one more read, made when it ends', async () => {
    await openWithStream();
    const before = orderReads();
    const first = deferred<FakeAnswer>();
    api.on('GET', ORDER_PATH, () => first.promise);
    act(() => api.live().orderChanged('payment_confirmed', 'paid'));
    expect(orderReads()).toBe(before + 1);
    for (const action of ['rider_assigned', 'job_accepted', 'pickup_confirmed']) act(() => api.live().orderChanged(action, 'rider_assigned'));
    expect(orderReads()).toBe(before + 1);

    api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'in_transit' }), paymentConfirmed: true }));
    await act(async () => first.resolve(ok({ ...buyerOrder({ status: 'paid' }), paymentConfirmed: true })));
    await waitFor(() => expect(orderReads()).toBe(before + 2));
    expect(await screen.findByRole('heading', { name: 'Your Order is On The Way!' })).toBeTruthy();
    expect(orderReads()).toBe(before + 2);
  });
});
