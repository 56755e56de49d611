// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminText } from '../src/i18n/use-admin-t.ts';
import { orderColumns } from '../src/features/orders/order-columns.tsx';
import { PayoutCard } from '../src/features/payouts/payout-card.tsx';
import { PayoutModeContext } from '../src/features/payouts/payout-mode.ts';
import { ReconciliationSummary } from '../src/features/payouts/reconciliation-summary.tsx';
import { AdminScreenContext } from '../src/shared/admin-context.ts';
import type { AdminOrder, AdminPayout, PayoutMode, PayoutReconciliation } from '../src/shared/admin-types.ts';
import type { AdminQuery } from '../src/shared/use-admin-query.ts';
import { adminOrderDetail, adminOrderRow, adminPayout, PAYOUT_ID, failure, fakeAdminApiPerTest, ok, ORDER_ID, ORDER_PATH, renderOnAdminScreen, SETTLEMENT_PATH } from './fake-admin-api.tsx';

const APPROVED = 'Payout approved. It goes to M-Pesa as soon as it is due; the order settles when M-Pesa confirms.';

const payout = adminPayout;

const FAILED = payout({
  state: 'failed',
  stateLabel: 'Failed',
  destination: 'M-Pesa 254700000001',
  attempt: 1,
  problem: 'The business M-Pesa account does not hold enough money for this payout: top it up, then Retry.',
  canRetry: true,
});

const fake = fakeAdminApiPerTest();

const actionCell = orderColumns(adminText).find((column) => column.header === 'Action');

/** The orders row's Action cell for this order, on a server paying out in `mode`. */
function renderAction(order: AdminOrder, mode: PayoutMode) {
  return renderOnAdminScreen(<PayoutModeContext.Provider value={mode}>{actionCell?.cell(order)}</PayoutModeContext.Provider>);
}

