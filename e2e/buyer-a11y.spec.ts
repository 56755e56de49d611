// The buyer page in each of its states, on a 360x740 phone and a wide screen: axe finds no
// serious or critical violation; on the phone nothing scrolls sideways and every control is
// at least 44px high.
import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { codeLinkOf, DESKTOP, expectNoHorizontalScroll, expectTapTargets, FIRST_SCREEN, pathOf, PHONE, seriousAxeViolations } from './order-screens.ts';
import { asRider, newSeller, payOrder, seedAssignedOrder, useFreshAddress } from './kit/seed.ts';

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

    test('awaiting payment (with a form error), paid with a refund request open, delivered with the rating form', async ({ page }) => {
      const seller = await newSeller('Amani Phones & Electronics Westlands');
      const awaiting = await seller.createOrder({ itemName: 'Samsung Galaxy S24 Ultra 512GB Titanium Black (dual SIM)' });
      await page.goto(pathOf(awaiting.links.buyer));
      await expect(page.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
      await page.getByRole('button', { name: 'Confirm Payment' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions to proceed');
      await checkScreen(page, phone);

      const paid = await seller.createOrder();
      await payOrder(paid);
      // The payer, with the code from the payment SMS: refunds and rating are theirs (issue 16).
      await page.goto(codeLinkOf(paid));
      await expect(page.getByRole('heading', { name: 'Your delivery code' })).toBeVisible(FIRST_SCREEN);
      await page.getByRole('button', { name: 'Request a refund' }).click();
      await page.getByRole('button', { name: 'Request Refund' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please tell us why you want a refund');
      await checkScreen(page, phone);

      const { order } = await seedAssignedOrder(seller);
      const rider = await asRider(order.links.rider ?? '');
      await rider.accept();
      await rider.pickup();
      await rider.complete(order.deliveryCode ?? '');
      await rider.dispose();
      await page.goto(codeLinkOf(order));
      await expect(page.getByRole('group', { name: 'Rate the rider' })).toBeVisible(FIRST_SCREEN);
      await page.getByRole('button', { name: 'Submit Feedback' }).click();
      await expect(page.getByRole('alert')).toHaveText('Please rate both the rider and seller');
      await checkScreen(page, phone);
      await seller.dispose();
    });

    test('the messages without a code and with a wrong one', async ({ page, consoleGuard, seller }) => {
      const order = await seller.createOrder();
      consoleGuard.expectHttpError(`/api/buyer/orders/${order.id}`, 404);
      await page.goto(`/buyer/order/${order.id}`);
      await expect(page.getByRole('heading', { name: 'Delivery code required to view order' })).toBeVisible(FIRST_SCREEN);
      await checkScreen(page, phone);
      await page.goto(`/buyer/${order.id}?code=100000`);
      await expect(page.getByRole('heading', { name: 'Order not found or invalid delivery code' })).toBeVisible(FIRST_SCREEN);
      await checkScreen(page, phone);
    });
  });
}
