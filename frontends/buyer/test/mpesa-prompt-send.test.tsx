// @vitest-environment happy-dom
import { catalogue } from '@escrow/core/messages';
import { NETWORK_ERROR_MESSAGE, SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyerOrder, deferred, DELIVERY_CODE, failure, mpesaPrompt, ok, ORDER_PATH, PROMPT_PATH, type FakeAnswer, type FakeBuyerApi } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, PAY, payButton, phoneField, startBuyerPageTest } from './render-buyer-page.tsx';

let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

describe('Pay with M-Pesa: sending the prompt', () => {
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

  it('starts with an empty field when the order carries no usable phone', async () => {
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
});
