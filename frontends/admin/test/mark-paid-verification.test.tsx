// @vitest-environment happy-dom
import { catalogue } from '@escrow/core/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkPaidDialog } from '../src/features/orders/mark-paid-dialog.tsx';
import { verifiedByLabel } from '../src/features/orders/payment-verification.tsx';
import { adminText } from '../src/i18n/use-admin-t.ts';
import { ResolveRefundDialog } from '../src/features/refunds/resolve-refund-dialog.tsx';
import {
  adminOrderDetail,
  adminOrderRow,
  failure,
  fakeAdminApiPerTest,
  ok,
  ORDER_PATH,
  refundRequest,
  renderOnAdminScreen,
  SETTLEMENT_PATH,
} from './fake-admin-api.tsx';

const fake = fakeAdminApiPerTest();

/** Opens the Mark Paid dialog of the order's row and waits for the payment's lines. */
async function openMarkPaid() {
  const view = renderOnAdminScreen(<MarkPaidDialog order={adminOrderRow()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Mark Paid: Samsung Galaxy A15 (TRK9D3F7J1)' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark Paid' });
  await waitFor(() => expect(within(dialog).queryByText('Checking the payment…')).toBeNull());
  return { dialog, ...view };
}

/** The value next to the label `term` in the dialog's detail list. */
function valueOf(dialog: HTMLElement, term: string) {
  const label = within(dialog).getByText(term, { selector: 'dt' });
  return label.nextElementSibling?.textContent;
}

const submitButton = (dialog: HTMLElement) => within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Mark Paid' });

describe('Mark Paid shows how the payment was verified', () => {
  it.each([
    ['stk_query', 'M-Pesa prompt, confirmed by STK Query'],
    ['c2b_confirmation', 'Paybill, confirmed by M-Pesa'],
    ['transaction_status', 'Receipt the buyer typed, confirmed by a Transaction Status query'],
    ['admin:3f0c1a2b-0000-4000-8000-0000000000ad', 'Attached by an admin'],
    [null, 'Not verified'],
  ] as const)('verified by %s reads "%s"', (verifiedBy, label) => {
    expect(verifiedByLabel(adminText, verifiedBy)).toBe(label);
  });

  it('a verified payment: the receipt, what verified it, and Mark Paid offered', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail({ paymentVerifiedBy: 'stk_query' })));
    const { dialog } = await openMarkPaid();

    expect(valueOf(dialog, 'Payment')).toBe('Verified with M-Pesa');
    expect(valueOf(dialog, 'M-Pesa receipt')).toBe('QRS1TU2VW3');
    expect(valueOf(dialog, 'Verified by')).toBe('M-Pesa prompt, confirmed by STK Query');
    // Received exactly the price: no extra line.
    expect(within(dialog).queryByText('Amount received')).toBeNull();
    expect(submitButton(dialog).disabled).toBe(false);
    expect(within(dialog).queryByText(catalogue.errors.paymentUnverified)).toBeNull();
  });

  it('shows the amount received when it is not the price', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail({ paymentReceived: 2_600_000 })));
    const { dialog } = await openMarkPaid();
    expect(valueOf(dialog, 'Amount received')).toBe('KSh 26,000.00 (the price is KSh 25,000.00)');
  });

  it('an order paid on a typed receipt never verified: says why Mark Paid cannot go through, and offers no button to press', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail({ mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: null, paymentReceived: null, paymentClaimReceipt: null, canMarkPaid: false })));
    const { dialog } = await openMarkPaid();

    expect(valueOf(dialog, 'Payment')).toBe('Paid on a typed receipt, never verified with M-Pesa');
    expect(valueOf(dialog, 'Verified by')).toBe('Not verified');
    expect(within(dialog).getByText(catalogue.errors.paymentUnverified)).toBeTruthy();
    expect(submitButton(dialog).disabled).toBe(true);
    fireEvent.submit(submitButton(dialog).closest('form') as HTMLFormElement);
    expect(fake().sent('POST', SETTLEMENT_PATH)).toHaveLength(0);
  });

  it('a receipt the buyer typed that M-Pesa has not confirmed: shown as being verified', async () => {
    const check = 'M-Pesa has no payment with receipt NLJ7RT61SV to our shortcode 174379 (Transaction Status 2032: The transaction receipt number does not exist.). (query 1, 2026-01-01 12:02 EAT)';
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail({ paymentConfirmed: false, mpesaReceipt: null, paymentVerifiedBy: null, paymentReceived: null, paymentBeingVerified: true, paymentClaimReceipt: 'NLJ7RT61SV', paymentClaimCheck: check, canMarkPaid: false })));
    const { dialog } = await openMarkPaid();

    expect(valueOf(dialog, 'Payment')).toBe('Being verified: the buyer typed a receipt M-Pesa has not confirmed');
    expect(valueOf(dialog, 'M-Pesa receipt')).toBe('None yet');
    expect(valueOf(dialog, 'Receipt the buyer typed')).toBe('NLJ7RT61SV (not confirmed by M-Pesa)');
    expect(valueOf(dialog, 'M-Pesa check')).toBe(check);
    expect(valueOf(dialog, 'Verified by')).toBe('Not verified');
    expect(submitButton(dialog).disabled).toBe(true);
  });

  it('shows the server’s PAYMENT_UNVERIFIED refusal in its own words, and stays open', async () => {
    // The order could not be read first: Mark Paid is sent, and the server decides.
    fake().on('GET', ORDER_PATH, failure(500, 'INTERNAL', 'Something went wrong'));
    fake().on('POST', SETTLEMENT_PATH, failure(409, 'PAYMENT_UNVERIFIED', catalogue.errors.paymentUnverified));
    const { dialog, screen: adminScreen } = await openMarkPaid();
    expect(valueOf(dialog, 'Payment')).toBe('Could not check the payment. Mark Paid still checks it.');

    fireEvent.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(catalogue.errors.paymentUnverified);
    expect(fake().sent('POST', SETTLEMENT_PATH)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Mark Paid' })).toBeTruthy();
    expect(adminScreen.refresh).toHaveBeenCalled();
  });

  it('shows any other server message too', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail()));
    fake().on('POST', SETTLEMENT_PATH, failure(409, 'SETTLEMENT_ALREADY_PAID', 'This order has already been settled'));
    const { dialog } = await openMarkPaid();
    fireEvent.click(submitButton(dialog));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This order has already been settled');
  });

  it('a cash order has no M-Pesa payment to verify', async () => {
    fake().on('GET', ORDER_PATH, ok(adminOrderDetail({ paymentMethod: 'cash', paymentConfirmed: false, mpesaReceipt: null, paymentVerifiedBy: null, paymentReceived: null })));
    const { dialog } = await openMarkPaid();
    expect(valueOf(dialog, 'Payment')).toBe('Cash on delivery (no M-Pesa payment)');
    expect(within(dialog).queryByText('Verified by')).toBeNull();
    expect(submitButton(dialog).disabled).toBe(false);
  });
});

