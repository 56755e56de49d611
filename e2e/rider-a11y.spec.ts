// The rider pages in each of their states, on a 360x740 phone and a wide screen: axe finds no
// serious or critical violation; on the phone nothing scrolls sideways and every control is
// at least 44px high.
import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { DESKTOP, expectNoHorizontalScroll, expectTapTargets, FIRST_SCREEN, pathOf, PHONE, seriousAxeViolations } from './order-screens.ts';
import { readRiderCodeSms } from './rider-sms.ts';
import { asRider, newSeller, payOrder, riderCredentials, seedAssignedOrder, useFreshAddress } from './kit/seed.ts';

test.describe.configure({ timeout: 90_000 });

async function checkScreen(page: Page, phone: boolean) {
  await page.waitForLoadState('networkidle');
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (phone) {
    await expectNoHorizontalScroll(page);
    await expectTapTargets(page);
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport.width === PHONE.width;
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ context }) => {
      await useFreshAddress(context);
    });

    test('the job view: accept, pickup (with an error), code entry (with the payment issue form open)', async ({ page }) => {
      const seller = await newSeller('Amani Phones & Electronics Westlands');
      const { order } = await seedAssignedOrder(seller, { itemName: 'Samsung Galaxy S24 Ultra 512GB Titanium Black (dual SIM)' });
      const link = order.links.rider ?? '';
      await page.goto(pathOf(link));
      await expect(page.getByRole('button', { name: 'Accept Job' })).toBeVisible(FIRST_SCREEN);
      await checkScreen(page, phone);

      await page.getByRole('button', { name: 'Accept Job' }).click();
      await page.getByRole('button', { name: 'Confirm Pickup' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please upload a pickup photo');
      await checkScreen(page, phone);

      const rider = await asRider(link);
      await rider.pickup();
      await rider.dispose();
      await expect(page.getByLabel('Delivery code')).toBeVisible({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Report Payment Issue' }).click();
      await page.getByRole('button', { name: 'Report Issue' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please describe the payment issue');
      await checkScreen(page, phone);
      await seller.dispose();
    });

    test('the dashboard: phone form with an error, the code step (before and after sending, with an error), then both tabs', async ({ page, consoleGuard, seller, rider: { order } }) => {
      const { phone: riderPhone } = riderCredentials(order.links.rider ?? '');
      const open = await seller.createOrder({ itemName: 'Sony WH-1000XM5' });
      await payOrder(open);
      consoleGuard.expectHttpError('/api/rider/phone-proof', 400);

      await page.goto('/rider');
      await page.getByLabel('Phone number').fill('');
      await page.getByRole('button', { name: 'View Jobs' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please enter your phone number');
      await checkScreen(page, phone);

      // A rider who came by the seller's link proves the phone before the lists open.
      await page.goto(`/rider?phone=${encodeURIComponent(riderPhone)}`);
      await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible(FIRST_SCREEN);
      await checkScreen(page, phone);
      await page.getByRole('button', { name: 'Send Code' }).click();
      const code = page.getByLabel('6-digit code');
      const sms = await readRiderCodeSms(riderPhone);
      await code.fill(sms === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Confirm Code' }).click();
      await expect(page.getByRole('alert')).toContainText('Invalid code. Please check and try again.');
      await checkScreen(page, phone);
      await code.fill(sms);
      await page.getByRole('button', { name: 'Confirm Code' }).click();
      await expect(page.getByRole('tab', { name: 'My Jobs (1)' })).toBeVisible(FIRST_SCREEN);
      await checkScreen(page, phone);
      await page.getByRole('tab', { name: 'Available Jobs (1)' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('Sony WH-1000XM5');
      await checkScreen(page, phone);
    });
  });
}
