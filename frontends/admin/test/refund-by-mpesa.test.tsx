// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayoutModeContext } from '../src/features/payouts/payout-mode.ts';
import { ResolveRefundDialog } from '../src/features/refunds/resolve-refund-dialog.tsx';
import type { PayoutMode } from '../src/shared/admin-types.ts';
import { adminOrderDetail, failure, fakeAdminApiPerTest, ok, refundRequest, renderOnAdminScreen } from './fake-admin-api.tsx';

const fake = fakeAdminApiPerTest();

const request = refundRequest(adminOrderDetail({ status: 'paid' }));
const RESOLVE_PATH = `/api/admin/refund-requests/${request.id}/resolve`;
const BY_MPESA = 'Refund approved. M-Pesa is sending it to the phone that paid; the order is cancelled.';

async function openRefund(mode: PayoutMode) {
  const view = renderOnAdminScreen(
    <PayoutModeContext.Provider value={mode}>
      <ResolveRefundDialog request={request} decision="refund" />
    </PayoutModeContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Refund: Samsung Galaxy A15 (TRK9D3F7J1)' }));
  return { dialog: await screen.findByRole('dialog', { name: 'Refund the buyer' }), ...view };
}

describe('Refund the buyer (decision 0051)', () => {
  it.each(['approval', 'automatic'] as const)('with payouts by M-Pesa (%s), no reference: M-Pesa sends the refund to the phone that paid', async (mode) => {
    fake().on('POST', RESOLVE_PATH, ok({ order: adminOrderDetail({ status: 'cancelled' }), message: BY_MPESA }));
    const { dialog, screen: admin } = await openRefund(mode);
    expect(dialog.textContent).toContain('M-Pesa sends the buyer everything paid into escrow, to the phone that paid.');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/M-Pesa reference of the refund/).required).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Refund by M-Pesa' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fake().sent('POST', RESOLVE_PATH);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ decision: 'refund' });
    expect(await screen.findByText(BY_MPESA)).toBeTruthy();
    expect(admin.refresh).toHaveBeenCalled();
  });

  it("with payouts by M-Pesa, the server's refusal shows in the dialog", async () => {
    // As resolveRefund refuses an order M-Pesa named no payer's phone for.
    const refusal = 'M-Pesa did not give the phone that paid this order: refund it by hand and enter the M-Pesa reference of the refund';
    fake().on('POST', RESOLVE_PATH, failure(400, 'VALIDATION_FAILED', refusal));
    const { dialog } = await openRefund('approval');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Refund by M-Pesa' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
  });

  it('with payouts by M-Pesa, a typed reference records a refund sent by hand (checked first)', async () => {
    fake().on('POST', RESOLVE_PATH, ok({ order: adminOrderDetail({ status: 'cancelled' }), message: 'Refund recorded.' }));
    const { dialog } = await openRefund('approval');
    const field = within(dialog).getByLabelText(/M-Pesa reference of the refund/);
    fireEvent.change(field, { target: { value: 'QK12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the 10-character M-Pesa reference of the refund');
    expect(fake().sent('POST', RESOLVE_PATH)).toHaveLength(0);
    fireEvent.change(field, { target: { value: 'qk12ab34cd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Refund' }));
    await waitFor(() => expect(fake().sent('POST', RESOLVE_PATH)).toHaveLength(1));
    expect(fake().sent('POST', RESOLVE_PATH)[0]?.body).toEqual({ decision: 'refund', mpesaReference: 'QK12AB34CD' });
  });

  it('payouts by hand (manual): the reference is required before anything is sent', async () => {
    const { dialog } = await openRefund('manual');
    expect(dialog.textContent).toContain('Send the buyer everything paid into escrow by M-Pesa first, then record it here.');
    expect(within(dialog).queryByRole('button', { name: 'Send Refund by M-Pesa' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the 10-character M-Pesa reference of the refund');
    expect(fake().sent('POST', RESOLVE_PATH)).toHaveLength(0);
  });
});
