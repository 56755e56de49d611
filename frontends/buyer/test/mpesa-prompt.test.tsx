// @vitest-environment happy-dom
import { stkResultMessages } from '@escrow/core';
import { catalogue } from '@escrow/core/messages';
import { NETWORK_ERROR_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MPESA_POLL_EVERY_MS, MPESA_POLL_FOR_MS } from '../src/features/order/use-mpesa-prompt.ts';
import { buyerOrder, deferred, DELIVERY_CODE, failure, fakeBuyerApi, mpesaPrompt, ok, ORDER_PATH, PROMPT_PATH, type FakeAnswer } from './fake-buyer-api.ts';
import { openBuyerPage, pass, setTabVisible } from './render-buyer-page.tsx';

const PAY = 'Pay KSh 25,000.00 with M-Pesa';
const phoneField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'M-Pesa phone number' });
const payButton = () => screen.getByRole('button', { name: PAY });
const panelStatus = () => screen.getAllByRole('status').find((region) => region.classList.contains('mpesa-panel__words'));

let api: ReturnType<typeof fakeBuyerApi>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  api = fakeBuyerApi();
  api.on('GET', ORDER_PATH, ok(buyerOrder()));
  api.on('GET', PROMPT_PATH, ok(null));
  setTabVisible(true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Opens the page, taps Pay with the prefilled number and waits for the panel. */
async function payAndWait(answer: FakeAnswer = ok(mpesaPrompt('waiting'), 202)) {
  api.on('POST', PROMPT_PATH, answer);
  await openBuyerPage();
  fireEvent.click(payButton());
  await screen.findByRole('heading', { name: 'Check your phone' });
}

describe('Pay with M-Pesa on the buyer page', () => {
  it('offers the prompt above the Paybill steps, to the buyer phone in local form', async () => {
    await openBuyerPage();
    const field = phoneField();
    expect(field.value).toBe('0712345678');
    expect(field.type).toBe('tel');
    expect(field.getAttribute('inputmode')).toBe('tel');
    expect(field.getAttribute('autocomplete')).toBe('tel');
    expect(payButton()).toBeTruthy();
    // The Paybill path stays, second, with its typed-receipt form.
    const paybill = screen.getByRole('heading', { name: 'Or pay by Paybill' });
    expect(payButton().compareDocumentPosition(paybill) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('522533')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeTruthy();
  });

  it('starts with an empty field when the order has no buyer phone', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ buyerPhone: null })));
    await openBuyerPage();
    expect(phoneField().value).toBe('');
  });

  it('shows only the Paybill steps when the server cannot send prompts', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ mpesaPrompt: false })));
    await openBuyerPage();
    expect(screen.queryByRole('button', { name: PAY })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Or pay by Paybill' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeTruthy();
  });

  it('offers the prompt without a configured Paybill, and keeps the warning for the Paybill path', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ paybill: false })));
    await openBuyerPage();
    expect(payButton()).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Or pay by Paybill' })).toBeTruthy();
    expect(screen.getByText('Payment details are not configured yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).toBeNull();
  });

  it('refuses a number M-Pesa cannot prompt before sending, under the field', async () => {
    await openBuyerPage();
    fireEvent.change(phoneField(), { target: { value: '0812345678' } });
    fireEvent.click(payButton());

    const message = screen.getByText(catalogue.validation.phone.invalid);
    const field = phoneField();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(document.activeElement).toBe(field);
    expect(api.sent('POST', PROMPT_PATH)).toHaveLength(0);
  });

  it.each([
    ['+254 712 345 678', '0712345678'],
    ['254712345678', '0712345678'],
    ['0112-345-678', '0112345678'],
  ])('sends %s as %s, with the delivery code', async (typed, sent) => {
    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('waiting'), 202));
    await openBuyerPage();
    fireEvent.change(phoneField(), { target: { value: typed } });
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Check your phone' });
    const [request] = api.sent('POST', PROMPT_PATH);
    expect(request?.body).toEqual({ phone: sent });
    expect(request?.headers['X-Delivery-Code']).toBe(DELIVERY_CODE);
  });

  it('sends one prompt however often it is tapped, and says it is sending', async () => {
    const answer = deferred<FakeAnswer>();
    api.on('POST', PROMPT_PATH, () => answer.promise);
    await openBuyerPage();
    const button = payButton();
    fireEvent.click(button);
    fireEvent.click(button);
    const form = button.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);

    const busy = screen.getByRole('button', { name: 'Sending the M-Pesa request…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(api.sent('POST', PROMPT_PATH)).toHaveLength(1);

    answer.resolve(ok(mpesaPrompt('waiting'), 202));
    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(api.sent('POST', PROMPT_PATH)).toHaveLength(1);
  });

  it('shows the waiting panel, then paid: the message, and the order re-read as paid', async () => {
    await payAndWait();
    const heading = screen.getByRole('heading', { name: 'Check your phone' });
    expect(document.activeElement).toBe(heading);
    const status = panelStatus();
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(within(status as HTMLElement).getByText(stkResultMessages.checkYourPhone)).toBeTruthy();
    expect(within(status as HTMLElement).getByText('M-Pesa request sent to 2547•••••678')).toBeTruthy();
    expect(within(status as HTMLElement).getByText('Waiting for M-Pesa…')).toBeTruthy();
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
    await payAndWait();
    const promptReads = api.sent('GET', PROMPT_PATH).length;
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('failed')));
    act(() => api.live().orderChanged('stk_result'));

    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeTruthy();
    expect(api.sent('GET', PROMPT_PATH).length).toBe(promptReads + 1);
  });

  it('after a failure that can be retried, Try again sends a new prompt to the same phone', async () => {
    await payAndWait();
    api.on('GET', PROMPT_PATH, ok(mpesaPrompt('failed')));
    await pass(MPESA_POLL_EVERY_MS);

    await screen.findByRole('heading', { name: 'Payment not completed' });
    expect(within(panelStatus() as HTMLElement).getByText(stkResultMessages.cancelled)).toBeTruthy();
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

  it('shows the server message for a refused number under the field', async () => {
    api.on('POST', PROMPT_PATH, failure(400, 'VALIDATION_FAILED', 'Enter a Kenyan phone number such as 0712345678'));
    await openBuyerPage();
    fireEvent.click(payButton());

    const message = await screen.findByText('Enter a Kenyan phone number such as 0712345678');
    expect(phoneField().getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['too many requests', failure(429, 'RATE_LIMITED', 'Too many attempts. Please wait 40 seconds and try again.', { 'Retry-After': '40' }), 'Too many attempts. Please wait 40 seconds and try again.'],
    ['a server fault', { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } } } as FakeAnswer, SERVICE_UNAVAILABLE_MESSAGE],
    ['prompts switched off', failure(409, 'MPESA_NOT_CONFIGURED', catalogue.errors.mpesaNotConfigured), catalogue.errors.mpesaNotConfigured],
  ])('shows %s in an alert, and the button is there to try again', async (_case, answer, text) => {
    api.on('POST', PROMPT_PATH, answer);
    await openBuyerPage();
    fireEvent.click(payButton());

    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says in plain words when the phone could not reach the server, and tries again on a tap', async () => {
    api.on('POST', PROMPT_PATH, 'network-failure');
    await openBuyerPage();
    fireEvent.click(payButton());
    expect((await screen.findByRole('alert')).textContent).toBe(NETWORK_ERROR_MESSAGE);

    api.on('POST', PROMPT_PATH, ok(mpesaPrompt('waiting'), 202));
    fireEvent.click(payButton());
    await screen.findByRole('heading', { name: 'Check your phone' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.sent('POST', PROMPT_PATH)).toHaveLength(2);
  });

  it('re-reads the order when the server says it is paid already', async () => {
    api.on('POST', PROMPT_PATH, failure(409, 'PAYMENT_ALREADY_CONFIRMED', catalogue.errors.paymentAlreadyConfirmed));
    await openBuyerPage();
    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid' })));
    fireEvent.click(payButton());

    expect(await screen.findByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
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
    await payAndWait();
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

  it('asks every 3 seconds while waiting, not while the tab is hidden, and for 3 minutes at most', async () => {
    await payAndWait();
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
