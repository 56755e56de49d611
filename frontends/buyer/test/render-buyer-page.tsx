import { act, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import BuyerOrderPage from '../src/features/order/buyer-order-page.tsx';
import { DELIVERY_CODE, ORDER_ID } from './fake-buyer-api.ts';

/** Opens the buyer page as the seller's link does (`?code=`), and waits for the order. */
export async function openBuyerPage() {
  window.history.replaceState(null, '', `/buyer/order/${ORDER_ID}?code=${DELIVERY_CODE}`);
  const view = render(<BuyerOrderPage orderId={ORDER_ID} />);
  await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A15' });
  return view;
}

/** Lets `ms` pass on the fake clock, running the timers and the requests they start. */
export async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Sets what `document.visibilityState` says and tells the page, as a phone does when the buyer switches apps. */
export function setTabVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
