// Who may open /admin: only an account with the admin role. Everyone else is told so and sent home.
import { expect, test } from './kit/test.ts';
import { openAdminDashboard, REMOTE_LOAD_MS } from './admin-page.ts';
import { PASSWORD } from './kit/seed.ts';
import { freshAddress, freshEmail } from '@escrow/test-kit';
import { signInAsNewAdmin } from './kit/page-session.ts';

const DENIED = 'Access denied. Admin privileges required.';

test.describe('admin: access', () => {
  test('a signed-in account without the admin role is denied and lands on /', async ({ page }) => {
    const signUp = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email: freshEmail('visitor'), password: PASSWORD } });
    expect(signUp.status()).toBe(201);
    await page.goto('/admin');
    await expect(page.getByText(DENIED)).toBeVisible({ timeout: REMOTE_LOAD_MS });
    await expect(page).toHaveURL('/');
    // Replaced, not pushed: Back does not return to /admin.
    await page.goBack();
    expect(page.url()).not.toContain('/admin');
    // The server refuses the admin API too.
    expect((await page.request.get('/api/admin/orders')).status()).toBe(403);
  });

  test('a visitor without a session is denied and lands on /', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText(DENIED)).toBeVisible({ timeout: REMOTE_LOAD_MS });
    await expect(page).toHaveURL('/');
  });

  test('Logout signs the admin out and goes home', async ({ page }) => {
    await signInAsNewAdmin(page);
    await openAdminDashboard(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL('/');
    const session = (await (await page.request.get('/api/auth/session')).json()) as { data: { account: unknown } };
    expect(session.data.account).toBeNull();
  });

  test('Seller Dashboard goes to /seller/dashboard', async ({ page }) => {
    await signInAsNewAdmin(page);
    await openAdminDashboard(page);
    await page.getByRole('link', { name: 'Seller Dashboard' }).click();
    // An admin without a seller record is sent on to the seller signup by the seller pages.
    await expect(page).toHaveURL(/\/seller\/(dashboard|signup)$/);
  });
});
