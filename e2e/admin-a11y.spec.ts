// The admin screen on a 360px phone and a desktop: every tab and dialog fits the width, has
// tap targets of at least 44px on the phone, and axe finds no serious or critical violation.
import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { findOrder, openAdminDashboard, smallTapTargets } from './admin-page.ts';
import { expectNoHorizontalScroll } from './order-screens.ts';
import { DESKTOP, PHONE, seriousAxeViolations } from './public-site.ts';
import { newSeller, pricedOrder, seedDeliveredOrder, sendContactMessage } from './kit/seed.ts';
import { uniqueId } from '@escrow/test-kit';

async function checkView(page: Page, phone: boolean, what: string): Promise<void> {
  await expectNoHorizontalScroll(page);
  expect(await seriousAxeViolations(page), what).toEqual([]);
  if (phone) expect(await smallTapTargets(page), what).toEqual([]);
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`admin screen at ${viewport.width}px`, () => {
    // axe is evaluated through DevTools; the CSP stays on.
    test.use({ viewport });

    test('every tab and dialog fits, is labelled and passes axe', async ({ admin: page }) => {
      test.setTimeout(90_000);
      const phone = viewport.width < 768;
      const seller = await newSeller(`Mama Mboga Fresh Produce and Electronics ${uniqueId('wide')}`);
      const order = await seedDeliveredOrder(seller, pricedOrder({ priceKsh: '1234567.89', deliveryKsh: '450', itemName: `Samsung Galaxy S24 Ultra 512GB Titanium Black ${uniqueId('i')}` }));
      const contactName = `Otieno ${uniqueId('a11y')}`;
      await sendContactMessage(contactName, 'A long message that should wrap nicely on a small phone screen without pushing anything sideways.');
      await openAdminDashboard(page);
      await findOrder(page, order.trackingNumber);
      await checkView(page, phone, 'orders tab');

      // Payouts go by M-Pesa here (MPESA_PAYOUTS=approval): Mark Paid is 'Approve payout'.
      await page.getByRole('button', { name: /^Approve payout/ }).first().click();
      await expect(page.getByRole('dialog', { name: 'Approve payout' }).getByText('Verified by')).toBeVisible();
      await checkView(page, phone, 'approve payout dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Payment Config' }).click();
      await expect(page.getByRole('dialog', { name: 'Payment Configuration' }).getByLabel('Account name')).toBeVisible();
      await checkView(page, phone, 'payment config dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Export Data' }).click();
      await expect(page.getByRole('dialog', { name: 'Export Data' }).getByLabel('From')).toBeVisible();
      await checkView(page, phone, 'export dialog');
      await page.keyboard.press('Escape');

      for (const tab of ['Sellers', 'Payouts', 'Contacts', 'Admin']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
        await expect(page.getByRole('tabpanel', { name: tab }).getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        await checkView(page, phone, `${tab} tab`);
        if (tab === 'Contacts') {
          // A resolved message is dimmed, yet still readable (contrast is part of axe's scan).
          await page.getByRole('article', { name: contactName }).getByRole('button', { name: /^Mark Resolved/ }).click();
          await expect(page.getByRole('article', { name: contactName }).getByText('Resolved', { exact: true })).toBeVisible();
          await checkView(page, phone, 'a resolved contact message');
        }
      }
      await page.getByRole('button', { name: 'Edit Payment Info' }).click();
      await checkView(page, phone, 'payment information being edited');
      await seller.api.dispose();
    });
  });
}
