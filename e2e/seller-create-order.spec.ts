import type { Page } from '@playwright/test';
import { test } from './kit/test.ts';
import { PNG } from './kit/seed.ts';
import { expect, ksh } from './seller-support.ts';
import { sellerOrder, signedInSeller } from './kit/page-session.ts';

/** The value beside a label in the fee preview. */
const previewValue = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Fee and payouts' }).getByRole('term').filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

// Long journeys through a real server on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.describe('create order', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the form checks the shared rules, previews the fee as the server computes it, and the result screen gives working links', async ({ page, baseURL }) => {
    await signedInSeller(page, 'Amani Phones');
    await page.goto('/seller/dashboard');
    await page.getByRole('link', { name: 'Create Order' }).click();
    await expect(page).toHaveURL('/seller/create-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Create order' })).toBeVisible();

    // The first failing rule of the shared schema, in field order.
    const create = page.getByRole('button', { name: 'Create Order' });
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Item name is required');
    await page.getByLabel('Item name').fill('iPhone 13, 128 GB');
    await page.getByLabel('Price (KSh)').fill('1499.99');
    await page.getByLabel('Buyer name').fill('Achieng Odhiambo');
    await page.getByLabel('Buyer phone').fill('0722 000 111');
    await page.getByLabel('Delivery address').fill('Kileleshwa, Othaya Road, Flat 3B');
    await page.getByLabel('Pin location link').fill('near the mosque');
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Pin location must be a link starting with http:// or https://');
    await page.getByLabel('Pin location link').fill('https://maps.example.com/p/kileleshwa');
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Delivery cost is required');

    // The preview: 2.5% of 1,499.99 is 37.49975, half-up 37.50.
    await page.getByLabel('Delivery cost (KSh)').fill('250.50');
    await expect(previewValue(page, 'Service fee (2.5%)')).toHaveText('- KSh 37.50');
    await expect(previewValue(page, 'You receive')).toHaveText('KSh 1,462.49');
    await expect(previewValue(page, 'Rider receives (from the buyer at the door)')).toHaveText('KSh 250.50');

    // Seller pays delivery: it comes out of the payout; too much of it is refused before sending.
    await page.getByLabel(/^Me/).check();
    await expect(previewValue(page, 'Delivery, paid by you')).toHaveText('- KSh 250.50');
    await expect(previewValue(page, 'You receive')).toHaveText('KSh 1,211.99');
    await page.getByLabel('Delivery cost (KSh)').fill('1462.50');
    const refusal = 'The delivery cost cannot be more than the price minus the service fee, because the seller pays delivery from the proceeds';
    await expect(page.getByRole('region', { name: 'Fee and payouts' })).toContainText(refusal);
    await create.click();
    await expect(page.getByRole('alert')).toHaveText(refusal);
    await page.getByLabel('Delivery cost (KSh)').fill('250.50');

    // Cash needs the amount the rider collects.
    await page.getByLabel(/^Cash on delivery/).check();
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('Enter the cash amount the rider collects from the buyer');
    await page.getByLabel(/^M-Pesa, paid before delivery/).check();
    await expect(page.getByLabel('Cash the rider collects (KSh)')).toHaveCount(0);

    await page.getByLabel('Estate').fill('Kileleshwa');
    await page.getByLabel('Product photo').setInputFiles({ name: 'iphone.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Preview of the product photo' })).toBeVisible();
    const shownFee = await previewValue(page, 'Service fee (2.5%)').textContent();
    const shownPayout = await previewValue(page, 'You receive').textContent();
    await create.click();

    // The result screen.
    await expect(page.getByText('Order created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone 13, 128 GB' })).toBeVisible();
    const buyerLink = await page.getByLabel('Buyer link').inputValue();
    const sellerLink = await page.getByLabel('Seller link').inputValue();
    // The link carries the order's view key, never the delivery code (issue 16).
    const match = /\/buyer\/order\/([^?]+)\?code=([A-Za-z0-9_-]{22})$/.exec(buyerLink);
    expect(match, buyerLink).not.toBeNull();
    const orderId = match?.[1] ?? '';
    expect(sellerLink).toBe(`${new URL(baseURL ?? '').origin}/order/${orderId}`);

    // What the server stored is what the preview said.
    const order = await sellerOrder(page, orderId);
    expect({ fee: `- ${ksh(order.serviceFee)}`, payout: ksh(order.sellerPayout) }).toEqual({ fee: shownFee, payout: shownPayout });
    expect(order).toMatchObject({ serviceFee: 3750, sellerPayout: 121199, riderPayout: 25050, deliveryPaidBy: 'seller', paymentMethod: 'mpesa_prepay', estate: 'Kileleshwa', buyerPhone: '+254722000111' });
    expect(order).not.toHaveProperty('deliveryCode');
    await expect(page.getByText(order.trackingNumber, { exact: true })).toBeVisible();

    // The product photo was stored and is served back.
    expect(order.productPhotoUrl).toMatch(/^\/uploads\/order-photos\/products\//);
    const photo = await page.request.get(order.productPhotoUrl ?? '');
    expect(photo.status()).toBe(200);
    expect(Buffer.from(await photo.body()).equals(PNG)).toBe(true);

    // Copy buttons put the links on the clipboard and say so.
    await page.getByRole('button', { name: 'Copy buyer link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Buyer link copied!' }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(buyerLink);
    await page.getByRole('button', { name: 'Copy seller link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Seller link copied!' }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sellerLink);

    // WhatsApp: the buyer's number in international digits, the message carries the buyer link.
    const whatsapp = page.getByRole('link', { name: 'Send via WhatsApp' });
    const href = (await whatsapp.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://wa.me/254722000111');
    expect(url.searchParams.get('text')).toContain(buyerLink);
    expect(url.searchParams.get('text')).toContain('Achieng Odhiambo');
    await expect(whatsapp).toHaveAttribute('target', '_blank');

    // Back to the dashboard: the order is in the recent list and links to its page.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL('/seller/dashboard');
    const row = page.getByRole('link', { name: /iPhone 13, 128 GB/ });
    await expect(row).toHaveAttribute('href', `/order/${orderId}`);
    await expect(row).toContainText(order.trackingNumber);
    await row.click();
    await expect(page).toHaveURL(`/order/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'iPhone 13, 128 GB' })).toBeVisible();
  });

  test("a failure says 'Failed to create order' and keeps what was typed; sending again creates one order", async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/seller/orders', 502);
    await signedInSeller(page, 'Retry Shop');
    await page.goto('/seller/create-order');
    await page.getByLabel('Item name').fill('Retry item');
    await page.getByLabel('Price (KSh)').fill('500');
    await page.getByLabel('Buyer name').fill('Kariuki');
    await page.getByLabel('Buyer phone').fill('0711 222 333');
    await page.getByLabel('Delivery address').fill('Ngara, Nairobi');
    await page.getByLabel('Delivery cost (KSh)').fill('100');

    // The order reaches the server, but its answer is lost on the way back (a proxy's 502).
    const keys: string[] = [];
    let first = true;
    await page.route('**/api/seller/orders', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const response = await route.fetch();
      if (first) {
        first = false;
        await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      } else await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to create order');
    await expect(page.getByLabel('Item name')).toHaveValue('Retry item');

    // The same order sent again carries the same key: the server answers the first one.
    await page.getByRole('button', { name: 'Create Order' }).click();
    await expect(page.getByText('Order created successfully!')).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    const list = await page.request.get('/api/seller/orders');
    expect(((await list.json()) as { data: { total: number } }).data.total).toBe(1);
  });
});
