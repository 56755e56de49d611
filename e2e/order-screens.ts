// Shared by the buyer and rider browser tests: their pages' addresses, the phone rules and the axe scan.
// expectNoHorizontalScroll is every screen's (seller, admin, Swahili specs import it from here too).
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export { DESKTOP, PHONE, seriousAxeViolations } from './public-site.ts';

/**
 * The first screen after a page load downloads the shell and a remote; on a busy machine that
 * can take longer than the default 5 s of an expectation.
 */
export const FIRST_SCREEN = { timeout: 20_000 } as const;

/** The path (no origin) of a link, as a test opens it in the browser. */
export const pathOf = (link: string): string => {
  const url = new URL(link);
  return url.pathname + url.search;
};

/**
 * The buyer page as the payer opens it with the code from the payment SMS (links that carry the
 * real code keep working, issue 16): the page then holds the code (refunds, rating).
 */
export function codeLinkOf(order: { readonly id: string; readonly deliveryCode?: string | undefined }): string {
  if (!order.deliveryCode) throw new Error(`codeLinkOf: order ${order.id} has no code yet (pay it first)`);
  return `/buyer/order/${order.id}?code=${order.deliveryCode}`;
}

/** No sideways scrolling: the content is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, content: document.documentElement.scrollWidth }));
  expect(widths.content, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
}

/**
 * Every control at least 44px high. Links inside a sentence are exempt (WCAG 2.5.8 "inline");
 * an input inside its label (checkboxes, the star ratings' hidden radios) counts by the label,
 * which is what a finger hits.
 */
export async function expectTapTargets(page: Page): Promise<void> {
  const small = await page.locator('a:visible, button:visible, summary:visible, input:visible, textarea:visible, [role="tab"]:visible').evaluateAll((elements) =>
    elements
      .filter((element) => !(element.tagName === 'A' && element.closest('p')))
      .filter((element) => {
        const target = element.tagName === 'INPUT' ? (element.closest('label') ?? element) : element;
        return target.getBoundingClientRect().height < 44;
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(small).toEqual([]);
}
