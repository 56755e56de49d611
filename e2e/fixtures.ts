import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

interface ConsoleGuard {
  /**
   * Declares that the page will request `pathname` and get this HTTP status on purpose;
   * Chromium logs such a response as a console error, which is then not a failure.
   */
  expectHttpError(pathname: string, status: number): void;
  /** Declares one console error the test provokes on purpose, matched by its text. */
  expectConsoleError(pattern: RegExp): void;
  /**
   * Guards more than the test's own page: a Page, or a BrowserContext (its open pages and every
   * page it opens later), for tests that drive several people in contexts of their own.
   */
  watch(target: Page | BrowserContext): void;
}

// Chromium's own wording for a failed subresource or document response.
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/**
 * Every test fails on any console.error or uncaught page error (house rule, as in the Epic
 * Stack), except an HTTP error response the test declared, matched by exact path and status.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page, baseURL }, use) => {
      const expected = new Set<string>();
      const expectedTexts: RegExp[] = [];
      const problems: string[] = [];

      const isExpected = (message: ConsoleMessage): boolean => {
        if (expectedTexts.some((pattern) => pattern.test(message.text()))) return true;
        const status = FAILED_RESOURCE.exec(message.text())?.[1];
        if (!status) return false;
        const url = new URL(message.location().url, baseURL);
        return url.origin === new URL(baseURL ?? '').origin && expected.has(`${status} ${url.pathname}`);
      };

      const watched = new WeakSet<Page>();
      const guard = (target: Page) => {
        if (watched.has(target)) return;
        watched.add(target);
        target.on('console', (message) => {
          if (message.type() === 'error' && !isExpected(message)) {
            problems.push(`console.error: ${message.text()} (at ${message.location().url})`);
          }
        });
        target.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));
      };
      const watch = (target: Page | BrowserContext) => {
        if ('pages' in target) {
          target.pages().forEach(guard);
          target.on('page', guard);
        } else guard(target);
      };
      // The test's own context: its page and any page it opens (a second tab of the same person).
      watch(page.context());

      await use({
        expectHttpError: (pathname, status) => expected.add(`${status} ${pathname}`),
        expectConsoleError: (pattern) => expectedTexts.push(pattern),
        watch,
      });
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
