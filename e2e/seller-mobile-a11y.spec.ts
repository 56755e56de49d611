// The seller screens on a 360x740 phone and a wide screen: no sideways scrolling, 44px tap
// targets, and no serious or critical axe-core violations, in their interactive states too.
import type { Page } from '@playwright/test';
import { test } from './kit/test.ts';
import { seriousAxeViolations } from './public-site.ts';
import { expectNoHorizontalScroll } from './order-screens.ts';
import { expect, expectTapTargets, PHONE } from './seller-support.ts';
import { payOrder, PNG } from './kit/seed.ts';
import { addRider, createOrder, signedInSeller } from './kit/page-session.ts';

const DESKTOP = { width: 1280, height: 900 } as const;

async function check(page: Page, what: string, options: { tapTargets?: boolean } = {}) {
  await expectNoHorizontalScroll(page);
  if (options.tapTargets !== false) await expectTapTargets(page);
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

// Long journeys through a real server on a shared machine.
test.describe.configure({ timeout: 90_000 });

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`seller screens at ${viewport.width}px`, () => {
    // axe is evaluated in the page, which the site's CSP (rightly) refuses.
    test.use({ viewport, bypassCSP: true });

    test('dashboard, riders dialog, create order, result screen and order pages', async ({ page, browser }) => {
      await signedInSeller(page, 'Mobile Check Shop', { tour: viewport === DESKTOP });
      await addRider(page, 'Kipchoge');
      const paid = await createOrder(page, { itemName: 'A rather long item name: Samsung Galaxy S24 Ultra 512GB Titanium Black, boxed' });
      await payOrder(paid);

      await page.goto('/seller/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Mobile Check Shop' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Samsung Galaxy S24/ })).toBeVisible();
      if (viewport === DESKTOP) await expect(page.getByText('Step 1 of 4')).toBeVisible();
      await check(page, 'dashboard');

      await page.getByRole('button', { name: 'Manage Riders' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your riders' });
      await expect(dialog.getByText('Kipchoge')).toBeVisible();
      await dialog.getByRole('button', { name: 'Add Rider' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please fill in all fields');
      await check(page, 'riders dialog');
      await page.keyboard.press('Escape');
      if (viewport === DESKTOP) await page.getByRole('button', { name: 'Skip tour' }).click();

      await page.goto('/seller/create-order');
      await expect(page.getByRole('heading', { level: 1, name: 'Create order' })).toBeVisible();
      await page.getByRole('button', { name: 'Create Order' }).click();
      await expect(page.getByRole('alert')).toHaveText('Item name is required');
      await check(page, 'create order with an error');
      await page.getByLabel('Item name').fill('Tecno Camon 20');
      await page.getByLabel('Price (KSh)').fill('24999.5');
      await page.getByLabel('Buyer name').fill('Njeri');
      await page.getByLabel('Buyer phone').fill('0799 888 777');
      await page.getByLabel('Delivery address').fill('Rongai, Magadi Road, behind Tumaini Supermarket');
      await page.getByLabel('Delivery cost (KSh)').fill('350');
      await page.getByLabel('Product photo').setInputFiles({ name: 'camon.png', mimeType: 'image/png', buffer: PNG });
      await page.getByLabel(/^Cash on delivery/).check();
      await page.getByLabel('Cash the rider collects (KSh)').fill('25349.50');
      await check(page, 'create order filled in');
      await page.getByRole('button', { name: 'Create Order' }).click();
      await expect(page.getByText('Order created successfully!')).toBeVisible();
      await check(page, 'result screen');

      await page.goto(`/order/${paid.id}`);
      await expect(page.getByRole('region', { name: 'Assign a rider' })).toBeVisible();
      await check(page, 'order page, seller');

      const visitor = await (await browser.newContext({ viewport, bypassCSP: true })).newPage();
      await visitor.goto(`/order/${paid.id}`);
      await expect(visitor.getByText('Payment Confirmed - Assigning Rider')).toBeVisible();
      await check(visitor, 'order page, public');
      await visitor.goto('/order/does-not-exist');
      await expect(visitor.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
      await check(visitor, 'order not found');
      await visitor.context().close();
    });
  });
}
