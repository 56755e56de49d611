import { test } from './kit/test.ts';
import { payOrder, PNG, riderHeaders } from './kit/seed.ts';
import { addRider, createOrder, sellerOrder, signedInSeller } from './kit/page-session.ts';
import { expect } from './seller-support.ts';
import { freshPhone, viewKeyOf } from '@escrow/test-kit';

// Long journeys through a real server on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.describe('order detail: the seller', () => {
  test('assigns, changes and removes the rider; the old rider link stops working', async ({ page, request }) => {
    await signedInSeller(page, 'Assign Rider Shop');
    const kamau = await addRider(page, 'Kamau Njoroge');
    await addRider(page, 'Wafula Simiyu');
    const order = await createOrder(page, { itemName: 'HP EliteBook 840' });
    await payOrder(order);

    await page.goto(`/order/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'HP EliteBook 840' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
    await expect(page.getByText('Paid - assign a rider')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '25');
    await expect(page.getByText('25% complete')).toBeVisible();
    // Full details for the seller: the buyer's phone and address.
    await expect(page.getByRole('link', { name: '+254722000111' })).toHaveAttribute('href', 'tel:+254722000111');
    await expect(page.getByText('Kileleshwa, Othaya Road, Flat 3B')).toBeVisible();

    const panel = page.getByRole('region', { name: 'Assign a rider' });
    await expect(panel).toContainText('Assign a rider to proceed');
    await panel.getByRole('button', { name: 'Assign Rider' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Please select or add a rider');

    await panel.getByLabel('Choose one of your riders').selectOption({ label: `Kamau Njoroge (${kamau.phone.replace(/^0/, '+254')}, KMDA 123A)` });
    await panel.getByRole('button', { name: 'Assign Rider' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Rider assigned. Send the rider link to your rider.' }).first()).toBeVisible();
    const riderPanel = page.getByRole('region', { name: 'Rider', exact: true });
    await expect(riderPanel).toContainText('Kamau Njoroge');
    await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '50');
    const firstLink = await page.getByLabel('Rider link').inputValue();
    expect(firstLink).toContain(`/rider/${order.id}?phone=`);

    // Change to a new rider typed in: a bad phone is refused, then the change goes through.
    await riderPanel.getByLabel('New rider name').fill('Chebet Rono');
    await riderPanel.getByLabel('New rider phone').fill('12345');
    await riderPanel.getByRole('button', { name: 'Change Rider' }).click();
    await expect(riderPanel.getByRole('alert')).toHaveText('Enter a Kenyan phone number such as 0712345678');
    const chebet = freshPhone().local;
    await riderPanel.getByLabel('New rider phone').fill(chebet);
    await riderPanel.getByRole('button', { name: 'Change Rider' }).click();
    await expect(riderPanel).toContainText('Chebet Rono');
    await expect(riderPanel.getByRole('link', { name: chebet.replace(/^0/, '+254') })).toBeVisible();
    const secondLink = await page.getByLabel('Rider link').inputValue();
    expect(secondLink).not.toBe(firstLink);
    // The first rider's link no longer opens the job; the new one does.
    expect((await request.get(`/api/rider/orders/${order.id}`, { headers: riderHeaders(firstLink) })).status()).toBe(404);
    expect((await request.get(`/api/rider/orders/${order.id}`, { headers: riderHeaders(secondLink) })).status()).toBe(200);

    await riderPanel.getByRole('button', { name: 'Remove Rider' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Rider removed' }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Assign a rider' })).toBeVisible();
    await expect(page.getByText('Paid - assign a rider')).toBeVisible();
    await expect(page.getByLabel('Rider link')).toHaveCount(0);
    expect((await request.get(`/api/rider/orders/${order.id}`, { headers: riderHeaders(secondLink) })).status()).toBe(404);
    expect((await sellerOrder(page, order.id)).status).toBe('paid');
  });

  test("failures say 'Failed to assign rider', 'Failed to add new rider' and 'Failed to remove rider'", async ({ page, consoleGuard }) => {
    await signedInSeller(page, 'Failing Assign Shop');
    await addRider(page, 'Mwangi');
    const order = await createOrder(page, { itemName: 'Failing order' });
    await payOrder(order);
    const path = `/api/seller/orders/${order.id}/rider`;
    // A server fault (500): the spec's own failure texts. A 503 says the service is briefly unavailable (service-unavailable.spec.ts).
    consoleGuard.expectHttpError(path, 500);
    await page.goto(`/order/${order.id}`);
    const panel = page.getByRole('region', { name: 'Assign a rider' });
    await expect(panel.getByLabel('Choose one of your riders')).toBeEnabled();

    let failing = true;
    await page.route(`**${path}`, (route) => (failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue()));
    await panel.getByLabel('Choose one of your riders').selectOption({ index: 1 });
    await panel.getByRole('button', { name: 'Assign Rider' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Failed to assign rider');

    await panel.getByLabel('Choose one of your riders').selectOption({ index: 0 });
    await panel.getByLabel('New rider name').fill('Akinyi');
    await panel.getByLabel('New rider phone').fill(freshPhone().local);
    await panel.getByRole('button', { name: 'Assign Rider' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Failed to add new rider');

    failing = false;
    await panel.getByRole('button', { name: 'Assign Rider' }).click();
    const riderPanel = page.getByRole('region', { name: 'Rider', exact: true });
    await expect(riderPanel).toContainText('Akinyi');
    failing = true;
    await riderPanel.getByRole('button', { name: 'Remove Rider' }).click();
    await expect(riderPanel.getByRole('alert')).toHaveText('Failed to remove rider');
    await expect(riderPanel).toContainText('Akinyi');
  });

  test('sees the buyer pay live, and unlocks the delivery code after 5 wrong codes', async ({ page, request }) => {
    await signedInSeller(page, 'Live Order Shop');
    const order = await createOrder(page, { itemName: 'Nikon Z50' });
    await page.goto(`/order/${order.id}`);
    await expect(page.getByText('Awaiting payment')).toBeVisible();
    await expect(page.getByText('0% complete')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Assign a rider' })).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    await payOrder(order);
    await expect(page.getByText('25% complete')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Assign a rider' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // The rider takes it to the door, where 5 wrong codes lock code entry.
    await page.getByRole('region', { name: 'Assign a rider' }).getByLabel('New rider name').fill('Odhiambo');
    await page.getByRole('region', { name: 'Assign a rider' }).getByLabel('New rider phone').fill(freshPhone().local);
    await page.getByRole('button', { name: 'Assign Rider' }).click();
    await expect(page.getByText('50% complete')).toBeVisible();
    const rider = riderHeaders(await page.getByLabel('Rider link').inputValue());
    expect((await request.post(`/api/rider/orders/${order.id}/accept`, { headers: rider })).status()).toBe(200);
    const pickup = await request.post(`/api/rider/orders/${order.id}/pickup`, { headers: rider, multipart: { photo: { name: 'pickup.png', mimeType: 'image/png', buffer: PNG } } });
    expect(pickup.status(), await pickup.text()).toBe(200);
    await expect(page.getByText('75% complete')).toBeVisible();
    const wrong = order.deliveryCode === '100000' ? '100001' : '100000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await request.post(`/api/rider/orders/${order.id}/complete`, { headers: rider, data: { deliveryCode: wrong } });
      expect(reply.status()).toBeGreaterThanOrEqual(400);
    }
    const locked = page.getByRole('region', { name: 'Delivery code locked' });
    await page.reload();
    await expect(locked).toBeVisible();
    await locked.getByRole('button', { name: 'Unlock code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery code entry unlocked' }).first()).toBeVisible();
    await expect(locked).toHaveCount(0);
    // The rider can now finish with the right code; the page follows live.
    const done = await request.post(`/api/rider/orders/${order.id}/complete`, { headers: rider, data: { deliveryCode: order.deliveryCode } });
    expect(done.status(), await done.text()).toBe(200);
    await expect(page.getByText('100% complete')).toBeVisible();
    await expect(page.getByText('Delivered - awaiting settlement')).toBeVisible();
  });
});

test.describe('order detail: everyone else', () => {
  test('a visitor without a session sees tracking only: no buyer details, no money, no code', async ({ browser, page }) => {
    await signedInSeller(page, 'Public View Shop');
    const order = await createOrder(page, { itemName: 'Canon EOS R10' });
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/order/${order.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Canon EOS R10' })).toBeVisible();
    await expect(visitor.getByText('Waiting for Payment')).toBeVisible();
    await expect(visitor.getByText('0% complete')).toBeVisible();
    const text = (await visitor.content()) + (await visitor.locator('body').innerText());
    for (const secret of [order.buyerName, order.buyerPhone, '0722', order.buyerAddress, viewKeyOf(order.links.buyer), order.trackingNumber, 'KSh']) expect(text).not.toContain(secret);
    await expect(visitor.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: /Assign|Remove/ })).toHaveCount(0);
    await expect(visitor.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);

    // It follows the order by itself (re-read every 20 seconds).
    await payOrder(order);
    await expect(visitor.getByText('Payment Confirmed - Assigning Rider')).toBeVisible({ timeout: 25_000 });
    await expect(visitor.getByText('25% complete')).toBeVisible();
    await visitor.context().close();
  });

  test('the delivery-code card shows the code this browser holds, once payment is confirmed; never the link\'s view key', async ({ browser, page }) => {
    await signedInSeller(page, 'Code Card Shop');
    const order = await createOrder(page, { itemName: 'Apple Watch SE' });
    // A browser that opened the shared link holds its view key: no card, before or after payment.
    const linkOnly = await browser.newContext();
    await linkOnly.addInitScript(([id, key]) => localStorage.setItem(`delivery-code:${id}`, JSON.stringify(key)), [order.id, viewKeyOf(order.links.buyer)]);
    const viewer = await linkOnly.newPage();
    await viewer.goto(`/order/${order.id}`);
    await expect(viewer.getByText('Waiting for Payment')).toBeVisible();
    await expect(viewer.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);

    await payOrder(order);
    await viewer.reload();
    await expect(viewer.getByText('Payment Confirmed - Assigning Rider')).toBeVisible();
    await expect(viewer.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);
    await linkOnly.close();

    // The payer's browser, which opened the link with the code from the payment SMS.
    const context = await browser.newContext();
    // What the buyer page keeps from the buyer link (frontends/ui/src/order/delivery-code-key.ts).
    await context.addInitScript(([id, code]) => localStorage.setItem(`delivery-code:${id}`, JSON.stringify(code)), [order.id, order.deliveryCode ?? '']);
    const buyer = await context.newPage();
    await buyer.goto(`/order/${order.id}`);
    const card = buyer.getByRole('region', { name: 'Your delivery code' });
    await expect(card).toContainText(order.deliveryCode ?? '-');
    await context.close();

    // A visitor without the code sees no card, and the page never asked the server for it.
    const other = await (await browser.newContext()).newPage();
    await other.goto(`/order/${order.id}`);
    await expect(other.getByText('Payment Confirmed - Assigning Rider')).toBeVisible();
    await expect(other.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);
    expect(await other.content()).not.toContain(order.deliveryCode ?? '-');
    await other.context().close();
  });

  test("another seller sees tracking only, and a missing order says 'Order not found' with a way home", async ({ browser, page, consoleGuard }) => {
    await signedInSeller(page, 'Owner Shop');
    const order = await createOrder(page, { itemName: 'Dell XPS 13' });
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signedInSeller(other, 'Nosy Shop');
    // Another seller's order is answered like a missing one, then the public view is shown.
    await other.goto(`/order/${order.id}`);
    await expect(other.getByRole('heading', { level: 1, name: 'Dell XPS 13' })).toBeVisible();
    await expect(other.getByText('Waiting for Payment')).toBeVisible();
    expect(await other.content()).not.toContain(order.buyerName);
    await otherContext.close();

    const missing = 'no-such-order-4d2c';
    consoleGuard.expectHttpError(`/api/seller/orders/${missing}`, 404);
    consoleGuard.expectHttpError(`/api/public/orders/${missing}`, 404);
    await page.goto(`/order/${missing}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');
  });
});
