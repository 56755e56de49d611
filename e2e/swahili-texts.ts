// The frontends' own texts for the Swahili browser tests (issue 19): the English and Swahili
// tables of the rider's, the seller's, the shell's and the kit's catalogs, read from their
// sources (frontends/*/src/i18n/{en,sw}.ts, the kit's ui-texts) rather than copied into the
// tests, and the kit's finder of English left on a Swahili page (@escrow/ui/i18n/untranslated)
// run inside the browser on what the page shows.
//
// The tables import the core (the spec's catalogue and its Swahili) through the workspace's
// package names, which the test runner cannot resolve from the repository's root: esbuild bundles
// them once per worker, from the sources (the `@escrow/source` condition), as the frontends'
// builds do.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import type { Page } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A language's texts by message id. */
export type TextTable = Readonly<Record<string, string>>;

type Area = 'rider' | 'seller' | 'shell' | 'pages' | 'ui';

function bundle(contents: string, globalName: string): string {
  const result = buildSync({
    stdin: { contents, resolveDir: root, sourcefile: `${globalName}.ts`, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['@escrow/source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    target: 'es2022',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced nothing for ${globalName}`);
  return output.text;
}

const TABLES_SOURCE = `
export { riderEn } from './frontends/rider/src/i18n/en.ts';
export { default as riderSw } from './frontends/rider/src/i18n/sw.ts';
export { sellerEn } from './frontends/seller/src/i18n/en.ts';
export { default as sellerSw } from './frontends/seller/src/i18n/sw.ts';
export { shellEn } from './frontends/shell/src/i18n/en.ts';
export { default as shellSw } from './frontends/shell/src/i18n/sw.ts';
export { pagesEn } from './frontends/shell/src/i18n/pages-en.ts';
export { default as pagesSw } from './frontends/shell/src/i18n/pages-sw.ts';
export { uiTextsEn as uiEn } from './frontends/ui/src/i18n/app-texts.ts';
export { uiTextsSw as uiSw } from './frontends/ui/src/i18n/ui-texts-sw.ts';
`;

const loaded = runInNewContext(`${bundle(TABLES_SOURCE, '__tables')}; __tables`, { console, globalThis: {} }) as Record<`${Area}${'En' | 'Sw'}`, TextTable>;

/** Every area's tables, English and Swahili. */
export const TABLES: Readonly<Record<Area, { readonly en: TextTable; readonly sw: TextTable }>> = {
  rider: { en: loaded.riderEn, sw: loaded.riderSw },
  seller: { en: loaded.sellerEn, sw: loaded.sellerSw },
  shell: { en: loaded.shellEn, sw: loaded.shellSw },
  pages: { en: loaded.pagesEn, sw: loaded.pagesSw },
  ui: { en: loaded.uiEn, sw: loaded.uiSw },
};

/**
 * The Swahili of `id` in `area`'s catalog, `{placeholders}` filled from `values` (simple
 * placeholders only: a plural or a tag is refused, the test should name a simpler text).
 */
export function sw(area: Area, id: string, values: Readonly<Record<string, string | number>> = {}): string {
  const text = TABLES[area].sw[id];
  if (text === undefined) throw new Error(`no Swahili text ${id} in the ${area} catalog`);
  const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${id}: no value for {${name}}`);
    return String(value);
  });
  if (/[{}<>]/.test(filled)) throw new Error(`${id} is not a plain text: ${filled}`);
  return filled;
}

/** The English of `id` in `area`'s catalog, as it is (to assert its absence). */
export function en(area: Area, id: string): string {
  const text = TABLES[area].en[id];
  if (text === undefined) throw new Error(`no English text ${id} in the ${area} catalog`);
  return text;
}

const FINDER = bundle(`export { englishLeftovers } from './frontends/ui/src/i18n/untranslated.ts';`, '__untranslated');

/**
 * What the page shows in English (or as a raw message id) although it is in Swahili, by the
 * kit's finder over `areas`' tables, run in the page on the document's body. `data` are texts
 * the page shows as they came (names, places typed by people), never counted as English.
 */
export async function englishOnPage(page: Page, areas: readonly Area[], data: readonly string[] = []): Promise<string[]> {
  const tables = areas.map((area) => [TABLES[area].en, TABLES[area].sw]);
  const prefixes = ['rider', 'seller', 'shell', 'pages', 'ui', 'catalogue', 'status', 'progress'];
  // One expression, evaluated by the debugger protocol: the page's CSP, which allows no eval, does not apply to it.
  return page.evaluate(
    `(() => { ${FINDER}; return __untranslated.englishLeftovers(${JSON.stringify(tables)}, ${JSON.stringify(prefixes)})(document.body, ${JSON.stringify(data)}); })()`,
  );
}

/**
 * Words inside `selector` broken across two lines (each word's text measured: more than one
 * line box), as the body's `overflow-wrap: anywhere` does to a word in a squeezed box; empty
 * when every word sits whole. At 360 px 'Msafirishaji' was seen as 'Msafirishaj-i' in the
 * progress steps, and the brand as 'Escrow Deliver-y' beside the language switch and Sign In.
 */
export async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((boxes) =>
    boxes.flatMap((box) => {
      const problems: string[] = [];
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('[aria-hidden="true"], .visually-hidden')) continue;
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) problems.push(`'${word[0]}' broken over ${lines.size} lines`);
        }
      }
      return problems;
    }),
  );
}

/**
 * The order progress's step names that do not sit whole on the page: a word broken across two
 * lines (brokenWords) or a name wider than its step; empty when every name fits.
 */
export async function brokenStepNames(page: Page): Promise<string[]> {
  const tooWide = await page.locator('.order-progress__steps > li').evaluateAll((steps) =>
    steps.filter((step) => step.scrollWidth > step.clientWidth).map((step) => `${step.textContent ?? ''}: ${step.scrollWidth}px wide in a ${step.clientWidth}px step`),
  );
  return [...tooWide, ...(await brokenWords(page, '.order-progress__steps > li'))];
}