describe("the order row's action", () => {
  it('manual (payouts by M-Pesa off): the spec\'s Mark Paid, as before', () => {
    renderAction(adminOrderRow({ payouts: [] }), 'manual');
    expect(screen.getByRole('button', { name: 'Mark Paid: Samsung Galaxy A15 (TRK9D3F7J1)' }).textContent).toBe('Mark Paid');
    expect(screen.queryByText('Approve payout')).toBeNull();
  });

  it("offers Mark Paid from the order's actions (confirm_settlement, decision 0062), not from its status", () => {
    const delivered = adminOrderRow({ payouts: [] });
    expect(delivered.actions).toEqual(['confirm_settlement', 'reject_refund']);
    renderAction({ ...delivered, actions: ['reject_refund'] }, 'manual');
    expect(screen.queryByRole('button', { name: /^Mark Paid/ })).toBeNull();
    expect(screen.getByText('Payment not verified')).toBeTruthy();
  });

  it.each(['approval', 'automatic'] as const)('%s: Approve payout while a payout waits for it (or none was made yet), never Mark Paid', (mode) => {
    renderAction(adminOrderRow({ payouts: [payout()] }), mode);
    expect(screen.getByRole('button', { name: 'Approve payout: Samsung Galaxy A15 (TRK9D3F7J1)' })).toBeTruthy();
    // The waiting payout stays reachable (Record M-Pesa reference for one paid by hand).
    expect(screen.getByRole('list', { name: 'Payouts of TRK9D3F7J1' }).textContent).toBe('Seller: Waiting for approval');
    expect(screen.getByRole('button', { name: 'Payouts: Samsung Galaxy A15 (TRK9D3F7J1)' })).toBeTruthy();
    cleanup();
    renderAction(adminOrderRow({ payouts: [] }), mode);
    expect(screen.getByRole('button', { name: 'Approve payout: Samsung Galaxy A15 (TRK9D3F7J1)' })).toBeTruthy();
    expect(screen.queryByText('Mark Paid')).toBeNull();
  });

  it('approved: each payout with its state, and Payouts for the rest', () => {
    const rider = payout({ id: 'rider-payout-0001', purpose: 'rider', amount: 30_000, state: 'succeeded', stateLabel: 'Paid', receipt: 'QK12AB34CD', canRecordReference: false });
    renderAction(adminOrderRow({ payouts: [payout({ state: 'sent', stateLabel: 'Sent to M-Pesa', canRecordReference: false }), rider] }), 'approval');
    const list = screen.getByRole('list', { name: 'Payouts of TRK9D3F7J1' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Seller: Sent to M-Pesa', 'Rider: Paid']);
    expect(screen.getByRole('button', { name: 'Payouts: Samsung Galaxy A15 (TRK9D3F7J1)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Approve payout|Mark Paid)/ })).toBeNull();
  });

  it('settled: Paid ✓, and the payouts (with their receipts) one click away', () => {
    renderAction(adminOrderRow({ status: 'settlement_completed', settlementPaid: true, canMarkPaid: false, payouts: [payout({ state: 'succeeded', stateLabel: 'Paid', receipt: 'QK12AB34CD' })] }), 'approval');
    expect(screen.getByText('Paid ✓')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Payouts: Samsung Galaxy A15 (TRK9D3F7J1)' })).toBeTruthy();
  });
});

describe('Approve payout', () => {
  it('asks first, sends one request with an Idempotency-Key however often it is clicked, and tells the server\'s answer', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail()));
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    fake().on('POST', SETTLEMENT_PATH, () => new Promise((resolve) => (answer = resolve)));
    const { screen: adminScreen } = renderAction(adminOrderRow({ payouts: [payout()] }), 'approval');
    fireEvent.click(screen.getByRole('button', { name: 'Approve payout: Samsung Galaxy A15 (TRK9D3F7J1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payout' });
    await waitFor(() => expect(within(dialog).queryByText('Checking the payment…')).toBeNull());
    expect(dialog.textContent).toContain('KSh 24,375.00 to Amani Phones');
    const button = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Approve payout' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.textContent).toBe('Approving…');
    fireEvent.click(button);
    answer(ok({ order: adminOrderDetail(), message: APPROVED }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve payout' })).toBeNull());
    const sent = fake().sent('POST', SETTLEMENT_PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]?.body).toEqual({});
    expect(await screen.findByText(APPROVED)).toBeTruthy();
    expect(adminScreen.refresh).toHaveBeenCalled();
  });

  it("a lost answer: the error in words, and Approve again sends the same key (the server answers it as done)", async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail()));
    fake().on('POST', SETTLEMENT_PATH, 'network-failure');
    renderAction(adminOrderRow({ payouts: [] }), 'approval');
    fireEvent.click(screen.getByRole('button', { name: /^Approve payout:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payout' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/connection/i);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve payout' }));
    await waitFor(() => expect(fake().sent('POST', SETTLEMENT_PATH)).toHaveLength(2));
    const [first, second] = fake().sent('POST', SETTLEMENT_PATH);
    expect(second?.key).toBe(first?.key);
  });

  it('an unverified payment: says why and offers nothing to press', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail({ paymentVerifiedBy: null })));
    renderAction(adminOrderRow({ payouts: [] }), 'approval');
    fireEvent.click(screen.getByRole('button', { name: /^Approve payout:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve payout' });
    await waitFor(() => expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Approve payout' }).disabled).toBe(true));
  });
});

describe('a payout card', () => {
  it('a failed payout: where it went, why it failed in words, Retry and Record M-Pesa reference', () => {
    renderOnAdminScreen(<PayoutCard payout={{ ...FAILED, trackingNumber: 'TRK9D3F7J1', itemName: 'Samsung Galaxy A15' }} withOrder />);
    const card = screen.getByRole('article', { name: 'Seller payout of TRK9D3F7J1' });
    expect(card.textContent).toContain('KSh 24,375.00');
    expect(card.textContent).toContain('Samsung Galaxy A15 (TRK9D3F7J1)');
    expect(card.textContent).toContain('M-Pesa 254700000001');
    expect(card.textContent).toContain('Why it failed: The business M-Pesa account does not hold enough money');
    expect(within(card).getByRole('button', { name: 'Retry: Seller payout of TRK9D3F7J1' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Record M-Pesa reference: Seller payout of TRK9D3F7J1' })).toBeTruthy();
  });

  it('a paid payout: its receipt, no action', () => {
    renderOnAdminScreen(<PayoutCard payout={payout({ state: 'succeeded', stateLabel: 'Paid', receipt: 'QK12AB34CD', receiverName: '254700000001 - AMANI', completedAt: '2026-01-03T09:01:00.000Z', canRecordReference: false })} />);
    const card = screen.getByRole('article', { name: 'Seller payout' });
    expect(within(card).getByText('QK12AB34CD')).toBeTruthy();
    expect(within(card).getByText('Paid', { selector: '.admin-payout-state' })).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('Retry: one request while it is sent, then the server\'s message; a refusal is shown in its words', async () => {
    const retryPath = `/api/admin/payouts/${PAYOUT_ID}/retry`;
    fake().on('POST', retryPath, failure(409, 'PAYOUT_NOT_RETRYABLE', 'This payout is not failed: it cannot be retried'));
    const { screen: adminScreen } = renderOnAdminScreen(<PayoutCard payout={FAILED} />);
    const retry = screen.getByRole<HTMLButtonElement>('button', { name: 'Retry: Seller payout' });
    fireEvent.click(retry);
    fireEvent.click(retry);
    expect((await screen.findByText('This payout is not failed: it cannot be retried')).getAttribute('role')).toBe('alert');
    expect(fake().sent('POST', retryPath)).toHaveLength(1);
    expect(adminScreen.refresh).toHaveBeenCalled();

    fake().on('POST', retryPath, ok({ payout: { ...FAILED, state: 'queued' }, message: 'Payout queued again. M-Pesa will be asked to pay it with a new request.' }));
    fireEvent.click(retry);
    expect(await screen.findByText('Payout queued again. M-Pesa will be asked to pay it with a new request.')).toBeTruthy();
    // The refusal is gone once a retry went through.
    expect(screen.queryByText('This payout is not failed: it cannot be retried')).toBeNull();
  });

  it('Record M-Pesa reference: checked before sending, the server\'s refusal in its words, then recorded', async () => {
    const recordPath = `/api/admin/payouts/${PAYOUT_ID}/reference`;
    fake().on('POST', recordPath, failure(409, 'REFERENCE_ALREADY_USED', 'This M-Pesa reference is already recorded for another payout or refund.'));
    renderOnAdminScreen(<PayoutCard payout={FAILED} />);
    fireEvent.click(screen.getByRole('button', { name: 'Record M-Pesa reference: Seller payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record M-Pesa reference' });
    const field = within(dialog).getByLabelText('M-Pesa reference of the payout');
    const submit = within(dialog).getByRole('button', { name: 'Record reference' });

    fireEvent.change(field, { target: { value: 'QK12' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter the 10-character M-Pesa reference of the payout');
    expect(fake().sent('POST', recordPath)).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' qk12 ab34cd ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('This M-Pesa reference is already recorded for another payout or refund.'));
    expect(fake().sent('POST', recordPath)[0]?.body).toEqual({ reference: 'QK12AB34CD' });

    fake().on('POST', recordPath, ok({ payout: { ...FAILED, state: 'recorded', receipt: 'QK12AB34CE' }, message: 'M-Pesa reference recorded. The payout is marked as paid by hand.' }));
    fireEvent.change(field, { target: { value: 'QK12AB34CE' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record M-Pesa reference' })).toBeNull());
    expect(await screen.findByText('M-Pesa reference recorded. The payout is marked as paid by hand.')).toBeTruthy();
    const keys = fake().sent('POST', recordPath).map((r) => r.key);
    // A final answer (the refusal) ends a key: the corrected reference is a new request.
    expect(new Set(keys).size).toBe(2);
  });
});

describe('the reconciliation', () => {
  const query = (data: PayoutReconciliation | null, failed = false): AdminQuery<PayoutReconciliation> => ({ data, loading: data === null && !failed, stale: false, failed, unavailable: false, reload: vi.fn() });
  const report = (overrides: Partial<PayoutReconciliation> = {}): PayoutReconciliation => ({
    checkedAt: '2026-01-03T09:00:00.000Z',
    clearingInLedger: 2_437_500,
    inFlight: 2_437_500,
    payouts: { total: 3, inFlight: 1, succeeded: 1, failed: 1 },
    unmatched: [],
    ...overrides,
  });
  const renderSummary = (q: AdminQuery<PayoutReconciliation>, known: readonly AdminPayout[] = []) =>
    render(
      <AdminScreenContext.Provider value={{ refresh: vi.fn(), accessLost: vi.fn() }}>
        <ReconciliationSummary query={q} known={known} />
      </AdminScreenContext.Provider>,
    );

  it('agreeing books: the figures and nothing unmatched', () => {
    renderSummary(query(report({ payouts: { total: 3, inFlight: 1, succeeded: 2, failed: 0 } })));
    expect(screen.getByText('The ledger and the payouts in flight agree.')).toBeTruthy();
    expect(screen.getByText('Nothing unmatched: the ledger, the payouts and what M-Pesa reported agree.')).toBeTruthy();
    expect(screen.getAllByText('KSh 24,375.00')).toHaveLength(2);
  });

  it('every mismatch in words, named by its order where a list shows it', () => {
    renderSummary(
      query(
        report({
          clearingInLedger: 100_00,
          inFlight: 0,
          unmatched: [
            { payoutId: null, orderId: null, problem: 'The ledger holds KSh 100.00 with M-Pesa for payouts, but the payouts in flight add up to KSh 0.00.' },
            { payoutId: PAYOUT_ID, orderId: ORDER_ID, problem: 'Failed and not paid: no money' },
          ],
        }),
      ),
      [{ ...FAILED, trackingNumber: 'TRK9D3F7J1' }],
    );
    expect(screen.getByText('The ledger and the payouts in flight do not agree: see below.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Unmatched' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ledger: The ledger holds KSh 100.00 with M-Pesa for payouts, but the payouts in flight add up to KSh 0.00.',
      'Seller payout of TRK9D3F7J1: Failed and not paid: no money',
    ]);
  });

  it('never blank: loading, then a failure with Try again', () => {
    renderSummary(query(null));
    expect(screen.getByText('Checking the payouts…')).toBeTruthy();
    cleanup();
    const failed = query(null, true);
    renderSummary(failed);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.reload).toHaveBeenCalled();
  });
});
