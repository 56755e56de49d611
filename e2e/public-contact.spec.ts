import type { Page } from '@playwright/test';
import { uniqueId } from '@escrow/test-kit';
import { expect, test } from './kit/test.ts';
import { contactRows, openPage } from './public-site.ts';

const form = (page: Page) => page.getByRole('region', { name: 'Send us a message' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: false });
const send = (page: Page) => form(page).getByRole('button', { name: 'Send Message' });

async function fill(page: Page, values: { name?: string; email?: string; phone?: string; message?: string }) {
  if (values.name !== undefined) await field(page, 'Name').fill(values.name);
  if (values.email !== undefined) await field(page, 'Email').fill(values.email);
  if (values.phone !== undefined) await field(page, 'Phone').fill(values.phone);
  if (values.message !== undefined) await field(page, 'Message').fill(values.message);
}

test.describe('/contact', () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page, '/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expect(send(page)).toBeVisible();
  });

  test('shows the business hours and where we are', async ({ page }) => {
    const hours = page.getByRole('region', { name: 'Business hours' });
    await expect(hours.locator('dt')).toHaveText(['Monday to Friday', 'Saturday', 'Sunday']);
    await expect(hours.locator('dd')).toHaveText(['9:00 to 18:00', '10:00 to 16:00', 'Closed']);
    await expect(page.getByRole('region', { name: 'Contact details' })).toContainText('Nairobi, Kenya');
  });

  test('labels every field, marks the phone optional and holds each to the spec\'s limit', async ({ page }) => {
    for (const [label, max] of [
      ['Name', 100],
      ['Email', 255],
      ['Phone', 20],
      ['Message', 1000],
    ] as const) {
      await expect(field(page, label)).toHaveAttribute('maxlength', String(max));
    }
    await expect(form(page).getByText('(optional)')).toBeVisible();
    await expect(field(page, 'Message')).toHaveAttribute('rows', '6');
    await field(page, 'Name').fill('n'.repeat(150));
    await expect(field(page, 'Name')).toHaveValue('n'.repeat(100));
    await field(page, 'Message').fill('Habari');
    await expect(form(page).getByText('6 / 1000 characters')).toBeVisible();
  });

  for (const [what, values, message, invalid] of [
    ['an empty form', {}, 'Name is required', 'Name'],
    ['a name of spaces', { name: '   ', email: 'amina@example.com', message: 'Hello' }, 'Name is required', 'Name'],
    ['a wrong email', { name: 'Amina', email: 'amina-at-example', message: 'Hello' }, 'Invalid email address', 'Email'],
    ['a missing email', { name: 'Amina', message: 'Hello' }, 'Invalid email address', 'Email'],
    ['a blank message', { name: 'Amina', email: 'amina@example.com', message: '  ' }, 'Message is required', 'Message'],
  ] as const) {
    test(`shows 'Validation Error' with the first message for ${what}, marks that field and sends nothing`, async ({ page }) => {
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await fill(page, values);
      await send(page).click();
      const alert = form(page).getByRole('alert');
      await expect(alert).toContainText('Validation Error');
      await expect(alert).toContainText(message);
      await expect(field(page, invalid)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, invalid)).toBeFocused();
      expect(posts).toEqual([]);

      // Typing in the field clears its mark.
      await field(page, invalid).press('End');
      await field(page, invalid).pressSequentially('x');
      await expect(field(page, invalid)).not.toHaveAttribute('aria-invalid', /.*/);
    });
  }

  test('sends a message to the server, which stores it unresolved, and says Message Sent!', async ({ page }) => {
    const marker = uniqueId('contact-e2e');
    await fill(page, { name: '  Amina Hassan ', email: 'amina@example.com', phone: '0712 345 678', message: `Hello, can I sell shoes? ${marker}` });
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contact');
    await send(page).click();
    expect((await response).status()).toBe(201);

    const status = form(page).getByRole('status');
    await expect(status).toContainText('Message Sent!');
    await expect(status).toContainText("We'll get back to you as soon as possible.");
    for (const label of ['Name', 'Email', 'Phone', 'Message']) await expect(field(page, label)).toHaveValue('');

    const stored = contactRows().filter((row) => row.message.includes(marker));
    expect(stored).toEqual([{ name: 'Amina Hassan', email: 'amina@example.com', phone: '0712 345 678', message: `Hello, can I sell shoes? ${marker}`, resolved: 0 }]);
  });

  test('stores an empty phone as no phone', async ({ page }) => {
    const marker = uniqueId('no-phone');
    await fill(page, { name: 'Otieno', email: 'otieno@example.com', message: marker });
    await send(page).click();
    await expect(form(page).getByRole('status')).toContainText('Message Sent!');
    expect(contactRows().filter((row) => row.message === marker).map((row) => row.phone)).toEqual([null]);
  });

  test('says Sending… and cannot be sent twice while the first is on its way', async ({ page }) => {
    let posts = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      posts += 1;
      await held;
      await route.continue();
    });
    await fill(page, { name: 'Brian', email: 'brian@example.com', message: `double tap ${uniqueId('tap')}` });
    await send(page).click();
    const sending = form(page).getByRole('button', { name: 'Sending…' });
    await expect(sending).toBeDisabled();
    await sending.click({ force: true });
    release();
    await expect(form(page).getByRole('status')).toContainText('Message Sent!');
    expect(posts).toBe(1);
  });

  test("shows 'Error' with 'Failed to send message. Please try again.' when the server fails, and keeps what was typed", async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/contact', 500);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"Something went wrong. Please try again."}}' }));
    await fill(page, { name: 'Brian', email: 'brian@example.com', message: 'Are you there?' });
    await send(page).click();
    const alert = form(page).getByRole('alert');
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Failed to send message. Please try again.');
    await expect(field(page, 'Message')).toHaveValue('Are you there?');
  });

  test("shows 'Error' with the fallback when the network is down", async ({ page, consoleGuard }) => {
    consoleGuard.expectConsoleError(/net::ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await fill(page, { name: 'Brian', email: 'brian@example.com', message: 'Offline?' });
    await send(page).click();
    await expect(form(page).getByRole('alert')).toContainText('Failed to send message. Please try again.');
  });

  test("shows the server's own words when it refuses, e.g. too many messages", async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/contact', 429);
    const text = 'You have sent several messages in a short time. Please wait a while and try again.';
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'Retry-After': '600' }, body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: text } }) }),
    );
    await fill(page, { name: 'Brian', email: 'brian@example.com', message: 'Again' });
    await send(page).click();
    await expect(form(page).getByRole('alert')).toContainText('Error');
    await expect(form(page).getByRole('alert')).toContainText(text);
  });

  test('loads the form (and its validation library) only on this page, after the page itself', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, '/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => path.includes('contact-form'))).toBe(false);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await expect(send(page)).toBeVisible();
    expect(scripts.some((path) => path.includes('contact-form'))).toBe(true);
  });
});
