import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import BuyerOrderPage from '../src/features/order/buyer-order-page.tsx';
import { buyerOrder, DELIVERY_CODE, fakeBuyerApi, mpesaPrompt, ok, ORDER_ID, ORDER_PATH, PROMPT_PATH, type FakeAnswer, type FakeBuyerApi } from './fake-buyer-api.ts';

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

export const PAY = 'Pay KSh 25,000.00 with M-Pesa';
export const phoneField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'M-Pesa phone number' });
export const payButton = () => screen.getByRole('button', { name: PAY });
/** The panel's live region: its title and words. */
export const panelStatus = () => {
  const region = screen.getAllByRole('status').find((candidate) => candidate.classList.contains('mpesa-panel__words'));
  if (!region) throw new Error('No M-Pesa panel on the page');
  return region;
};

/** Each test's start: an order awaiting payment and no prompt yet, a visible tab, a fake clock. */
export function startBuyerPageTest() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const api = fakeBuyerApi();
  api.on('GET', ORDER_PATH, ok(buyerOrder()));
  api.on('GET', PROMPT_PATH, ok(null));
  setTabVisible(true);
  return api;
}

export function endBuyerPageTest() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

/** Opens the page, taps Pay with the prefilled number and waits for the panel. */
export async function payAndWait(api: FakeBuyerApi, answer: FakeAnswer = ok(mpesaPrompt('waiting'), 202)) {
  api.on('POST', PROMPT_PATH, answer);
  await openBuyerPage();
  fireEvent.click(payButton());
  await screen.findByRole('heading', { name: 'Check your phone' });
}
