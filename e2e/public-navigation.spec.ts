import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { DESKTOP, HEADLINE, openPage, PHONE, stubVerifiedSellers, VERIFIED_SELLERS_URL } from './public-site.ts';
import { freshAddress, freshEmail } from '@escrow/test-kit';

test.use({ viewport: PHONE });

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

test.describe('the slide-out menu on a phone', () => {
  test.beforeEach(({ consoleGuard }) => {
    // The menu asks GET /api/me whether someone is signed in; a visitor is not (401).
    consoleGuard.expectHttpError('/api/me', 401);
  });

  test('opens titled Menu with the links, Sign In and Start Selling, and closes with its close button', async ({ page }) => {
    await openPage(page, '/');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();

    await expect(menu(page)).toBeVisible();
    // While the modal is open the page behind it is hidden from assistive technology, so by CSS.
    await expect(page.locator('button.menu-button')).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByRole('heading', { name: 'Menu' })).toBeVisible();
    await expect(menu(page).getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText([
      'Verified Sellers (opens in a new tab)',
      'How It Works',
      'About',
      'Terms',
      'Contact',
    ]);
    await expect(menu(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(menu(page).getByRole('link', { name: 'Start Selling' })).toHaveAttribute('href', '/seller/signup');
    await expect(menu(page).getByRole('link', { name: 'My Dashboard' })).toHaveCount(0);

    await menu(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('is a modal: focus starts inside, Tab stays inside, Escape closes and returns focus to the button', async ({ page }) => {
    await openPage(page, '/');
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Sign In' })).toBeVisible();

    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await menu(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('closes when a tap lands outside it', async ({ page }) => {
    await openPage(page, '/');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(menu(page)).toBeHidden();
  });

  for (const [name, path, h1] of [
    ['How It Works', '/how-it-works', 'How It Works'],
    ['About', '/about', 'About Us'],
    ['Terms', '/terms', 'Terms of Service'],
    ['Contact', '/contact', 'Contact Us'],
  ] as const) {
    test(`"${name}" goes to ${path}, closes the menu and moves focus to the new page`, async ({ page }) => {
      // In the app; the landing's lean page loads the next page as a document (test below).
      await openPage(page, path === '/about' ? '/terms' : '/about');
      await menuButton(page).click();
      await menu(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(menu(page)).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.locator('#main')).toBeFocused();
    });
  }

  test("on the landing's lean page, a link loads the page it names", async ({ page }) => {
    await openPage(page, '/');
    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'How It Works', exact: true }).click();
    await expect(page).toHaveURL('/how-it-works');
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await expect(menu(page)).toBeHidden();
  });

  test('"Sign In" and "Start Selling" go to the account pages', async ({ page }) => {
    for (const [name, path] of [
      ['Sign In', '/auth'],
      ['Start Selling', '/seller/signup'],
    ] as const) {
      await openPage(page, '/');
      const left = page.waitForURL((url) => url.pathname !== '/');
      await menuButton(page).click();
      await menu(page).getByRole('link', { name }).click();
      await left;
      expect([path, '/auth']).toContain(new URL(page.url()).pathname);
      await expect(menu(page)).toBeHidden();
    }
  });

  test('opens the Verified Sellers directory in a new tab and keeps the page as it was', async ({ page }) => {
    await stubVerifiedSellers(page);
    await openPage(page, '/');
    await menuButton(page).click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), menu(page).getByRole('link', { name: 'Verified Sellers (opens in a new tab)' }).click()]);
    await expect(popup).toHaveURL(VERIFIED_SELLERS_URL);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(page).toHaveURL('/');
  });

  test('hides Sign In from a signed-in seller and offers the dashboard instead', async ({ page, consoleGuard }) => {
    // A signed-in seller without a seller record yet; /api/me answers 200.
    consoleGuard.expectHttpError('/api/me', 401);
    const email = freshEmail('menu');
    const signUp = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email, password: 'Secret#123' } });
    expect(signUp.status(), await signUp.text()).toBe(201);
    expect((await page.request.get('/api/me')).status()).toBe(200);

    await openPage(page, '/');
    await menuButton(page).click();
    await expect(menu(page).getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/seller/dashboard');
    await expect(menu(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(menu(page).getByRole('link', { name: 'Start Selling' })).toBeVisible();
  });

  test('is downloaded only when first used', async ({ page }) => {
    const menuChunks: string[] = [];
    page.on('request', (request) => {
      if (/mobile-menu/.test(request.url())) menuChunks.push(request.url());
    });
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(menuChunks).toEqual([]);
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    expect(menuChunks.length).toBeGreaterThan(0);
  });
});

test.describe('keyboard use of the public pages', () => {
  test('the first Tab reaches a skip link that jumps over the top bar to the page', async ({ page }) => {
    await openPage(page, '/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
    await page.keyboard.press('Tab');
    // The next stop is inside the page, not the top bar.
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);
  });

  test('every link and button of the landing page can be reached with Tab, each showing a focus ring', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    const focusable = await page.locator('a:visible, button:visible').count();
    const reached = new Set<string>();
    for (let i = 0; i < focusable + 2; i += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        return { key: `${element.tagName}:${element.textContent?.trim()}:${element.getAttribute('href') ?? ''}:${element.getBoundingClientRect().top + window.scrollY}`, outline: style.outlineStyle };
      });
      if (stop) {
        expect(stop.outline, `${stop.key} shows where the focus is`).not.toBe('none');
        reached.add(stop.key);
      }
    }
    expect(reached.size).toBe(focusable);
  });

  test('after a link click in the app the new page has the focus, so a screen reader starts reading there', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/about');
    await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    await expect(page.locator('#main')).toBeFocused();
  });
});

test.describe('the top bar of the app pages', () => {
  test('offers Sign In to visitors of the buyer page, and not on the account pages or to a signed-in seller', async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/me', 401);
    const signIn = () => page.getByRole('banner').getByRole('link', { name: 'Sign In' });

    // A buyer page (no code here: the page asks for the link instead) keeps Sign In for sellers who land on it.
    await page.goto('/order/00000000-0000-4000-8000-000000000000');
    await expect(signIn()).toHaveAttribute('href', '/auth');
    // The sign-in page does not link to itself.
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(signIn()).toHaveCount(0);

    const email = freshEmail('topbar');
    const signUp = await page.request.post('/api/auth/sign-up', { headers: { 'X-Forwarded-For': freshAddress() }, data: { email, password: 'Secret#123' } });
    expect(signUp.status(), await signUp.text()).toBe(201);
    // Signed in without a seller record yet: the seller pages lead to the seller profile form.
    consoleGuard.expectHttpError('/api/seller/profile', 404);
    await page.goto('/seller/profile');
    await expect(page).toHaveURL('/seller/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(signIn()).toHaveCount(0);
    // Signed in, on a page visitors see too (an order's page): no Sign In, which would say they are not.
    consoleGuard.expectHttpError('/api/public/orders/00000000-0000-4000-8000-000000000000', 404);
    const sessionRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/session');
    await page.goto('/order/00000000-0000-4000-8000-000000000000');
    expect((await sessionRead).status()).toBe(200);
    // What the answer changes is on screen two frames later.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.getByRole('banner').getByRole('group', { name: 'Language / Lugha' })).toBeVisible();
    await expect(signIn()).toHaveCount(0);
  });
});
