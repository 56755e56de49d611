// Every link on the public pages, at desktop width: the exact list a visitor can see (so a
// new link without a test fails here), and where each one goes when clicked.
import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { DESKTOP, openPage, PUBLIC_PAGES, recordNavigations, stubVerifiedSellers, VERIFIED_SELLERS_URL, visitedPaths } from './public-site.ts';

type LinkRow = readonly [name: string, href: string];

const EXTERNAL = 'Verified Sellers (opens in a new tab)';

const HEADER: readonly LinkRow[] = [
  ['Skip to main content', '#main'],
  ['Escrow Delivery home', '/'],
  [EXTERNAL, VERIFIED_SELLERS_URL],
  ['How It Works', '/how-it-works'],
  ['About', '/about'],
  ['Terms', '/terms'],
  ['Contact', '/contact'],
  ['Sign In', '/auth'],
];

const FOOTER: readonly LinkRow[] = [
  ['How It Works', '/how-it-works'],
  ['About Us', '/about'],
  [EXTERNAL, VERIFIED_SELLERS_URL],
  ['Contact Us', '/contact'],
  ['Terms of Service', '/terms'],
  ['Privacy', '/terms#privacy'],
  ['Refunds', '/terms#refunds'],
  ['Start Selling', '/seller/signup'],
  ['Sign In', '/auth'],
  ['Admin', '/admin'],
];

/** The links of each page between the top bar and the footer. */
const PAGE_LINKS: Record<string, readonly LinkRow[]> = {
  '/': [
    ['Start Selling Safely', '/seller/signup'],
    ['See How It Works', '/how-it-works'],
    ['Get Started for Free', '/seller/signup'],
  ],
  '/how-it-works': [['Get Started for Free', '/seller/signup']],
  '/about': [
    ['Back to Home', '/'],
    ['Start Selling', '/seller/signup'],
  ],
  '/terms': [
    ['Contact Us', '/contact'],
    ['Back to Home', '/'],
  ],
  '/contact': [],
  '/no-such-page': [
    ['Return to Home', '/'],
    ['Contact Us', '/contact'],
  ],
};

/** The h1 of our own pages, to check a link really arrived. */
const H1_OF: Record<string, string> = Object.fromEntries(PUBLIC_PAGES.map((page) => [page.path, page.h1]));

async function visibleLinks(page: Page): Promise<LinkRow[]> {
  return page.locator('a:visible').evaluateAll((links) =>
    links.map((link) => {
      const name = (link.getAttribute('aria-label') ?? link.textContent ?? '').replace(/\s+/g, ' ').trim();
      return [name, link.getAttribute('href') ?? ''] as const;
    }),
  );
}

async function open(page: Page, path: string) {
  await openPage(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const path of Object.keys(PAGE_LINKS)) {
  test.describe(`links on ${path}`, () => {
    test.use({ viewport: DESKTOP });

    test('are exactly the expected ones, in order', async ({ page, consoleGuard }) => {
      if (path === '/no-such-page') consoleGuard.expectHttpError(path, 404);
      await open(page, path);
      expect(await visibleLinks(page)).toEqual([...HEADER, ...(PAGE_LINKS[path] ?? []), ...FOOTER]);
    });

    // The top bar and the footer are the same component on every page: their links are
    // followed from the landing page (and from the 404 page); elsewhere, the page's own links.
    const followChrome = path === '/' || path === '/no-such-page';

    // /contact has no links of its own (its form is tested in public-contact.spec.ts).
    if (!followChrome && (PAGE_LINKS[path] ?? []).length === 0) return;

    test(followChrome ? 'each go where they say, top bar and footer included' : 'of the page itself each go where they say', async ({ page, consoleGuard }) => {
      test.slow();
      if (path === '/no-such-page') consoleGuard.expectHttpError(path, 404);
      // Sign In and the seller pages ask the accounts API whether someone is signed in: nobody is.
      consoleGuard.expectHttpError('/api/me', 401);
      await recordNavigations(page);
      await stubVerifiedSellers(page);
      const rows = [...HEADER, ...(PAGE_LINKS[path] ?? []), ...FOOTER];
      for (const [index, [name, href]] of rows.entries()) {
        const own = index >= HEADER.length && index < rows.length - FOOTER.length;
        if (!followChrome && !own) continue;
        await open(page, path);
        const link = page.locator('a:visible').nth(index);
        await expect(link, `link ${index} is ${name}`).toHaveAttribute('href', href);

        if (href === VERIFIED_SELLERS_URL) {
          await expect(link).toHaveAttribute('target', '_blank');
          await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
          const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
          await expect(popup).toHaveURL(VERIFIED_SELLERS_URL);
          expect(await popup.evaluate(() => window.opener)).toBeNull();
          await popup.close();
          await expect(page).toHaveURL(path);
          continue;
        }
        if (href === '#main') {
          await link.focus();
          await expect(link).toBeInViewport();
          await link.press('Enter');
          await expect(page.locator('#main')).toBeFocused();
          continue;
        }
        await link.click();
        if (href === path) {
          // A link to the page already shown stays on it.
          await expect(page).toHaveURL(path);
        } else {
          // A navigation to the link's own address, in the app or (from the landing) a new document;
          // a screen of another feature may then redirect.
          await expect.poll(() => visitedPaths(page), { message: `${name} navigates to ${href}` }).toContain(href);
        }
        const [target = '', fragment] = href.split('#');
        const h1 = H1_OF[target];
        if (h1) await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
        if (fragment) await expect(page.locator(`#${fragment}`)).toBeFocused();
      }
    });
  });
}

test.describe('internal links', () => {
  test('move within the app without reloading the page', async ({ page }) => {
    await openPage(page, '/about');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    // Back returns to the page before, still without a reload.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
  });

  test("of the landing's lean page load the page they name, which then moves within the app", async ({ page }) => {
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
    });
    await openPage(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.getByRole('banner').getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    expect(documents).toEqual(['/', '/about']);
  });

  test('mark the current page in the top bar', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await openPage(page, '/terms');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Terms' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current', /.*/);
  });
});
