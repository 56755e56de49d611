// Helpers for the admin screen's browser tests (e2e/admin-*.spec.ts).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** How long a first visit may take to download and start the admin remote. */
export const REMOTE_LOAD_MS = 20_000;

/** Opens /admin and waits for the dashboard (access checked, summary read). */
export async function openAdminDashboard(page: Page): Promise<void> {
  await page.goto('/admin');
  // The first visit downloads the admin remote: slower than a click on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible({ timeout: REMOTE_LOAD_MS });
  await expect(summaryValue(page, 'Total Orders')).not.toHaveText('…', { timeout: REMOTE_LOAD_MS });
}

/** The value line of one of the six summary cards. */
export const summaryValue = (page: Page, title: string): Locator =>
  page.locator('.summary-card').filter({ has: page.getByText(title, { exact: true }) }).locator('.summary-card__value');

export const summaryNote = (page: Page, title: string): Locator =>
  page.locator('.summary-card').filter({ has: page.getByText(title, { exact: true }) }).locator('.summary-card__note');

export async function summaryCents(page: Page, title: string): Promise<number> {
  return centsOf(await summaryValue(page, title).innerText());
}

export async function summaryCount(page: Page, title: string): Promise<number> {
  return Number((await summaryValue(page, title).innerText()).replaceAll(',', ''));
}

/** Searches the Orders tab (server-side) and answers the row or card of that order. */
export async function findOrder(page: Page, trackingNumber: string): Promise<Locator> {
  await page.getByLabel('Search orders').fill(trackingNumber);
  await page.getByRole('search', { name: 'Orders' }).getByRole('button', { name: 'Search' }).click();
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  const item = wide ? page.getByRole('region', { name: 'Orders' }).getByRole('row').filter({ hasText: trackingNumber }) : page.getByRole('list', { name: 'Orders' }).getByRole('listitem').filter({ hasText: trackingNumber });
  await expect(item).toHaveCount(1);
  return item;
}

/** Links inside a sentence are exempt (WCAG 2.5.8 "inline"); every other control is at least 44px high. */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.locator('a:visible, button:visible, input:visible, select:visible, textarea:visible, [role="tab"]:visible').evaluateAll((elements) =>
    elements
      .filter((element) => !(element.tagName === 'A' && element.closest('p, li')?.textContent !== element.textContent))
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map((element) => element.outerHTML.slice(0, 120)),
  );
}

/** '12,345.50' and 'KSh 12,345.50' as integer cents. */
export function centsOf(text: string): number {
  const match = /(-?)([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]?.replaceAll(',', '')) * 100 + Number(match[3]));
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
