// One M-Pesa transaction is one payout or refund (decision 0050): the admin screen refuses a
// reference already recorded for another refund or payout, or one that is a buyer's payment
// receipt, in the server's words, in the open dialog, and nothing changes until a right one is typed.
// Payouts go by M-Pesa in these tests (MPESA_PAYOUTS=approval), so a payout paid by hand is
// recorded on the payout ('Record M-Pesa reference'), where Mark Paid took the reference before.
import { randomUUID } from 'node:crypto';
import { expect, test } from './kit/test.ts';
import { findOrder, openAdminDashboard } from './admin-page.ts';
import { newSeller, payOrder, pricedOrder, requestRefund, seedDeliveredOrder } from './kit/seed.ts';
import { uniqueId } from '@escrow/test-kit';

const USED = 'This M-Pesa reference is already recorded for another payout or refund. Check the reference in the M-Pesa message and enter it again.';
const PAYMENT = "This M-Pesa reference is a buyer's payment into an order, not a payout or refund. Enter the reference of the money you sent.";
const reference = (): string => `R${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;

test('a reference already used for a refund is refused for another refund and for a payout paid by hand, in any case; a payment receipt too', async ({ admin: page, consoleGuard }) => {
  test.setTimeout(120_000);
  const seller = await newSeller(`Duka ${uniqueId('s')}`);
  const first = await seller.createOrder(pricedOrder({ priceKsh: '3000', deliveryKsh: '200' }));
  const second = await seller.createOrder(pricedOrder({ priceKsh: '3500', deliveryKsh: '200' }));
  await payOrder(first);
  const secondReceipt = await payOrder(second);
  await requestRefund(first, 'Never arrived');
  await requestRefund(second, 'Wrong colour');
  const delivered = await seedDeliveredOrder(seller, pricedOrder({ priceKsh: '5000', deliveryKsh: '250' }));

  // The refusals below are 409s the page asks for on purpose (Chromium logs each as a console error).
  const listed = (await (await page.request.get('/api/admin/refund-requests')).json()) as { data: { refundRequests: { id: string; order: { trackingNumber: string } }[] } };
  const secondRequest = listed.data.refundRequests.find((r) => r.order.trackingNumber === second.trackingNumber);
  expect(secondRequest).toBeDefined();
  consoleGuard.expectHttpError(`/api/admin/refund-requests/${secondRequest?.id ?? ''}/resolve`, 409);
  const payouts = (await (await page.request.get(`/api/admin/orders/${delivered.id}/payouts`)).json()) as { data: { payouts: { id: string; purpose: string }[] } };
  const sellerPayout = payouts.data.payouts.find((p) => p.purpose === 'seller');
  expect(sellerPayout).toBeDefined();
  consoleGuard.expectHttpError(`/api/admin/payouts/${sellerPayout?.id ?? ''}/reference`, 409);
  await openAdminDashboard(page);
  const used = reference();
  const refundWith = async (itemName: string, typed: string) => {
    const dialog = page.getByRole('dialog', { name: 'Refund the buyer' });
    if (!(await dialog.isVisible())) await page.getByRole('article', { name: `Refund request: ${itemName}` }).getByRole('button', { name: /^Refund/ }).click();
    await dialog.getByLabel('M-Pesa reference of the refund').fill(typed);
    await dialog.getByRole('button', { name: 'Record Refund' }).click();
    return dialog;
  };

  await refundWith(first.itemName, used.toLowerCase());
  await expect(page.getByText('Refund recorded. The order is cancelled.')).toBeVisible();

  // The same reference for the second refund: refused in words, the dialog stays open, the request stays.
  let dialog = await refundWith(second.itemName, used);
  await expect(dialog.getByRole('alert')).toHaveText(USED);
  await expect(dialog).toBeVisible();
  // The buyer's own payment receipt is not a refund's reference either.
  dialog = await refundWith(second.itemName, secondReceipt.toLowerCase());
  await expect(dialog.getByRole('alert')).toHaveText(PAYMENT);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: `Refund request: ${second.itemName}` })).toBeVisible();
  const fresh = reference();
  dialog = await refundWith(second.itemName, fresh);
  await expect(page.getByText('Refund recorded. The order is cancelled.').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The seller's payout paid by hand, recorded with the first refund's reference: refused the same
  // way; then its own reference settles the order.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = await findOrder(page, delivered.trackingNumber);
  await row.getByRole('button', { name: /^Payouts:/ }).click();
  const payoutsDialog = page.getByRole('dialog', { name: 'Payouts' });
  await payoutsDialog.getByRole('button', { name: 'Record M-Pesa reference: Seller payout' }).click();
  const record = page.getByRole('dialog', { name: 'Record M-Pesa reference' });
  await record.getByLabel('M-Pesa reference of the payout').fill(` ${used.toLowerCase()} `);
  await record.getByRole('button', { name: 'Record reference' }).click();
  await expect(record.getByRole('alert')).toHaveText(USED);
  await record.getByLabel('M-Pesa reference of the payout').fill(reference());
  await record.getByRole('button', { name: 'Record reference' }).click();
  await expect(page.getByText('M-Pesa reference recorded. The payout is marked as paid by hand.')).toBeVisible();
  await expect(record).toBeHidden();
  await expect(payoutsDialog.getByRole('article', { name: 'Seller payout' }).locator('.admin-payout-state')).toHaveText('Paid by hand');
  await payoutsDialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Settlement Paid');
  await seller.api.dispose();
});
