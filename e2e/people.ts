// Tests with several people, each on a phone of their own: the `person` fixture opens a 360 px
// page in a browser context of its own (own cookies, own client address for the rate limits),
// guarded by the console guard like the test's own page, and closes it after the test.
import type { BrowserContext, Page } from '@playwright/test';
import { test as guarded } from './fixtures.ts';
import { freshAddress } from '@escrow/test-kit';
import { PHONE } from './public-site.ts';

export interface PersonOptions {
  /** Another origin than the app's, e.g. the simulator's (simUrl() in e2e/daraja-sim.ts). */
  readonly baseURL?: string;
  /** The phone's language (navigator.languages and Accept-Language), e.g. 'sw-KE'. */
  readonly locale?: string;
}

export const test = guarded.extend<{ person: (options?: PersonOptions) => Promise<Page> }>({
  person: async ({ browser, baseURL, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL: options.baseURL ?? baseURL,
        viewport: PHONE,
        extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() },
        ...(options.locale ? { locale: options.locale } : {}),
      });
      contexts.push(context);
      consoleGuard.watch(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
