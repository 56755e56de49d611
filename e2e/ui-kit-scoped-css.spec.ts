// The admin and seller remotes in one shell document (decision 0061): after in-app navigation
// both remotes' stylesheets are in the page, and each one's dialog still has the width the kit
// gives it (nothing the other remote defines reaches it); on a 360px phone both are full-width
// sheets at the bottom of the screen.
import type { Locator, Page } from '@playwright/test';
import { test } from './kit/test.ts';
import { expect, PHONE } from './seller-support.ts';
import { grantAdmin } from './kit/seed.ts';
import { signedInSeller } from './kit/page-session.ts';

const DESKTOP = { width: 1280, height: 900 } as const;
/** The kit's dialog widths at 1280px: 'small' 28rem, 'medium' 30rem (frontends/ui/src/components/dialog.module.css). */
const SELLER_DIALOG_WIDTH = 448;
const ADMIN_DIALOG_WIDTH = 480;

const box = async (locator: Locator) => {
  const rect = await locator.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  return { left: rect.left, width: rect.width, bottom: rect.bottom };
};

/** Whether a stylesheet in the document has a rule for this class (each remote's own CSS). */
const hasRuleFor = (page: Page, className: string) =>
  page.evaluate((name) => {
    const rules = (sheet: CSSStyleSheet): CSSRule[] => {
      try {
        return Array.from(sheet.cssRules);
      } catch {
        return [];
      }
    };
    return Array.from(document.styleSheets).some((sheet) => rules(sheet).some((rule) => rule instanceof CSSStyleRule && rule.selectorText.split(/[\s,>+~]/).includes(`.${name}`)));
  }, className);

async function openChangePassword(page: Page): Promise<Locator> {
  const security = page.getByRole('button', { name: 'Security', exact: true });
  if ((await security.getAttribute('aria-expanded')) !== 'true') await security.click();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog.getByLabel('Current password')).toBeVisible();
  return dialog;
}

async function openExportData(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Export Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Data' });
  await expect(dialog.getByLabel('From')).toBeVisible();
  return dialog;
}

test('an admin dialog and a seller dialog keep their own widths with both remotes in one document', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await signedInSeller(page, 'Scoped Styles Shop');
  await grantAdmin(email);
  await page.setViewportSize(DESKTOP);

  // The admin area first, then the seller's by its links: one document all along.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 20_000 });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('link', { name: 'Seller Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scoped Styles Shop' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seller profile' })).toBeVisible();
  expect(await hasRuleFor(page, 'admin-page'), "the admin remote's stylesheet is in the document").toBe(true);
  expect(await hasRuleFor(page, 'seller-page'), "the seller remote's stylesheet is in the document").toBe(true);

  let dialog = await openChangePassword(page);
  expect((await box(dialog)).width).toBeCloseTo(SELLER_DIALOG_WIDTH, 0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Change Password' }), 'focus returns to the button that opened the dialog').toBeFocused();

  // Back to the admin area by links: the seller's stylesheet, loaded last, stays in the document.
  await page.getByRole('link', { name: '← Back to Dashboard' }).click();
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: 20_000 });
  dialog = await openExportData(page);
  expect((await box(dialog)).width).toBeCloseTo(ADMIN_DIALOG_WIDTH, 0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A 360px phone: both dialogs are sheets the width of the screen, at its bottom.
  await page.setViewportSize(PHONE);
  dialog = await openExportData(page);
  expect(await box(dialog)).toEqual({ left: 0, width: PHONE.width, bottom: PHONE.height });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Seller Dashboard' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  dialog = await openChangePassword(page);
  expect(await box(dialog)).toEqual({ left: 0, width: PHONE.width, bottom: PHONE.height });

  expect(await page.evaluate(() => 'sameDocument' in window), 'every move was in-app navigation').toBe(true);
});
