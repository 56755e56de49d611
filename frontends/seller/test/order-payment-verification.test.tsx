// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escrowQueryClient } from '@escrow/api-client/query-client';
import OrderDetailPage from '../src/features/order-detail/order-detail-page.tsx';
import { fakeSellerApi, ORDER_ID, sellerOrder } from './fake-seller-api.ts';

afterEach(() => {
  cleanup();
  // The page's one query cache outlives a test: the next test reads its own answers.
  escrowQueryClient().clear();
  vi.unstubAllGlobals();
});

const CLAIM_TEXT = 'The buyer reports payment (M-Pesa code NLJ7RT61SV). We are checking it with M-Pesa; it is not held in escrow yet.';
const DO_NOT_HAND_OVER = 'Do not hand over the item before it is confirmed.';

async function openOrder() {
  render(<OrderDetailPage orderId={ORDER_ID} navigate={() => undefined} />);
  await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A15' });
}

/** The value of the "Payment" line in the Payment card. */
function paymentLine() {
  const card = screen.getByRole('heading', { level: 2, name: 'Payment' }).closest('section');
  if (!card) throw new Error('No Payment card');
  const label = within(card).getByText('Payment', { selector: 'dt' });
  return label.nextElementSibling?.textContent;
}

describe('The seller order page: whether the payment is money M-Pesa confirmed', () => {
  it('a typed receipt being verified: the buyer reports payment, not held in escrow, do not hand over', async () => {
    fakeSellerApi(sellerOrder({ paymentBeingVerified: true, paymentClaimReceipt: 'NLJ7RT61SV' }));
    await openOrder();

    const card = screen.getByRole('region', { name: 'Payment being verified' });
    expect(card.textContent).toContain(CLAIM_TEXT);
    expect(within(card).getByText(DO_NOT_HAND_OVER)).toBeTruthy();
    // Before the links and the facts: the first thing after the progress.
    expect(card.compareDocumentPosition(screen.getByRole('heading', { name: 'Links' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(paymentLine()).toBe('Being verified: the buyer reports payment');
    expect(document.body.textContent).not.toMatch(/held (safely )?in escrow(?! yet)/);
  });

  it('goes once M-Pesa confirms it, through the live events', async () => {
    const api = fakeSellerApi(sellerOrder({ paymentBeingVerified: true, paymentClaimReceipt: 'NLJ7RT61SV' }));
    await openOrder();
    expect(screen.getByRole('region', { name: 'Payment being verified' })).toBeTruthy();

    api.setOrder(sellerOrder({ status: 'paid', paymentConfirmed: true, mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: 'c2b_confirmation', paymentConfirmedAt: '2026-01-01T09:10:00.000Z' }));
    const live = await waitFor(() => api.live());
    act(() => live.orderChanged(ORDER_ID, 'verify_payment', 'paid'));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Payment being verified' })).toBeNull());
    expect(paymentLine()).toBe('Verified by M-Pesa (code NLJ7RT61SV)');
  });

  it.each([
    ['stk_query', 'Verified by M-Pesa (code QRS1TU2VW3)'],
    ['c2b_confirmation', 'Verified by M-Pesa (code QRS1TU2VW3)'],
    ['transaction_status', 'Verified by M-Pesa (code QRS1TU2VW3)'],
    ['admin:7', 'Verified by M-Pesa (code QRS1TU2VW3)'],
    [null, 'Paid on a typed receipt (not verified with M-Pesa)'],
  ] as const)('paid, verified by %s: %s', async (verifiedBy, text) => {
    fakeSellerApi(sellerOrder({ status: 'paid', paymentConfirmed: true, mpesaReceipt: 'QRS1TU2VW3', paymentVerifiedBy: verifiedBy }));
    await openOrder();
    expect(paymentLine()).toBe(text);
    expect(screen.queryByRole('region', { name: 'Payment being verified' })).toBeNull();
  });

  it('not paid and nothing claimed: not yet paid; cash: collected by the rider', async () => {
    fakeSellerApi(sellerOrder());
    await openOrder();
    expect(paymentLine()).toBe('Not yet paid');
    cleanup();

    fakeSellerApi(sellerOrder({ paymentMethod: 'cash', buyerCashAmount: null }));
    await openOrder();
    expect(paymentLine()).toBe('Collected by the rider');
  });
});
