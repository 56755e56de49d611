// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { startPage } from '@escrow/ui/page/start-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BuyerPage } from '../src/page/buyer-page.tsx';
import { render } from '../src/page/server.tsx';
import { buyerOrder, DELIVERY_CODE, ok, ORDER_ID, ORDER_PATH, type FakeBuyerApi } from './fake-buyer-api.ts';
import { endBuyerPageTest, startBuyerPageTest } from './render-buyer-page.tsx';

// Decision 0059: the API renders the buyer's link with the page's first read (src/page/server.tsx)
// and the page takes that render over in the browser (startPage) from the answer sent along.
let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

const orderReads = () => api.sent('GET', ORDER_PATH).length;

describe("the buyer's page rendered on the server", () => {
  it('renders the order from the answer it is given, then the browser takes it over without reading it again', async () => {
    const answers = [{ path: ORDER_PATH, status: 200, body: { data: buyerOrder() } }];
    const html = render({ pathname: `/buyer/order/${ORDER_ID}`, search: `?code=${DELIVERY_CODE}`, answers });
    expect(html).toContain('<h1>Samsung Galaxy A15</h1>');
    expect(html).toContain('Waiting for Payment');
    expect(orderReads()).toBe(0);

    window.history.replaceState(null, '', `/buyer/order/${ORDER_ID}?code=${DELIVERY_CODE}`);
    document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="escrow-page-answers">${JSON.stringify(answers)}</script>`;
    const serverHeading = document.querySelector('h1');
    const errors = vi.spyOn(console, 'error');
    const root = await act(async () => startPage(document.getElementById('root')!, <BuyerPage orderId={ORDER_ID} />));
    try {
      // Hydrated: the server's elements are kept, nothing was read, no mismatch was reported.
      await waitFor(() => api.live());
      expect(document.querySelector('h1')).toBe(serverHeading);
      expect(orderReads()).toBe(0);
      expect(errors).not.toHaveBeenCalled();
      // The code leaves the address bar as on a page rendered in the browser.
      expect(window.location.search).toBe('');

      // From here the page reads as usual: a live event re-reads the order.
      api.on('GET', ORDER_PATH, ok({ ...buyerOrder({ status: 'paid' }), paymentConfirmed: true }));
      act(() => api.live().orderChanged('payment_confirmed', 'paid'));
      expect(await screen.findByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
      expect(orderReads()).toBe(1);
    } finally {
      act(() => root.unmount());
    }
  });

  it('renders a read the server could not make (503) as the service message with Try again, not as a missing order', () => {
    const answers = [{ path: ORDER_PATH, status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again.' } } }];
    const html = render({ pathname: `/buyer/order/${ORDER_ID}`, search: `?code=${DELIVERY_CODE}`, answers });
    expect(html).toContain('Service temporarily unavailable. Please try again.');
    expect(html).toContain('Try again');
    expect(html).not.toContain('Order not found');
  });
});
