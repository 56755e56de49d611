// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminText } from '../src/i18n/use-admin-t.ts';
import { orderColumns } from '../src/features/orders/order-columns.tsx';
import { UnmatchedPaymentsTab } from '../src/features/payments/unmatched-payments-tab.tsx';
import type { UnmatchedPayment, UnverifiedPayments } from '../src/shared/admin-types.ts';
import { adminOrderDetail, adminOrderRow, failure, fakeAdminApiPerTest, ok, renderOnAdminScreen } from './fake-admin-api.tsx';

const LIST_PATH = '/api/admin/payments/unverified';
const PAYMENT: UnmatchedPayment = {
  transId: 'TYP1234567',
  billRefNumber: 'TRK9D3F7JI',
  amount: 2_500_000,
  payerName: 'WANJIRU',
  transTime: '20261125120000',
  receivedAt: '2026-11-25T09:00:00.000Z',
  note: 'No order has the account number TRK9D3F7JI',
  status: 'unmatched',
};
const LIST: UnverifiedPayments = {
  unmatched: [PAYMENT],
  orders: [{ orderId: 'o-1', trackingNumber: 'TRK0000001', price: 150_000, kind: 'claim', receipt: 'QWE1234567', since: '2026-11-23T09:00:00.000Z', flagged: true, check: null }],
};
const ATTACH_PATH = `/api/admin/payments/unmatched/${PAYMENT.transId}/attach`;
const REFUND_PATH = `/api/admin/payments/unmatched/${PAYMENT.transId}/refund`;

const fake = fakeAdminApiPerTest();

async function openDialog(trigger: string, title: string) {
  fake().on('GET', LIST_PATH, ok(LIST));
  const view = renderOnAdminScreen(<UnmatchedPaymentsTab />);
  fireEvent.click(await screen.findByRole('button', { name: `${trigger}: payment ${PAYMENT.transId}` }));
  return { dialog: await screen.findByRole('dialog', { name: title }), ...view };
}

describe('Unmatched payments tab', () => {
  it('lists unmatched Paybill payments and flagged claims in words', async () => {
    fake().on('GET', LIST_PATH, ok(LIST));
    renderOnAdminScreen(<UnmatchedPaymentsTab />);
    const card = await screen.findByRole('article', { name: `Unmatched payment ${PAYMENT.transId}` });
    expect(within(card).getByText('KSh 25,000', { exact: false })).toBeTruthy();
    expect(within(card).getByText(PAYMENT.billRefNumber)).toBeTruthy();
    expect(within(card).getByText(PAYMENT.note!)).toBeTruthy();
    const claim = screen.getByRole('article', { name: 'Payment being verified: TRK0000001' });
    expect(within(claim).getByText('Over 24 hours')).toBeTruthy();
    expect(within(claim).getByText('The buyer typed a receipt M-Pesa has not confirmed')).toBeTruthy();
  });

  it('says so when there is nothing, and offers a retry when the list cannot be read', async () => {
    let answer = failure(503, 'SERVICE_UNAVAILABLE', 'down');
    fake().on('GET', LIST_PATH, () => answer);
    renderOnAdminScreen(<UnmatchedPaymentsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    answer = ok({ unmatched: [], orders: [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No unmatched payments.')).toBeTruthy();
    expect(screen.getByText('No payments waiting for verification.')).toBeTruthy();
  });

  it('attach: needs a tracking number, sends it once with an Idempotency-Key, and shows the server refusal in its words', async () => {
    const { dialog, screen: admin } = await openDialog('Attach to order', 'Attach this payment to an order');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach Payment' }));
    expect(await within(dialog).findByText('Enter the tracking number of the order this payment is for')).toBeTruthy();
    expect(fake().sent('POST', ATTACH_PATH)).toHaveLength(0);

    fake().on('POST', ATTACH_PATH, failure(400, 'VALIDATION_FAILED', 'No order has this tracking number'));
    fireEvent.change(within(dialog).getByLabelText('Tracking number of the order', { exact: false }), { target: { value: ' trk9d3f7j1 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach Payment' }));
    expect(await within(dialog).findByText('No order has this tracking number')).toBeTruthy();
    expect(fake().sent('POST', ATTACH_PATH)[0]?.body).toEqual({ trackingNumber: 'TRK9D3F7J1' });

    fake().on('POST', ATTACH_PATH, ok({ order: adminOrderDetail({ status: 'paid', settlementPaid: false }), message: 'Payment attached. The order is paid.' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Attach Payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.refresh).toHaveBeenCalled();
  });

  it('refund: a 10-character M-Pesa reference, checked before sending', async () => {
    const { dialog } = await openDialog('Record refund', 'Record the refund of this payment');
    fireEvent.change(within(dialog).getByLabelText('M-Pesa reference of the refund', { exact: false }), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Refund' }));
    expect(await within(dialog).findByText('Enter the 10-character M-Pesa reference of the refund')).toBeTruthy();
    expect(fake().sent('POST', REFUND_PATH)).toHaveLength(0);
    fake().on('POST', REFUND_PATH, ok({ payment: { ...PAYMENT, status: 'refunded' }, message: 'Refund recorded for this payment.' }));
    fireEvent.change(within(dialog).getByLabelText('M-Pesa reference of the refund', { exact: false }), { target: { value: 'rfd1234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake().sent('POST', REFUND_PATH)[0]?.body).toEqual({ mpesaReference: 'RFD1234567' });
  });
});

describe('the orders list Action column', () => {
  const action = orderColumns(adminText).find((c) => c.header === 'Action')!;
  it('offers Mark Paid only when the payment is verified; says why otherwise', () => {
    renderOnAdminScreen(<div>{action.cell(adminOrderRow())}</div>);
    expect(screen.getByRole('button', { name: /^Mark Paid/ })).toBeTruthy();
    cleanup();
    renderOnAdminScreen(<div>{action.cell(adminOrderRow({ paymentVerifiedBy: null, canMarkPaid: false }))}</div>);
    expect(screen.queryByRole('button', { name: /^Mark Paid/ })).toBeNull();
    expect(screen.getByText('Payment not verified')).toBeTruthy();
    cleanup();
    renderOnAdminScreen(<div>{action.cell(adminOrderRow({ status: 'awaiting_payment', paymentBeingVerified: true, canMarkPaid: false }))}</div>);
    expect(screen.getByText('Payment being verified')).toBeTruthy();
  });
});
