import { test } from './kit/test.ts';
import { createOrder, signedInSeller } from './kit/page-session.ts';
import { expect, ksh } from './seller-support.ts';
import { payOrder } from './kit/seed.ts';

// Long journeys through a real server on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.describe('dashboard live updates', () => {
  test('a new order and the buyer confirming payment show as 8-second toasts and update the figures, without a reload', async ({ page }) => {
    await signedInSeller(page, 'Live Updates Shop');
    await page.goto('/seller/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Live Updates Shop' })).toBeVisible();
    await expect(page.getByText('No orders yet.')).toBeVisible();
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    // Keep the pointer off the notifications: hovering pauses them.
    await page.mouse.move(5, 5);
    const stat = (label: string) => page.getByRole('region', { name: 'Your numbers' }).getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    const notifications = page.getByRole('region', { name: /Notification/ });

    // Another device of the seller creates an order: it appears live.
    const order = await createOrder(page, { itemName: 'Sony WH-1000XM5', price: '38500' });
    await expect(notifications.getByText('New order: Sony WH-1000XM5')).toBeVisible();
    await expect(page.getByRole('link', { name: /Sony WH-1000XM5/ })).toBeVisible();
    await expect(stat('Total orders')).toHaveText('1');
    await expect(stat('Pending payment')).toHaveText('1');

    // The page notes when the payment toast appears and when it goes, by its own clock: the
    // lifetime is measured where it happens, not from a test runner that a busy machine delays.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { paidToast: typeof times }).paidToast = times;
      const isPaid = (n: Node) => {
        const toast = n instanceof HTMLElement ? (n.matches('.toast') ? n : n.querySelector('.toast')) : null;
        return (toast?.textContent ?? '').includes('Payment confirmed: Sony WH-1000XM5');
      };
      new MutationObserver((records) => {
        for (const r of records) {
          if (times.shown === undefined && Array.from(r.addedNodes).some(isPaid)) times.shown = performance.now();
          if (times.shown !== undefined && times.gone === undefined && Array.from(r.removedNodes).some(isPaid)) times.gone = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });

    // The buyer pays through the buyer API, from elsewhere.
    await payOrder(order);
    const paid = notifications.locator('.toast').filter({ hasText: 'Payment confirmed: Sony WH-1000XM5' });
    await expect(paid).toBeVisible();
    await expect(paid).toContainText('Assign a rider to proceed');
    await expect(stat('Pending payment')).toHaveText('0');
    await expect(page.getByRole('link', { name: /Sony WH-1000XM5/ })).toContainText('Paid - assign a rider');
    await expect(page.getByRole('link', { name: /Sony WH-1000XM5/ })).toContainText(ksh(3_850_000));
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // It lasts 8 seconds, then goes by itself.
    await expect(paid).toBeHidden({ timeout: 20_000 });
    const { shown, gone } = await page.evaluate(() => (window as unknown as { paidToast: { shown?: number; gone?: number } }).paidToast);
    expect(shown).toBeDefined();
    expect(gone).toBeDefined();
    const lifetime = (gone ?? 0) - (shown ?? 0);
    expect(lifetime).toBeGreaterThanOrEqual(7_500);
    expect(lifetime).toBeLessThan(10_000);
  });
});
