// What the screens show when the API answers 503 (an infrastructure failure: the database or
// the disk, docs/decisions/0036): 'Service temporarily unavailable. Please try again.', never a
// generic failure, a blank screen or a hint at the visitor's own connection.
import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { openPage } from './public-site.ts';
import { FIRST_SCREEN, pathOf } from './order-screens.ts';
import { useFreshAddress } from './kit/seed.ts';
import { signedInSeller } from './kit/page-session.ts';

const MESSAGE = 'Service temporarily unavailable. Please try again.';
const UNAVAILABLE = { status: 503, contentType: 'application/json', headers: { 'Retry-After': '5' }, body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGE } }) };

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await useFreshAddress(context);
});

/** The API answers 503 on `path` until `restore()`, as it does while the database is down. */
async function unavailable(page: Page, path: string): Promise<{ restore(): Promise<void> }> {
  const pattern = `**${path}`;
  await page.route(pattern, (route) => route.fulfill(UNAVAILABLE));
  return { restore: () => page.unroute(pattern) };
}

test('the buyer page: the message instead of the order, and the order after Try again', async ({ page, consoleGuard, seller }) => {
  const order = await seller.createOrder();
  // The link itself comes rendered with the order by the server (decision 0059) and leaves its
  // key on the phone; back at the order's address, the page reads the API itself.
  await page.goto(pathOf(order.links.buyer));
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible(FIRST_SCREEN);
  consoleGuard.expectHttpError(`/api/buyer/orders/${order.id}`, 503);
  const outage = await unavailable(page, `/api/buyer/orders/${order.id}`);
  await page.goto(`/buyer/order/${order.id}`);
  const alert = page.getByRole('heading', { name: MESSAGE });
  await expect(alert).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Please check your internet connection')).toHaveCount(0);
  await outage.restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible();
});

test('the seller dashboard: the message on the failed page, then the dashboard', async ({ page, consoleGuard }) => {
  await signedInSeller(page, 'Outage Electronics');
  consoleGuard.expectHttpError('/api/seller/dashboard', 503);
  const outage = await unavailable(page, '/api/seller/dashboard');
  await page.goto('/seller/dashboard');
  await expect(page.getByText(MESSAGE)).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Please check your internet connection')).toHaveCount(0);
  await outage.restore();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outage Electronics' })).toBeVisible();
});

test('the contact form: the message, and what was typed is kept', async ({ page, consoleGuard }) => {
  consoleGuard.expectHttpError('/api/contact', 503);
  await openPage(page, '/contact');
  await unavailable(page, '/api/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await form.getByLabel('Name', { exact: false }).fill('Brian');
  await form.getByLabel('Email', { exact: false }).fill('brian@example.com');
  await form.getByLabel('Message', { exact: false }).fill('Is anyone there?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('alert')).toContainText(MESSAGE);
  await expect(form.getByLabel('Message', { exact: false })).toHaveValue('Is anyone there?');
});
