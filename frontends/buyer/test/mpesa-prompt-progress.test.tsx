// @vitest-environment happy-dom
import { stkResultMessages } from '@escrow/core';
import { NETWORK_ERROR_MESSAGE } from '@escrow/ui/api/request-json';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MPESA_POLL_EVERY_MS, MPESA_POLL_FOR_MS } from '../src/features/order/use-mpesa-prompt.ts';
import { buyerOrder, deferred, type FakeAnswer, type FakeBuyerApi, mpesaPrompt, ok, ORDER_PATH, PROMPT_PATH } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, panelStatus, pass, PAY, payAndWait, payButton, phoneField, setTabVisible, startBuyerPageTest } from './render-buyer-page.tsx';

let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

describe('Pay with M-Pesa: following the prompt', () => {
  it('shows the waiting panel, then paid: the message, and the order re-read as paid', async () => {
    await payAndWait(api);
    const heading = screen.getByRole('heading', { name: 'Check your phone' });
    expect(document.activeElement).toBe(heading);
    const status = panelStatus();
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(status).getByText(stkResultMessages.checkYourPhone)).toBeTruthy();
    expect(within(status).getByText('M-Pesa request sent to 2547•••••678')).toBeTruthy();
    expect(within(status).getByText('Waiting for M-Pesa…')).toBeTruthy();
    const orderReads = api.sent('GET', ORDER_PATH).length;

    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('paid')));
    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid' })));
    await pass(MPESA_POLL_EVERY_MS);

    expect(await screen.findByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
    expect(screen.getByText(stkResultMessages.paid)).toBeTruthy();
    expect(api.sent('GET', ORDER_PATH).length).toBeGreaterThan(orderReads);
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
  });

  it('follows the order live events without waiting for the next poll', async () => {
    await payAndWait(api);
    const promptReads = api.sent('GET', PROMPT_PATH).length;
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('failed')));
    act(() => api.live().orderChanged('stk_result'));

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(api.sent('GET', PROMPT_PATH).length).toBe(promptReads + 1);
  });

  it('after a failure that can be retried, Try again sends a new prompt to the same phone', async () => {
    await payAndWait(api);
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('failed')));
    await pass(MPESA_POLL_EVERY_MS);

    await screen.findByRole('heading', { name: 'Payment not completed' });
    expect(within(panelStatus()).getByText(stkResultMessages.cancelled)).toBeTruthy();
    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('waiting', { id: 'stk-2' }), 202));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(api.sent('POST', PROMPT_PATH).map((r) => r.body)).toEqual([{ phone: '0712345678' }, { phone: '0712345678' }]);
  });

  it('does not let a check begun before the latest tap replace its prompt', async () => {
    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('failed'), 202));
    await openBuyerPage();
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Payment not completed' });
    const older = deferred<FakeAnswer>();
    api.on('GET', PROMPT_PATH, () => older.promise);
    act(() => api.live().orderChanged('stk_result'));

    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('waiting', { id: 'stk-2' }), 202));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Check your phone' });
    older.resolve(ok(mpesaPrompt('failed')));
    await pass(0);
    expect(screen.getByRole('heading', { name: 'Check your phone' })).toBeTruthy();
  });

  it('after a failure, Use another number goes back to the field', async () => {
    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('failed', { message: stkResultMessages.unreachable }), 202));
    await openBuyerPage();
    fireEvent.click(payButton());
    expect(await screen.findByText(stkResultMessages.unreachable)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(phoneField().value).toBe('0712345678');
    expect(document.activeElement).toBe(phoneField());
  });

  it('after a failure that cannot be retried, points to the Paybill steps instead', async () => {
    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('failed', { canRetry: false, resultCode: 2, message: stkResultMessages.limit }), 202));
    await openBuyerPage();
    fireEvent.click(payButton());

    await screen.findByRole('heading', { name: 'Payment not completed' });
    expect(screen.getByText(stkResultMessages.limit)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const link = screen.getByRole('link', { name: 'follow the Paybill steps below' });
    expect(link.getAttribute('href')).toBe('#paybill-title');
    expect(document.getElementById('paybill-title')?.textContent).toBe('Or pay by Paybill');
  });

  it('resumes a prompt still waiting when the page is opened again', async () => {
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('waiting', { message: stkResultMessages.stillChecking })));
    await openBuyerPage();

    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeTruthy();
    expect(screen.getByText(stkResultMessages.stillChecking)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    expect(api.sent('POST', PROMPT_PATH)).toHaveLength(0);
    // Opening the page does not move the focus.
    expect(document.activeElement).toBe(document.body);
  });

  it('does not bring back an old failure when the page is opened again', async () => {
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('failed')));
    await openBuyerPage();
    await pass(0);
    expect(api.sent('GET', PROMPT_PATH)).toHaveLength(1);
    expect(payButton()).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment not completed' })).toBeNull();
  });

  it('stops asking when the tab is hidden while a check is on its way', async () => {
    await payAndWait(api);
    const answer = deferred<FakeAnswer>();
    api.on('GET', PROMPT_PATH, () => answer.promise);
    await pass(MPESA_POLL_EVERY_MS);
    const reads = api.sent('GET', PROMPT_PATH).length;

    setTabVisible(false);
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('waiting')));
    answer.resolve(ok(mpesaPrompt('waiting')));
    await pass(MPESA_POLL_EVERY_MS * 5);
    expect(api.sent('GET', PROMPT_PATH)).toHaveLength(reads);
  });

  it('says when a check asked for by the buyer fails, until M-Pesa has news', async () => {
    await payAndWait(api);
    await pass(MPESA_POLL_FOR_MS);
    api.on('GET', PROMPT_PATH, 'network-failure');
    fireEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NETWORK_ERROR_MESSAGE);

    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('failed')));
    act(() => api.live().orderChanged('stk_result'));
    await screen.findByRole('heading', { name: 'Payment not completed' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks every 3 seconds while waiting, not while the tab is hidden, and for 3 minutes at most', async () => {
    await payAndWait(api);
    const reads = () => api.sent('GET', PROMPT_PATH).length;
    const before = reads();
    await pass(MPESA_POLL_EVERY_MS * 2);
    expect(reads()).toBe(before + 2);

    setTabVisible(false);
    await pass(MPESA_POLL_EVERY_MS * 5);
    expect(reads()).toBe(before + 2);
    // Back from the M-Pesa menu: one read at once, then every 3 seconds again.
    setTabVisible(true);
    await pass(0);
    expect(reads()).toBe(before + 3);

    await pass(MPESA_POLL_FOR_MS);
    expect(await screen.findByRole('button', { name: 'Check again' })).toBeTruthy();
    const atTheEnd = reads();
    expect(atTheEnd).toBeLessThanOrEqual(before + 3 + MPESA_POLL_FOR_MS / MPESA_POLL_EVERY_MS);
    await pass(MPESA_POLL_EVERY_MS * 10);
    expect(reads()).toBe(atTheEnd);

    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('paid')));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });
});
