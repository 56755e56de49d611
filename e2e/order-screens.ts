// Checks shared by the buyer and rider browser tests: the phone rules and the axe scan.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export { DESKTOP, PHONE, seriousAxeViolations } from './public-site.ts';

/** No sideways scrolling: the content is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, content: document.documentElement.scrollWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
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
