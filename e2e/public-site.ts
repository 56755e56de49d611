// Helpers for the public-site browser tests (e2e/public-*.spec.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const HEADLINE = 'Sell Online with Confidence. Get Paid Securely.';

/** The shell's default for the external directory (frontends/shell/src/features/site-chrome/site-config.ts). */
export const VERIFIED_SELLERS_URL = 'https://verified-sellers.example.com/';

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/** The public pages: path, the h1 each shows, and the title the server and the shell give it. */
export const PUBLIC_PAGES = [
  { path: '/', h1: HEADLINE, title: 'Sell Online with Confidence | Escrow Delivery' },
  { path: '/how-it-works', h1: 'How It Works', title: 'How It Works | Escrow Delivery' },
  { path: '/about', h1: 'About Us', title: 'About Us | Escrow Delivery' },
  { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service | Escrow Delivery' },
  { path: '/contact', h1: 'Contact Us', title: 'Contact Us | Escrow Delivery' },
] as const;

/**
 * Opens a page and waits until the app runs it. The landing page arrives prerendered
 * (docs/decisions/0018): it is visible, and its links work, before the app takes over, so a
 * test that wants the app's behaviour (in-place navigation, the menu dialog) waits for React.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
  return response;
}

/** What the page-meta.json the server and the shell share says about a route. */
export function pageMeta(): {
  pages: Record<string, { title: string; description: string; noindex?: boolean } | undefined>;
  notFound: { title: string; description: string };
} {
  return JSON.parse(readFileSync(new URL('../frontends/shell/public/page-meta.json', import.meta.url), 'utf8')) as ReturnType<typeof pageMeta>;
}

/**
 * Records where the page went since its document loaded: the document's own address, then
 * every in-app navigation (history.pushState), so a test can check where a link went even when
 * the page it reached redirects on at once (e.g. /seller/signup to /auth). A link of the landing's
 * lean page loads a new document (decision 0055), whose list starts with that document's address.
 */
export async function recordNavigations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const visited: string[] = [location.pathname + location.hash];
    (window as unknown as { __visited: string[] }).__visited = visited;
    const push = history.pushState.bind(history);
    history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
      if (url !== undefined && url !== null) visited.push(new URL(url, location.href).pathname + new URL(url, location.href).hash);
      push(data, unused, url);
    };
  });
}

export const visitedPaths = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __visited: string[] }).__visited);

/** The external directory is outside the world under test: answer it locally. */
export async function stubVerifiedSellers(page: Page): Promise<void> {
  await page.context().route(`${VERIFIED_SELLERS_URL}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Verified Sellers</title><h1>Verified Sellers</h1>' }),
  );
}

/**
 * Rows of contact_submissions in the server's SQLite database (the e2e server runs on the
 * embedded default under E2E_DATA_DIR). better-sqlite3 is the adapter's own driver.
 */
export function contactRows(): { name: string; email: string; phone: string | null; message: string; resolved: number }[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const require = createRequire(new URL('../adapters/db-kysely/package.json', import.meta.url));
  const Database = require('better-sqlite3') as new (file: string, options: { readonly: boolean }) => {
    prepare(sql: string): { all(): unknown[] };
    close(): void;
  };
  const db = new Database(join(dataDir, 'escrow.sqlite'), { readonly: true });
  try {
    return db.prepare('select name, email, phone, message, resolved from contact_submissions order by created_at').all() as ReturnType<typeof contactRows>;
  } finally {
    db.close();
  }
}

let axeSource: string | undefined;

/**
 * Runs axe-core (node_modules/axe-core) in the page and returns the serious and critical
 * violations. The source is evaluated through DevTools rather than added as a <script>: the
 * site's Content-Security-Policy (rightly) refuses inline scripts.
 */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; impact: string; help: string; targets: string[] }[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact ?? '', help: violation.help, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
}
