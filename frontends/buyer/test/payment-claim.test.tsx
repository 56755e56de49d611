// @vitest-environment happy-dom
import { catalogue } from '@escrow/core/messages';
import { progressView } from '@escrow/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buyerOrder, ok, ORDER_ID, ORDER_PATH, PAYMENT_PATH, type FakeBuyerApi } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, pass, payButton, startBuyerPageTest } from './render-buyer-page.tsx';

let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

const RECEIPT = 'NLJ7RT61SV';
const BEING_VERIFIED_HEADING = 'Payment Being Verified';
const NOTE_TITLE = 'Payment being verified';

/** What POST /payment answers (apps/api features/buyer/routes.ts): the order's status and the server's message. */
const paymentAnswer = (paymentConfirmed: boolean, message: string) =>
  ok({ order: { id: ORDER_ID, ...progressView(paymentConfirmed ? 'paid' : 'awaiting_payment'), paymentConfirmed }, message });

/** Types a receipt into the Paybill form, accepts the terms and sends it. */
function typeReceipt(receipt = RECEIPT) {
  fireEvent.change(screen.getByRole('textbox', { name: 'M-Pesa confirmation code' }), { target: { value: receipt } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  fireEvent.click(screen.getByRole('button', { name: 'Confirm Payment' }));
}

/** The page's live stream, once its effect has opened it. */
const liveStream = () => waitFor(() => api.live());

const paymentCard = () => {
  const card = screen.getByRole('heading', { level: 2, name: 'Pay with M-Pesa' }).closest('section');
  if (!card) throw new Error('No payment card');
  return card;
};

describe('A typed receipt M-Pesa has not confirmed: payment being verified', () => {
  it('shows the server message by the form, never a paid state, and keeps both ways to pay', async () => {
    api.on('POST', PAYMENT_PATH, paymentAnswer(false, catalogue.buyer.paymentBeingVerified));
    await openBuyerPage();
    api.on('GET', ORDER_PATH, ok(buyerOrder({ paymentBeingVerified: true })));
    typeReceipt(' nlj7 rt61sv ');

    const message = await screen.findByText(catalogue.buyer.paymentBeingVerified);
    expect(message.closest('[role="status"]')?.className).toContain('form-alert--info');
    // The answer comes right by the button the buyer tapped.
    expect(message.closest('form')).toBe(screen.getByRole('button', { name: 'Confirm Payment' }).closest('form'));
    const [request] = api.sent('POST', PAYMENT_PATH);
    expect(request?.body).toEqual({ termsAccepted: true, mpesaReceipt: RECEIPT });

    // The re-read order: being verified, in the heading and in the payment card.
    expect(await screen.findByRole('heading', { level: 2, name: BEING_VERIFIED_HEADING })).toBeTruthy();
    const card = paymentCard();
    expect(within(card).getByRole('heading', { level: 3, name: NOTE_TITLE })).toBeTruthy();
    expect(within(card).getByText(/You do not need to pay again/)).toBeTruthy();

    expect(screen.queryByText(catalogue.buyer.paymentConfirmed)).toBeNull();
    expect(document.querySelector('.form-alert--success')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your delivery code' })).toBeNull();
    expect(payButton()).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Or pay by Paybill' })).toBeTruthy();
    expect(screen.getByText('522533')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm Payment' })).toBeTruthy();
  });

  it('says it is being verified when the page is opened again', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ paymentBeingVerified: true })));
    await openBuyerPage();

    expect(screen.getByRole('heading', { level: 2, name: BEING_VERIFIED_HEADING })).toBeTruthy();
    const note = within(paymentCard()).getByRole('heading', { level: 3, name: NOTE_TITLE }).parentElement;
    expect(note?.textContent).toContain('We are checking your M-Pesa payment. You do not need to pay again');
    expect(note?.textContent).toContain('enter the right one in the form below');
    // The note comes before the ways to pay.
    expect(note && note.compareDocumentPosition(payButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the note when only the M-Pesa prompt is offered (no Paybill configured)', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ paymentBeingVerified: true, paybill: false })));
    await openBuyerPage();
    const card = paymentCard();
    expect(within(card).getByRole('heading', { level: 3, name: NOTE_TITLE })).toBeTruthy();
    expect(within(card).queryByText(/enter the right one/)).toBeNull();
    expect(payButton()).toBeTruthy();
  });

  it('turns paid by itself when M-Pesa confirms, and says so', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ paymentBeingVerified: true })));
    await openBuyerPage();

    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid' })));
    const live = await liveStream();
    act(() => live.orderChanged('verify_payment', 'paid'));

    expect(await screen.findByRole('heading', { level: 2, name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
    expect(screen.getByText(catalogue.buyer.paymentConfirmed).closest('.form-alert--success')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: NOTE_TITLE })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm Payment' })).toBeNull();
  });

  it('reads its own claim event once, but never takes M-Pesa’s confirmation for its own', async () => {
    api.on('POST', PAYMENT_PATH, paymentAnswer(false, catalogue.buyer.paymentBeingVerified));
    await openBuyerPage();
    api.on('GET', ORDER_PATH, ok(buyerOrder({ paymentBeingVerified: true })));
    typeReceipt();
    await screen.findByRole('heading', { level: 2, name: BEING_VERIFIED_HEADING });
    const reads = api.sent('GET', ORDER_PATH).length;

    const live = await liveStream();
    act(() => live.orderChanged('claim_payment'));
    await pass(1_000);
    expect(api.sent('GET', ORDER_PATH)).toHaveLength(reads);

    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid' })));
    act(() => live.orderChanged('verify_payment', 'paid'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
  });

  it('a receipt M-Pesa had confirmed already pays the order at once', async () => {
    api.on('POST', PAYMENT_PATH, paymentAnswer(true, catalogue.buyer.paymentConfirmed));
    await openBuyerPage();
    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid' })));
    typeReceipt();

    expect((await screen.findByText(catalogue.buyer.paymentConfirmed)).closest('.form-alert--success')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment Confirmed - Assigning Rider' })).toBeTruthy();
    expect(screen.queryByText(catalogue.buyer.paymentBeingVerified)).toBeNull();
  });
});
