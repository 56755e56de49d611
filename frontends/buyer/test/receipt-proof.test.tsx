// @vitest-environment happy-dom
import { progressView } from '@escrow/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOT_THE_SMS_CODE, PROVED_ELSEWHERE } from '../src/features/order/delivery-code-card.tsx';
import { buyerOrder, DELIVERY_CODE, ok, ORDER_ID, ORDER_PATH, PAYMENT_PATH, type FakeBuyerApi } from './fake-buyer-api.ts';
import { endBuyerPageTest, openBuyerPage, startBuyerPageTest } from './render-buyer-page.tsx';

let api: FakeBuyerApi;
beforeEach(() => {
  api = startBuyerPageTest();
});
afterEach(endBuyerPageTest);

const RECEIPT = 'MSK1234567';
/** A paid order seen with the link's view key: no code on this browser, no phone to say it went to (a masked MSISDN). */
const paidWithoutCode = () => buyerOrder({ status: 'paid', holdsCode: false, codeSentTo: null });
const codeCard = () => screen.getByRole('region', { name: 'Your delivery code' });

function proveWith(receipt: string) {
  fireEvent.change(within(codeCard()).getByRole('textbox', { name: 'M-Pesa code' }), { target: { value: receipt } });
  fireEvent.click(within(codeCard()).getByRole('button', { name: 'Show my code' }));
}

describe('the payer shows the code on this browser by typing the receipt (decision 0047)', () => {
  it('the first browser to prove it is shown the code', async () => {
    api.on('GET', ORDER_PATH, ok(paidWithoutCode()));
    api.on('POST', PAYMENT_PATH, ok({ order: { id: ORDER_ID, ...progressView('paid'), paymentConfirmed: true }, message: 'ok', deliveryCode: DELIVERY_CODE }));
    await openBuyerPage();
    expect(within(codeCard()).queryByText(DELIVERY_CODE)).toBeNull();
    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid', holdsCode: true })));
    proveWith(RECEIPT);
    await waitFor(() => expect(within(codeCard()).getByText(DELIVERY_CODE)).toBeTruthy());
    expect(api.sent('POST', PAYMENT_PATH)[0]?.body).toEqual({ termsAccepted: true, mpesaReceipt: RECEIPT });
  });

  it('a right receipt another browser proved first: told so in words, no code, and the form stays', async () => {
    api.on('GET', ORDER_PATH, ok(paidWithoutCode()));
    api.on('POST', PAYMENT_PATH, ok({ order: { id: ORDER_ID, ...progressView('paid'), paymentConfirmed: true }, message: 'ok' }));
    await openBuyerPage();
    proveWith(RECEIPT);
    await waitFor(() => expect(within(codeCard()).getByRole('alert').textContent).toBe(PROVED_ELSEWHERE));
    expect(within(codeCard()).queryByText(DELIVERY_CODE)).toBeNull();
    expect(within(codeCard()).getByRole('button', { name: 'Show my code' })).toBeTruthy();
  });
});

describe('where the code went by SMS, its holder uses it on this browser (decision 0047)', () => {
  const BIND_PATH = `${ORDER_PATH}/payer-browser`;
  const sentBySms = () => buyerOrder({ status: 'paid', holdsCode: false, codeSentTo: '07xx xxx 123' });
  const useCode = (code: string) => {
    fireEvent.change(within(codeCard()).getByRole('textbox', { name: 'Delivery code from the SMS' }), { target: { value: code } });
    fireEvent.click(within(codeCard()).getByRole('button', { name: 'Use this code' }));
  };

  it('offers no receipt form (a receipt is no proof where the phone got the code); a wrong code is told in words; the right one shows the code', async () => {
    api.on('GET', ORDER_PATH, ok(sentBySms()));
    api.on('POST', BIND_PATH, { status: 404, body: { error: { code: 'BUYER_ORDER_NOT_FOUND', message: 'Order not found or invalid code' } } });
    await openBuyerPage();
    expect(within(codeCard()).queryByRole('textbox', { name: 'M-Pesa code' })).toBeNull();
    expect(within(codeCard()).getByText('07xx xxx 123')).toBeTruthy();
    useCode('12345');
    expect(within(codeCard()).getByRole('alert').textContent).toBe('Enter the 6-digit delivery code from the SMS');
    expect(api.sent('POST', BIND_PATH)).toHaveLength(0);
    useCode('111 111');
    await waitFor(() => expect(within(codeCard()).getByRole('alert').textContent).toBe(NOT_THE_SMS_CODE));
    expect(api.sent('POST', BIND_PATH)[0]?.headers['X-Delivery-Code']).toBe('111111');

    api.on('POST', BIND_PATH, ok({ bound: true }));
    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid', holdsCode: true, codeSentTo: '07xx xxx 123' })));
    useCode(DELIVERY_CODE);
    await waitFor(() => expect(within(codeCard()).getByText(DELIVERY_CODE)).toBeTruthy());
    expect(within(codeCard()).queryByRole('textbox', { name: 'Delivery code from the SMS' })).toBeNull();
  });
});
