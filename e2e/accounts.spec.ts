import type { Page } from '@playwright/test';
import { resetCodeFor, waitForMail } from './accounts-mailbox.ts';
import { expect, test } from './kit/test.ts';
import { seriousAxeViolations } from './public-site.ts';
import { expectTapTargets } from './seller-support.ts';
import { freshAddress, freshEmail } from '@escrow/test-kit';

const PASSWORD = 'Sokoni#2026';
// A real 1x1 PNG, so the uploaded logo can be shown back.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Signs up through the API in the page's browser context, so the browser holds the session. */
async function signUpByApi(page: Page, email: string, password = PASSWORD): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email, password } });
  expect(response.status()).toBe(201);
}

async function createSellerByApi(page: Page, businessName: string): Promise<void> {
  const response = await page.request.post('/api/seller/profile', {
    // The browser context's cookie goes with it, so it must say where it comes from (CSRF check).
    headers: { origin: new URL(page.url() === 'about:blank' ? 'http://x' : page.url()).origin },
    data: { businessName, location: 'Westlands', phone: '0712345678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true },
  });
  expect(response.status()).toBe(201);
}

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, content: document.documentElement.scrollWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

test.describe('accounts: sign-up, seller onboarding, profile, sign-out and sign-in', () => {
  test('a new seller signs up, completes the seller form, edits the profile, changes the password, signs out and in', async ({ page, consoleGuard }) => {
    // After signing out, the profile page's request is answered 401 and the page goes to /auth.
    consoleGuard.expectHttpError('/api/seller/profile', 401);
    // Refusals the test provokes: a wrong current password, then the old password.
    consoleGuard.expectHttpError('/api/auth/change-password', 400);
    // And a wrong password for the payout details.
    consoleGuard.expectHttpError('/api/seller/profile/payout-details', 400);
    consoleGuard.expectHttpError('/api/auth/sign-in', 401);
    const email = freshEmail('amani');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    // The shared schema's first failing message; what was typed stays.
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password').fill('sokoni2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must contain at least one uppercase letter');
    await expect(page.getByLabel('Email')).toHaveValue(email.toUpperCase());

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/seller/signup');
    await expect(page.getByText('Account created! Check your email to verify your account.')).toBeVisible();
    await waitForMail(email, /Welcome to Escrow Delivery/);

    // Seller signup: submit waits for terms, method and number.
    const create = page.getByRole('button', { name: 'Create Seller Profile' });
    await expect(create).toBeDisabled();
    await page.getByLabel('Business name').fill('Amani Phones');
    await page.getByLabel('Location').fill('Westlands, Nairobi');
    await page.getByLabel('Phone number', { exact: true }).fill('0712 345 678');
    await page.getByLabel('M-Pesa (phone number)').check();
    await expect(page.getByLabel('M-Pesa Phone Number')).toBeVisible();
    await page.getByLabel('M-Pesa Phone Number').fill('0712345678');
    await page.getByLabel('Business logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(create).toBeDisabled();
    await page.getByLabel('I accept the terms and conditions').check();
    await expect(create).toBeEnabled();
    await create.click();

    await expect(page).toHaveURL('/seller/dashboard');
    await expect(page.getByText('Profile created successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Amani Phones' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);

    // Profile: five collapsible sections.
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/seller/profile');
    for (const section of ['Business Details', 'Business Logo', 'About Your Business', 'Payout details', 'Notifications', 'Security']) {
      await expect(page.getByRole('button', { name: section, exact: true })).toBeVisible();
    }
    await page.getByLabel('Location').fill('CBD, Nairobi');
    await page.getByRole('button', { name: 'Save Business Details' }).click();
    await expect(page.getByText('Business details updated!')).toBeVisible();

    await page.getByRole('button', { name: 'Business Logo', exact: true }).click();
    const logo = page.getByRole('img', { name: 'Amani Phones logo' });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await page.getByRole('button', { name: 'About Your Business', exact: true }).click();
    await page.getByRole('textbox', { name: 'About your business' }).fill('Genuine phones since 2019.');
    await page.getByRole('button', { name: 'Save About' }).click();
    await expect(page.getByText('About section updated!')).toBeVisible();

    // Payout details (decision 0049): the sign-up's M-Pesa number; a change needs the password, is emailed and held 24 hours.
    await page.getByRole('button', { name: 'Payout details', exact: true }).click();
    await expect(page.getByText('M-Pesa phone +254 712 345 678')).toBeVisible();
    await page.getByLabel('Paybill', { exact: true }).check();
    await page.getByLabel('Paybill number').fill('12');
    await page.getByLabel('Account number').fill('0123456789');
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save Payout Details' }).click();
    await expect(page.getByText('Enter a Paybill number of 5 to 7 digits')).toBeVisible();
    await page.getByLabel('Paybill number').fill('247247');
    await page.getByLabel('Your password').fill('Wrong#Pass1');
    await page.getByRole('button', { name: 'Save Payout Details' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await expect(page.getByText('M-Pesa phone +254 712 345 678')).toBeVisible();
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save Payout Details' }).click();
    await expect(page.getByText('Payout details updated. We emailed you; payouts to them start after 24 hours.')).toBeVisible();
    await expect(page.getByText('Paybill 247247, account 0123456789')).toBeVisible();
    await expect(page.getByText(/^Held until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Nairobi time\)/)).toBeVisible();
    await expect(page.getByLabel('Your password')).toHaveValue('');
    const notice = await waitForMail(email, /payout details were changed/);
    expect(notice.text).toContain('Paybill 247247, account …789');
    expect(notice.text).toContain('start after 24 hours');

    // Change Password: disabled until all three are filled; a wrong current password is refused.
    await page.getByRole('button', { name: 'Security', exact: true }).click();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    const update = dialog.getByRole('button', { name: 'Update Password' });
    await expect(update).toBeDisabled();
    await dialog.getByLabel('Current password').fill('Wrong#Pass1');
    await dialog.getByLabel('New password', { exact: true }).fill('Mpya$Siri99');
    await expect(update).toBeDisabled();
    await dialog.getByLabel('Confirm new password').fill('Mpya$Siri99');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
    await expect(dialog.getByLabel('New password', { exact: true })).toHaveValue('Mpya$Siri99');
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await update.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    // Still signed in here; sign out from the dashboard.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('Signed out')).toBeVisible();
    await page.goto('/seller/profile');
    await expect(page).toHaveURL('/auth');

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password').fill('Mpya$Siri99');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/seller/dashboard');
    await expect(page.getByText('Signed in successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Amani Phones' })).toBeVisible();
  });

  test('forgot password: the code comes by email, is verified, and sets a new password', async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/auth/verify-reset-code', 400);
    const email = freshEmail('reset');
    await signUpByApi(page, email);
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page).toHaveURL(`/verify-reset-code?email=${encodeURIComponent(email)}`);
    await expect(page.getByText('Reset code sent! Check your email.')).toBeVisible();

    const code = await resetCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const codeInput = page.getByLabel('6-digit code');
    const verify = page.getByRole('button', { name: 'Verify Code' });
    await codeInput.fill('12a45');
    await expect(codeInput).toHaveValue('1245');
    await expect(verify).toBeDisabled();
    await codeInput.fill(wrong);
    await expect(verify).toBeEnabled();
    await verify.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid code. Please check and try again.');
    await expect(codeInput).toHaveValue(wrong);

    await codeInput.fill(code);
    await verify.click();
    await expect(page).toHaveURL(`/reset-password?email=${encodeURIComponent(email)}&code=${code}`);
    await expect(page.getByText('Code verified! Set your new password.')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('Mpya$Siri99');
    await page.getByLabel('Confirm new password').fill('Mpya$Siri98');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm new password').fill('Mpya$Siri99');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('Password reset successfully! You can now sign in with your new password.')).toBeVisible();
    await waitForMail(email, /password was changed/);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Mpya$Siri99');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/seller/signup');
  });

  test('the account pages send visitors where they belong', async ({ page, consoleGuard }) => {
    // The profile page asks for the record at once: 401 without a session, 404 before onboarding.
    consoleGuard.expectHttpError('/api/seller/profile', 401);
    consoleGuard.expectHttpError('/api/seller/profile', 404);
    // No session: seller pages go to /auth.
    for (const path of ['/seller/signup', '/seller/profile', '/seller/dashboard']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/auth');
    }
    // Signed in, no seller record yet.
    await signUpByApi(page, freshEmail('redirect'));
    await page.goto('/auth');
    await expect(page).toHaveURL('/seller/signup');
    for (const path of ['/seller/profile', '/seller/dashboard']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/seller/signup');
    }
    // With a seller record, signup goes to the dashboard.
    await createSellerByApi(page, 'Baraka Boutique');
    await page.goto('/seller/signup');
    await expect(page).toHaveURL('/seller/dashboard');
    await expect(page.getByRole('heading', { name: 'Baraka Boutique' })).toBeVisible();
    // Back does not return to a page that would redirect again.
    await page.goBack();
    await expect(page).not.toHaveURL('/seller/signup');
  });

  test('the notice is not shown on a computer', async ({ page }) => {
    await signUpByApi(page, freshEmail('desktop'));
    await page.goto('/seller/signup');
    await expect(page.getByRole('button', { name: 'Create Seller Profile' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Using a phone' })).toHaveCount(0);
  });
});

test.describe('accounts on a phone', () => {
  // axe is injected as an inline script, which the site's CSP (rightly) refuses.
  test.use({ bypassCSP: true });

    test('on a 360px phone the pages fit, the onboarding notice can be dismissed for good, and axe finds nothing serious', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/auth');
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      const email = freshEmail('mobile');
      await signUpByApi(page, email);
      await page.goto('/seller/signup');
      const notice = page.getByRole('complementary', { name: 'Using a phone' });
      await expect(notice).toContainText('The full onboarding tutorial is only available on a computer');
      await expectNoHorizontalScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await notice.getByRole('button', { name: 'Got it' }).click();
      await expect(notice).toBeHidden();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Create Seller Profile' })).toBeVisible();
      await expect(notice).toBeHidden();

      await createSellerByApi(page, 'Chai Corner');
      await page.goto('/seller/profile');
      await expect(page.getByRole('button', { name: 'Security', exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Notifications (decision 0048): the long email address wraps inside 360 px; the boxes' labels are the tap targets.
      await page.getByRole('button', { name: 'Notifications', exact: true }).click();
      const ways = page.getByRole('group', { name: 'Tell me about my orders' });
      await expect(ways.getByRole('checkbox', { name: 'By SMS to +254712345678' })).toBeChecked();
      await expect(ways.getByRole('checkbox', { name: `By email to ${email}` })).toBeChecked();
      await ways.getByRole('checkbox', { name: `By email to ${email}` }).uncheck();
      await page.getByRole('button', { name: 'Save Notifications' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Notification settings updated!' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectTapTargets(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.reload();
      await page.getByRole('button', { name: 'Notifications', exact: true }).click();
      await expect(page.getByRole('checkbox', { name: `By email to ${email}` })).not.toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'By SMS to +254712345678' })).toBeChecked();

      // Payout details (decision 0049) at 360 px: a change to a Till with the password is held 24 hours, shown in
      // Nairobi time, and emailed even though this seller now chose SMS only.
      await page.getByRole('button', { name: 'Payout details', exact: true }).click();
      await expect(page.getByText('M-Pesa phone +254 712 345 678')).toBeVisible();
      await page.getByLabel('Till (Buy Goods)').check();
      await page.getByLabel('Till number').fill('5123456');
      await page.getByLabel('Your password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Save Payout Details' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Payout details updated.' })).toBeVisible();
      await expect(page.getByText('Till number 5123456')).toBeVisible();
      await expect(page.getByText(/^Held until .* \(Nairobi time\)/)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectTapTargets(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect((await waitForMail(email, /payout details were changed/)).text).toContain('Till number 5123456');

      await page.getByRole('button', { name: 'Security', exact: true }).click();
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
});