describe('Refunding shows how the payment was verified', () => {
  it('refuses up front to refund a payment never verified, and still lets the request be rejected', async () => {
    const order = adminOrderDetail({ status: 'paid', mpesaReceipt: 'NLJ7RT61SV', paymentVerifiedBy: null, paymentReceived: null });
    renderOnAdminScreen(
      <>
        <ResolveRefundDialog request={refundRequest(order)} decision="refund" />
        <ResolveRefundDialog request={refundRequest(order)} decision="reject" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund: Samsung Galaxy A15 (TRK9D3F7J1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer' });
    expect(valueOf(dialog, 'Price')).toBe('KSh 25,000.00');
    expect(within(dialog).queryByText('Paid into escrow')).toBeNull();
    expect(valueOf(dialog, 'Verified by')).toBe('Not verified');
    expect(within(dialog).getByText(catalogue.errors.paymentUnverified)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Record Refund' }).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Reject: Samsung Galaxy A15 (TRK9D3F7J1)' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject the refund request' });
    expect(within(reject).getByRole<HTMLButtonElement>('button', { name: 'Reject Request' }).disabled).toBe(false);
    expect(within(reject).queryByText(catalogue.errors.paymentUnverified)).toBeNull();
  });

  it('a verified payment: paid into escrow, its receipt and what verified it', async () => {
    renderOnAdminScreen(<ResolveRefundDialog request={refundRequest(adminOrderDetail({ status: 'paid' }))} decision="refund" />);
    fireEvent.click(screen.getByRole('button', { name: 'Refund: Samsung Galaxy A15 (TRK9D3F7J1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer' });
    expect(valueOf(dialog, 'Paid into escrow')).toBe('KSh 25,000.00');
    expect(valueOf(dialog, 'Verified by')).toBe('Paybill, confirmed by M-Pesa');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Record Refund' }).disabled).toBe(false);
  });
});
