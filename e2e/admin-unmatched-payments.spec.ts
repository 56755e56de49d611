// A buyer pays the Paybill with a mistyped account number: M-Pesa confirms the money, no order
// takes it, and it waits on the admin's "Unmatched payments" tab. On a 360 px phone the admin
// attaches it to the order it was meant for (the order is paid, verified by that admin) and
// records the refund of another; each is sent once and each card leaves the list.
import { randomUUID } from 'node:crypto';
import { expect, test } from './kit/test.ts';
import { openAdminDashboard, smallTapTargets } from './admin-page.ts';
import { expectNoHorizontalScroll } from './order-screens.ts';
import { payPaybill, receiptAsSellerSeesIt } from './daraja-sim.ts';
import { newSeller, pricedOrder } from './kit/seed.ts';
import { uniqueId } from '@escrow/test-kit';

test.use({ viewport: { width: 360, height: 740 } });

test('admin: an unmatched Paybill payment is attached to its order, another is refunded', async ({ admin: page, consoleGuard }) => {
  test.setTimeout(120_000);
  const seller = await newSeller(`Duka ${uniqueId('s')}`);
  const order = await seller.createOrder(pricedOrder({ priceKsh: '2400', deliveryKsh: '200' }));
  // One character wrong in the account number, and a payment to an account that means nothing.
  const mistyped = `${order.trackingNumber.slice(0, -1)}${order.trackingNumber.endsWith('Q') ? 'W' : 'Q'}`;
  const attachable = await payPaybill({ trackingNumber: mistyped, price: order.price });
  const stray = await payPaybill({ trackingNumber: `X${randomUUID().slice(0, 8).toUpperCase()}`, price: 50_000 });

  // The wrong tracking number and the wrong reference are answered 400 on purpose.
  consoleGuard.expectHttpError(`/api/admin/payments/unmatched/${attachable}/attach`, 400);
  await openAdminDashboard(page);
  await page.getByRole('tab', { name: 'Unmatched payments' }).click();
  await expect(page.getByRole('heading', { name: 'Unmatched payments' })).toBeVisible();
  const card = page.getByRole('article', { name: `Unmatched payment ${attachable}` });
  await expect(card).toContainText(mistyped);
  await expect(card).toContainText('KSh 2,400.00');
  await expectNoHorizontalScroll(page);
  expect(await smallTapTargets(page)).toEqual([]);

  // Attach: a wrong tracking number is refused in words, nothing moves; the right one pays the order.
  await card.getByRole('button', { name: `Attach to order: payment ${attachable}` }).click();
  const attach = page.getByRole('dialog', { name: 'Attach this payment to an order' });
  await attach.getByLabel('Tracking number of the order').fill('NOSUCHTRACK');
  await attach.getByRole('button', { name: 'Attach Payment' }).click();
  await expect(attach.getByRole('alert')).toHaveText('No order has this tracking number');
  await attach.getByLabel('Tracking number of the order').fill(order.trackingNumber.toLowerCase());
  await attach.getByRole('button', { name: 'Attach Payment' }).dblclick();
  await expect(page.getByText('Payment attached. The order is paid.')).toBeVisible();
  await expect(attach).toBeHidden();
  await expect(card).toBeHidden();

  const paid = await (await seller.api.get(`/api/seller/orders/${order.id}`)).json();
  const view = paid.data.order ?? paid.data;
  expect(view).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: receiptAsSellerSeesIt(attachable) });

  // Refund the stray payment: the reference is checked first, then recorded once.
  const strayCard = page.getByRole('article', { name: `Unmatched payment ${stray}` });
  await strayCard.getByRole('button', { name: `Record refund: payment ${stray}` }).click();
  const refund = page.getByRole('dialog', { name: 'Record the refund of this payment' });
  await refund.getByLabel('M-Pesa reference of the refund').fill('abc');
  await refund.getByRole('button', { name: 'Record Refund' }).click();
  await expect(refund.getByRole('alert')).toHaveText('Enter the 10-character M-Pesa reference of the refund');
  await refund.getByLabel('M-Pesa reference of the refund').fill(`RF${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`);
  await refund.getByRole('button', { name: 'Record Refund' }).click();
  await expect(page.getByText('Refund recorded for this payment.')).toBeVisible();
  await expect(strayCard).toBeHidden();
});
