// The admin's other work: the Paybill buyers pay into, contact messages, refund requests.
import { randomUUID } from 'node:crypto';
import { expect, test } from './kit/test.ts';
import { openAdminDashboard } from './admin-page.ts';
import { newSeller, payOrder, pricedOrder, requestRefund, sendContactMessage } from './kit/seed.ts';
import { uniqueId } from '@escrow/test-kit';

test.describe('admin: settings, contacts and refunds', () => {
  test('payment information: read-only until Edit, Cancel restores the saved values, Save and the dialog update it', async ({ admin: page }) => {
    await openAdminDashboard(page);
    await page.getByRole('tab', { name: 'Admin' }).click();
    const card = page.getByRole('region', { name: 'Payment Information' });
    const business = card.getByLabel('Paybill business number');
    const account = card.getByLabel('Account number');
    const name = card.getByLabel('Account name');
    await expect(business).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Admin Management' })).toContainText('escrow-admin grant-admin EMAIL');

    // Set known values through the dialog first (the header's Payment Config).
    await page.getByRole('button', { name: 'Payment Config' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Configuration' });
    await expect(dialog).toContainText('shown to all buyers when they confirm their orders');
    await dialog.getByLabel('Paybill business number').fill('');
    await dialog.getByRole('button', { name: 'Update Payment Configuration' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all payment information');
    await dialog.getByLabel('Paybill business number').fill('247247');
    await dialog.getByLabel('Account number').fill('ESCROW');
    await dialog.getByLabel('Account name').fill('Escrow Delivery Ltd');
    await dialog.getByRole('button', { name: 'Update Payment Configuration' }).click();
    await expect(page.getByText('Payment configuration updated successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The Admin tab reads the saved values again.
    await expect(business).toHaveValue('247247');
    await expect(name).toHaveValue('Escrow Delivery Ltd');

    // Edit, then Cancel: the typed values give way to the saved ones.
    await card.getByRole('button', { name: 'Edit Payment Info' }).click();
    await expect(business).toBeEnabled();
    await account.fill('');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please fill in all payment information');
    await account.fill('TYPED-NOT-SAVED');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(account).toHaveValue('ESCROW');
    await expect(account).toBeDisabled();

    // Edit and Save.
    await card.getByRole('button', { name: 'Edit Payment Info' }).click();
    await business.fill('522533');
    await name.fill('Escrow Trust Account');
    await card.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Payment information updated successfully!')).toBeVisible();
    await expect(business).toBeDisabled();
    await page.reload();
    await page.getByRole('tab', { name: 'Admin' }).click();
    await expect(page.getByRole('region', { name: 'Payment Information' }).getByLabel('Paybill business number')).toHaveValue('522533');
    await expect(page.getByRole('region', { name: 'Payment Information' }).getByLabel('Account name')).toHaveValue('Escrow Trust Account');
  });

  test('a contact message is marked resolved and shown dimmed with a Resolved badge', async ({ admin: page }) => {
    const name = `Wanjiku ${uniqueId('contact')}`;
    await sendContactMessage(name, 'My order has not arrived yet. Please help.');
    await openAdminDashboard(page);
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByLabel('Show').selectOption('open');
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('My order has not arrived yet. Please help.');
    await expect(card).toContainText('0722000111');
    await card.getByRole('button', { name: /^Mark Resolved/ }).click();
    await expect(page.getByText('Contact marked as resolved')).toBeVisible();
    await page.getByLabel('Show').selectOption('resolved');
    const resolved = page.getByRole('article', { name });
    await expect(resolved.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(resolved.getByRole('button', { name: /^Mark Resolved/ })).toHaveCount(0);
  });

  test('a refund request is listed with the buyer reason and refunded with the M-Pesa reference', async ({ admin: page }) => {
    const seller = await newSeller(`Duka ${uniqueId('s')}`);
    const order = await seller.createOrder(pricedOrder({ priceKsh: '4500', deliveryKsh: '200' }));
    await payOrder(order);
    const reason = `The seller stopped answering (${uniqueId('reason')})`;
    await requestRefund(order, reason);

    await openAdminDashboard(page);
    const request = page.getByRole('article', { name: `Refund request: ${order.itemName}` });
    await expect(request).toContainText(reason);
    await expect(request).toContainText(order.buyerName);
    await request.getByRole('button', { name: /^Refund/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund the buyer' });
    await dialog.getByLabel('M-Pesa reference of the refund').fill('short');
    await dialog.getByRole('button', { name: 'Record Refund' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter the 10-character M-Pesa reference of the refund');
    // Each refund its own reference (decision 0050), typed in lower case as an admin might.
    const mpesaReference = `RF${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
    await dialog.getByLabel('M-Pesa reference of the refund').fill(mpesaReference.toLowerCase());
    await dialog.getByRole('button', { name: 'Record Refund' }).click();
    await expect(page.getByText('Refund recorded. The order is cancelled.')).toBeVisible();
    await expect(request).toHaveCount(0);

    await page.getByLabel('Show').selectOption('refunded');
    const refunded = page.getByRole('article', { name: `Refund request: ${order.itemName}` });
    await expect(refunded).toContainText(mpesaReference);
    await expect(refunded).toContainText('cancelled');
    await seller.api.dispose();
  });
});
