import { test as base, expect, type ConsoleMessage } from '@playwright/test';

interface ConsoleGuard {
  /**
   * Declares that the page will request `pathname` and get this HTTP status on purpose;
   * Chromium logs such a response as a console error, which is then not a failure.
   */
  expectHttpError(pathname: string, status: number): void;
  /** Declares one console error the test provokes on purpose, matched by its text. */
  expectConsoleError(pattern: RegExp): void;
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

      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpected(message)) {
          problems.push(`console.error: ${message.text()} (at ${message.location().url})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.stack ?? error.message}`));

      await use({
        expectHttpError: (pathname, status) => expected.add(`${status} ${pathname}`),
        expectConsoleError: (pattern) => expectedTexts.push(pattern),
      });
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
