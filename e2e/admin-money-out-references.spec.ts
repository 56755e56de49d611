// One M-Pesa transaction is one payout or refund (decision 0050): the admin screen refuses a
// reference already recorded for another refund or Mark Paid, or one that is a buyer's payment
// receipt, in the server's words, in the open dialog, and nothing changes until a right one is typed.
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { createOrder, payOrder, requestRefund, seedDeliveredOrder, seedSeller, signInAsNewAdmin } from './admin-seed.ts';
import { findOrder, openAdminDashboard } from './admin-page.ts';

const USED = 'This M-Pesa reference is already recorded for another payout or refund. Check the reference in the M-Pesa message and enter it again.';
const PAYMENT = "This M-Pesa reference is a buyer's payment into an order, not a payout or refund. Enter the reference of the money you sent.";
const reference = (): string => `R${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`;

test('a reference already used for a refund is refused for another refund and for Mark Paid, in any case; a payment receipt too', async ({ page, baseURL, consoleGuard }) => {
  test.setTimeout(120_000);
  const origin = baseURL ?? '';
  const seller = await seedSeller(origin);
  const first = await createOrder(seller, { priceKsh: '3000', deliveryKsh: '200' });
  const second = await createOrder(seller, { priceKsh: '3500', deliveryKsh: '200' });
  await payOrder(origin, first);
  const secondReceipt = await payOrder(origin, second);
  await requestRefund(origin, first, 'Never arrived');
  await requestRefund(origin, second, 'Wrong colour');
  const delivered = await seedDeliveredOrder(origin, seller, { priceKsh: '5000', deliveryKsh: '250' });

  await signInAsNewAdmin(page);
  // The refusals below are 409s the page asks for on purpose (Chromium logs each as a console error).
  const listed = (await (await page.request.get('/api/admin/refund-requests')).json()) as { data: { refundRequests: { id: string; order: { trackingNumber: string } }[] } };
  const secondRequest = listed.data.refundRequests.find((r) => r.order.trackingNumber === second.trackingNumber);
  expect(secondRequest).toBeDefined();
  consoleGuard.expectHttpError(`/api/admin/refund-requests/${secondRequest?.id ?? ''}/resolve`, 409);
  consoleGuard.expectHttpError(`/api/admin/orders/${delivered.id}/settlement`, 409);
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

  // Mark Paid with the first refund's reference: refused the same way; then its own reference settles it.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const row = await findOrder(page, delivered.trackingNumber);
  await row.getByRole('button', { name: /^Mark Paid/ }).click();
  const markPaid = page.getByRole('dialog', { name: 'Mark Paid' });
  await markPaid.getByLabel('Payout reference').fill(` ${used.toLowerCase()} `);
  await markPaid.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(markPaid.getByRole('alert')).toHaveText(USED);
  await markPaid.getByLabel('Payout reference').fill(reference());
  await markPaid.getByRole('button', { name: 'Mark Paid' }).click();
  await expect(page.getByText('Settlement confirmed! Payment marked as sent to seller and rider.')).toBeVisible();
  await expect(row).toContainText('Settlement Paid');
  await seller.api.dispose();
});
