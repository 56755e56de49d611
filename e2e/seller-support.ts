// Page checks for the seller browser tests (e2e/seller-*.spec.ts): their patient expect, the
// phone rules (44px tap targets; no sideways scrolling is order-screens.ts's expectNoHorizontalScroll)
// and amounts as the screens show them.
// The seller, its orders and riders are seeded by e2e/kit (page-session.ts for the page's own
// session, seed.ts for API clients, test.ts for the fixtures).
import type { Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures.ts';

/**
 * The seller tests' expect: 20 s rather than 5 s per assertion. The first page a fresh server
 * sends is compressed on the spot (then cached), which on this shared, busy machine took over
 * 10 s; nothing asserted is weaker for waiting.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });

export const PHONE = { width: 360, height: 740 } as const;

/**
 * Every visible control is at least 44px high. Links inside a sentence are exempt (WCAG 2.5.8,
 * inline), and so are radio buttons and check boxes whose whole label is the target.
 */
export async function expectTapTargets(page: Page): Promise<void> {
  const small = await page.locator('a:visible, button:visible, select:visible, input:visible, textarea:visible').evaluateAll((elements) =>
    elements
      .filter((element) => !(element.tagName === 'A' && element.closest('p')))
      .filter((element) => {
        const label = element.closest('label');
        return !(element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox') && label && label.getBoundingClientRect().height >= 44);
      })
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(small, 'controls smaller than 44px').toEqual([]);
}

/** Integer cents as the screens show them: 121199 -> 'KSh 1,211.99'. */
export const ksh = (cents: number): string => `KSh ${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
