import { test } from './kit/test.ts';
import { grantAdmin, PASSWORD } from './kit/seed.ts';
import { expect, PHONE } from './seller-support.ts';
import { freshAddress, freshEmail } from '@escrow/test-kit';
import { signedInSeller } from './kit/page-session.ts';

// Long journeys through a real server on a shared machine.
test.describe.configure({ timeout: 90_000 });

test.describe('seller onboarding, the dashboard and the riders dialog', () => {
  test('a new seller signs up, onboards, takes the 4-step tour once, and sees an empty dashboard', async ({ page }) => {
    const email = freshEmail('onboard');
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/seller/signup');

    await page.getByLabel('Business name').fill('Zawadi Electronics');
    await page.getByLabel('Location').fill('Moi Avenue, Nairobi CBD');
    await page.getByLabel('Phone number', { exact: true }).fill('0712 345 678');
    await page.getByLabel('M-Pesa (phone number)').check();
    await page.getByLabel('M-Pesa Phone Number').fill('0712345678');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create Seller Profile' }).click();

    await expect(page).toHaveURL('/seller/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Zawadi Electronics' })).toBeVisible();
    await expect(page.getByText('Profile created successfully!')).toBeVisible();

    // Stats of a seller with no orders, and the empty state of the order list.
    const stats = page.getByRole('region', { name: 'Your numbers' });
    for (const [label, value] of [
      ['Total orders', '0'],
      ['Pending payment', '0'],
      ['Completed', '0'],
      ['Revenue', 'KSh 0.00'],
      ['Average order value', 'KSh 0.00'],
      ['Completion rate', '0%'],
      ['Seller rating', 'No ratings yet'],
    ] as const) {
      await expect(stats.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]'), label).toHaveText(value);
    }
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);

    // The tour: four steps on a computer, each pointing at its part of the page.
    const tour = page.getByRole('dialog', { name: 'Your numbers' });
    await expect(tour).toContainText('Step 1 of 4');
    await expect(stats).toHaveClass(/tour-highlight/);
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an order' })).toContainText('Step 2 of 4');
    await expect(page.getByRole('link', { name: 'Create Order' })).toHaveClass(/tour-highlight/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('dialog', { name: 'Your riders' })).toContainText('Step 3 of 4');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Create an order' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    const last = page.getByRole('dialog', { name: 'Recent orders' });
    await expect(last).toContainText('Step 4 of 4');
    await last.getByRole('button', { name: 'Finish' }).click();
    await expect(last).toBeHidden();
    await expect(page.locator('.tour-highlight')).toHaveCount(0);

    // Remembered: not shown again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Zawadi Electronics' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toHaveCount(0);
  });

  test('the tour is not shown on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signedInSeller(page, 'Phone Tour Shop', { tour: true });
    await page.goto('/seller/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Phone Tour Shop' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toHaveCount(0);
  });

  test('skipping the tour is remembered too', async ({ page }) => {
    await signedInSeller(page, 'Skip Tour Shop', { tour: true });
    await page.goto('/seller/dashboard');
    await page.getByRole('dialog', { name: 'Your numbers' }).getByRole('button', { name: 'Skip tour' }).click();
    await expect(page.getByText('Step 1 of 4')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Skip Tour Shop' })).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toHaveCount(0);
  });

  test('the riders dialog lists, adds and removes riders, with the spec messages, and keeps focus inside', async ({ page }) => {
    await signedInSeller(page, 'Rider Dialog Shop');
    await page.goto('/seller/dashboard');
    await page.getByRole('button', { name: 'Manage Riders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your riders' });
    await expect(dialog.getByText('No riders yet.')).toBeVisible();

    // Every field is required; what was typed stays.
    await dialog.getByRole('button', { name: 'Add Rider' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all fields');
    await dialog.getByLabel('Rider name').fill('Otieno Kamau');
    await dialog.getByLabel('Rider phone').fill('0712 000 111');
    await dialog.getByRole('button', { name: 'Add Rider' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please fill in all fields');
    await expect(dialog.getByLabel('Rider name')).toHaveValue('Otieno Kamau');

    // A phone that is not Kenyan: the shared schema's message (the server applies the same one).
    await dialog.getByLabel('Rider phone').fill('12');
    await dialog.getByLabel('Motorbike plate').fill('kmda 123a');
    await dialog.getByRole('button', { name: 'Add Rider' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter a Kenyan phone number such as 0712345678');

    await dialog.getByLabel('Rider phone').fill('0712 000 111');
    await dialog.getByRole('button', { name: 'Add Rider' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Rider added successfully' })).toBeVisible();
    const riders = dialog.getByRole('list', { name: 'Riders' });
    await expect(riders.getByRole('listitem')).toHaveCount(1);
    await expect(riders).toContainText('Otieno Kamau');
    await expect(riders).toContainText('+254712000111 · KMDA 123A');
    await expect(dialog.getByLabel('Rider name')).toHaveValue('');

    // Focus stays in the dialog (Radix traps it).
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }

    // Still there after closing and opening again (read from the server).
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Manage Riders' }).click();
    await expect(riders).toContainText('Otieno Kamau');

    await dialog.getByRole('button', { name: 'Remove Otieno Kamau' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Rider removed' })).toBeVisible();
    await expect(dialog.getByText('No riders yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  test("failures say 'Failed to add rider' and 'Failed to delete rider'", async ({ page, baseURL, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/seller/riders', 500);
    await signedInSeller(page, 'Failing Riders Shop');
    const add = await page.request.post('/api/seller/riders', { headers: { origin: new URL(baseURL ?? '').origin }, data: { name: 'Wanjiru', phone: '0733 444 555', motorbikePlate: 'KMCC 777Z' } });
    expect(add.status()).toBe(201);
    const riderId = ((await add.json()) as { data: { rider: { id: string } } }).data.rider.id;
    consoleGuard.expectHttpError(`/api/seller/riders/${riderId}`, 500);
    await page.goto('/seller/dashboard');
    // The server fails (a 500 with its generic text): the dialog shows its own fallback.
    const fail = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }) };
    await page.route('**/api/seller/riders', (route) => (route.request().method() === 'POST' ? route.fulfill(fail) : route.continue()));
    await page.route(`**/api/seller/riders/${riderId}`, (route) => route.fulfill(fail));

    await page.getByRole('button', { name: 'Manage Riders' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your riders' });
    await dialog.getByLabel('Rider name').fill('Mutua');
    await dialog.getByLabel('Rider phone').fill('0733 444 556');
    await dialog.getByLabel('Motorbike plate').fill('KMCC 778Z');
    await dialog.getByRole('button', { name: 'Add Rider' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to add rider');
    await expect(dialog.getByLabel('Rider name')).toHaveValue('Mutua');

    await dialog.getByRole('button', { name: 'Remove Wanjiru' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to delete rider');
    await expect(dialog.getByRole('list', { name: 'Riders' })).toContainText('Wanjiru');
  });

  test('redirects: no session to /auth, no seller record to /seller/signup, and an admin sees the Admin Dashboard link', async ({ page }) => {
    for (const path of ['/seller/dashboard', '/seller/create-order']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/auth');
    }
    const signUp = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email: freshEmail('no-seller'), password: PASSWORD } });
    expect(signUp.status()).toBe(201);
    for (const path of ['/seller/dashboard', '/seller/create-order']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/seller/signup');
    }
    // Back does not land on a page that redirects again.
    await page.goBack();
    await expect(page).not.toHaveURL('/seller/create-order');

    await page.context().clearCookies();
    const { email } = await signedInSeller(page, 'Admin Seller Shop');
    await page.goto('/seller/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Seller Shop' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await grantAdmin(email);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/auth');
    await page.goto('/seller/dashboard');
    await expect(page).toHaveURL('/auth');
  });
});
