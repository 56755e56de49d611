// Automated accessibility scan (axe-core) of the public pages, on a phone and a wide screen,
// in their interactive states too; plus the phone rules: no sideways scrolling at 360px and
// tap targets of at least 44px.
import type { Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { DESKTOP, openPage, PHONE, PUBLIC_PAGES, seriousAxeViolations } from './public-site.ts';

const PAGES = [...PUBLIC_PAGES.map(({ path, h1 }) => ({ path, h1 })), { path: '/no-such-page', h1: 'Page not found' }];

async function open(page: Page, path: string, h1: string) {
  await openPage(page, path);
  await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
  // Lazily loaded parts (the contact form) are in place before scanning.
  await page.waitForLoadState('networkidle');
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    for (const { path, h1 } of PAGES) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page, consoleGuard }) => {
        if (path === '/no-such-page') consoleGuard.expectHttpError(path, 404);
        await open(page, path, h1);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('interactive states', () => {
  test('the open mobile menu', async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/api/me', 401);
    await page.setViewportSize(PHONE);
    await open(page, '/', PUBLIC_PAGES[0].h1);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('an open FAQ answer', async ({ page }) => {
    await open(page, '/how-it-works', 'How It Works');
    await page.getByRole('button', { name: 'Is my information safe?' }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('the contact form showing a validation error', async ({ page }) => {
    await open(page, '/contact', 'Contact Us');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('Validation Error');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('the terms with their contents open', async ({ page }) => {
    await open(page, '/terms', 'Terms of Service');
    await page.getByText('Contents', { exact: true }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('on a 360px phone', () => {
  test.use({ viewport: PHONE });

  for (const { path, h1 } of PAGES) {
    test(`${path} fits the width and every tap target is at least 44px high`, async ({ page, consoleGuard }) => {
      if (path === '/no-such-page') consoleGuard.expectHttpError(path, 404);
      await open(page, path, h1);
      if (path === '/terms') await page.getByText('Contents', { exact: true }).click();

      const widths = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, content: document.documentElement.scrollWidth }));
      expect(widths.content).toBeLessThanOrEqual(widths.viewport);

      // Links inside a sentence are exempt (WCAG 2.5.8 "inline"); everything else must be easy to hit.
      const small = await page.locator('a:visible, button:visible, summary:visible, input:visible, textarea:visible').evaluateAll((elements) =>
        elements
          .filter((element) => !(element.tagName === 'A' && element.closest('p')))
          .filter((element) => element.getBoundingClientRect().height < 44)
          .map((element) => element.outerHTML.slice(0, 100)),
      );
      expect(small).toEqual([]);
    });
  }
});
