// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escrowQueryClient } from '@escrow/api-client/query-client';
import OrderDetailPage from '../src/features/order-detail/order-detail-page.tsx';
import type { SellerOrderView } from '../src/shared/orders-api.ts';
import { fakeSellerApi, ORDER_ID, sellerOrder } from './fake-seller-api.ts';

// The seller's buttons follow the order's `actions` (the core's transition table, decision 0062),
// never the page's own reading of the status: each case shows an order whose actions say one
// thing, then the same order whose actions say another.
afterEach(() => {
  cleanup();
  escrowQueryClient().clear();
  vi.unstubAllGlobals();
});

async function openOrder(order: SellerOrderView) {
  fakeSellerApi(order);
  render(<OrderDetailPage orderId={ORDER_ID} navigate={() => undefined} />);
  await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A15' });
}

const riderPanel = () => screen.queryByRole('heading', { level: 2, name: /^(Assign a rider|Rider)$/ });
const unlockButton = () => screen.queryByRole('button', { name: 'Unlock code' });

describe("the seller's order page", () => {
  it('offers a rider while assign_rider is among the actions, and not otherwise', async () => {
    const paid = sellerOrder({ status: 'paid', paymentConfirmed: true, paymentVerifiedBy: 'c2b_confirmation' });
    expect(paid.actions).toEqual(['assign_rider', 'unlock_code', 'request_refund']);
    await openOrder(paid);
    expect(riderPanel()?.textContent).toBe('Assign a rider');
    cleanup();

    await openOrder({ ...paid, actions: ['unlock_code', 'request_refund'] });
    expect(riderPanel()).toBeNull();
  });

  it('offers Remove Rider only with remove_rider among the actions', async () => {
    const assigned = sellerOrder({ status: 'rider_assigned', paymentConfirmed: true, riderName: 'Kamau', riderPhone: '+254733333333' });
    expect(assigned.actions).toContain('remove_rider');
    await openOrder(assigned);
    expect(screen.queryByRole('button', { name: 'Remove Rider' })).not.toBeNull();
    cleanup();

    await openOrder({ ...assigned, actions: assigned.actions.filter((action) => action !== 'remove_rider') });
    expect(screen.queryByRole('button', { name: 'Remove Rider' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change Rider' })).not.toBeNull();
  });

  it('offers to unlock a locked code only with unlock_code among the actions', async () => {
    const locked = sellerOrder({ status: 'in_transit', paymentConfirmed: true, riderPhone: '+254733333333', codeLocked: true, codeLockedAt: '2026-01-01T10:00:00.000Z', codeAttempts: 5, codeAttemptsLeft: 0 });
    expect(locked.actions).toContain('unlock_code');
    await openOrder(locked);
    expect(unlockButton()).not.toBeNull();
    cleanup();

    await openOrder({ ...locked, actions: [] });
    expect(unlockButton()).toBeNull();
  });
});

describe("the seller's order page: the buyer's language", () => {
  it('names the language the buyer is texted in, as the order now holds it', async () => {
    await openOrder(sellerOrder({ buyerLocale: 'sw' }));
    const term = screen.getByText("Buyer's language", { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('Kiswahili');
    cleanup();

    await openOrder(sellerOrder({ buyerLocale: 'en' }));
    expect(screen.getByText("Buyer's language", { selector: 'dt' }).nextElementSibling?.textContent).toBe('English');
  });
});
