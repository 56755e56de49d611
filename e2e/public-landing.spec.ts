import { expect, test } from './kit/test.ts';
import { DESKTOP, HEADLINE, openPage, PHONE } from './public-site.ts';

test.describe('the landing page', () => {
  test('shows the hero, the three buttons to seller signup, six benefits, three 5-star testimonials and a closing call to action', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const response = await openPage(page, '/');
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    for (const name of ['Start Selling Safely', 'Get Started for Free', 'Start Selling']) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute('href', '/seller/signup');
    }

    const benefits = page.getByRole('region', { name: 'Why sellers choose escrow delivery' }).getByRole('listitem');
    await expect(benefits).toHaveCount(6);
    await expect(benefits.getByRole('heading', { level: 3 })).toHaveText([
      'Paid before you deliver',
      'Verified riders',
      'Photo proof of pickup',
      'Real-time delivery updates',
      'A delivery code protects both sides',
      'Buyers trust you more',
    ]);

    const testimonials = page.getByRole('region', { name: 'Sellers like you' }).getByRole('listitem');
    await expect(testimonials).toHaveCount(3);
    for (const testimonial of await testimonials.all()) {
      await expect(testimonial.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
      await expect(testimonial.locator('blockquote')).not.toBeEmpty();
    }

    const closing = page.getByRole('region', { name: 'Ready to sell without the worry?' });
    await expect(closing.getByRole('link', { name: 'Get Started for Free' })).toBeVisible();
  });

  test('shows the fee as 2.5% of the product price, in KSh with two decimals', async ({ page }) => {
    await openPage(page, '/');
    const example = page.getByRole('complementary', { name: 'An order, held safely in escrow' });
    await expect(example).toContainText('KSh 85,000.00');
    await expect(example).toContainText('Service fee (2.5%)');
    await expect(example).toContainText('KSh 2,125.00');
    await expect(example).toContainText('You receive after deliveryKSh 82,875.00');
  });

  test('has a footer with Product, Legal and Get Started columns, this year\'s copyright and a small Admin link with an icon', async ({ page }) => {
    await openPage(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { level: 2 })).toHaveText(['Product', 'Legal', 'Get Started']);
    await expect(footer.getByRole('navigation', { name: 'Legal' })).toContainText('Payments held in escrow until the buyer confirms delivery');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Escrow Delivery`);
    const admin = footer.getByRole('link', { name: 'Admin' });
    await expect(admin).toHaveAttribute('href', '/admin');
    await expect(admin.locator('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  test('shows the top bar links and Sign In on a wide screen, and only the Menu button on a phone', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Verified Sellers (opens in a new tab)', 'How It Works', 'About', 'Terms', 'Contact']);
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();

    await page.setViewportSize(PHONE);
    await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test('downloads neither a role remote nor the menu, the form or the other pages on first load', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/remotes\/|mobile-menu|contact-form|contact-page|terms-page|about-page|how-it-works-page/.test(path))).toEqual([]);
    // The landing's own lean page (decision 0055): neither the shell's router nor the federation runtime.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith('/pages/landing/'))).toEqual([]);
  });

  test('arrives as HTML: readable, styled and with working links before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Start Selling Safely' })).toHaveAttribute('href', '/seller/signup');
      // The stylesheet applies: the wide-screen navigation is hidden on a phone.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      // Before the app runs, 'Menu' takes the visitor to the footer, which lists every page.
      await page.getByRole('link', { name: 'Menu' }).click();
      await expect(page).toHaveURL('/#site-footer');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'How It Works' })).toBeInViewport();
      await page.getByRole('link', { name: 'See How It Works' }).click();
      await expect(page).toHaveURL('/how-it-works');
    } finally {
      await context.close();
    }
  });

  test('is taken over by the app without showing anything twice', async ({ page }) => {
    await openPage(page, '/');
    // React marks the container it renders into.
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(true);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveCount(1);
    // The page is running; its links load the page they name (the landing's lean page, decision 0055).
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  });
});
