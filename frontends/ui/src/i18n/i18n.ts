import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from '@escrow/core/i18n';
import { compileMessage } from './compile-message.ts';

/** A language's texts by message id, in ICU MessageFormat (`Code sent to {phone}`). */
export type MessageTable = Readonly<Record<string, string>>;

/** A table in every language: English with the page (the spec's texts are English), the others fetched when chosen. */
export interface Catalog<Id extends string = string> {
  readonly en: Readonly<Record<Id, string>>;
  readonly sw: Readonly<Record<Id, string>> | (() => Promise<Readonly<Record<Id, string>>>);
}

const GLOBAL_KEY = '__escrowI18n';

function createI18n(): I18n {
  const created = setupI18n();
  // Texts are ICU strings compiled on first use by a compiler of the subset the catalogs use
  // (Lingui's own weighs ~10 kB gzip), so the catalogs are plain TypeScript tables that the
  // typecheck holds complete.
  const compiled = new Map<string, ReturnType<typeof compileMessage>>();
  const compiler: Parameters<I18n['setMessagesCompiler']>[0] = (message) => {
    let result = compiled.get(message);
    if (result === undefined) {
      result = compileMessage(message);
      compiled.set(message, result);
    }
    return result as ReturnType<Parameters<I18n['setMessagesCompiler']>[0]>;
  };
  created.setMessagesCompiler(compiler);
  // English until a page chooses: a text is never asked for with no language set.
  created.load('en', {});
  created.activate('en');
  return created;
}

/** The page's one Lingui instance, shared by the shell and every remote it loads. */
export const i18n: I18n = ((globalThis as { [GLOBAL_KEY]?: I18n })[GLOBAL_KEY] ??= createI18n());

const catalogs = new Set<Catalog>();
/** Every English text by id: what a text missing in another language falls back to. */
const english: Record<string, string> = {};
const loaded = new Map<Catalog, Set<Locale>>();

async function loadInto(catalog: Catalog, locale: Locale): Promise<void> {
  const done = loaded.get(catalog) ?? new Set<Locale>();
  loaded.set(catalog, done);
  if (done.has(locale)) return;
  const source = catalog[locale];
  const table = typeof source === 'function' ? await source() : source;
  i18n.load(locale, table);
  done.add(locale);
}

/** Whether every registered catalog has its `locale` table in place. */
export function isLocaleLoaded(locale: Locale): boolean {
  for (const catalog of catalogs) if (!loaded.get(catalog)?.has(locale)) return false;
  return true;
}

/**
 * Adds a remote's or page's texts: English at once (always there, the fallback of any text
 * missing elsewhere), the active language's table too when it is already in the bundle.
 */
export function registerCatalog(catalog: Catalog): void {
  if (catalogs.has(catalog)) return;
  catalogs.add(catalog);
  Object.assign(english, catalog.en);
  void loadInto(catalog, 'en');
  if (typeof catalog.sw !== 'function') void loadInto(catalog, 'sw');
}

/** Whether `catalog`'s `locale` table is in place. */
export function isCatalogLoaded(catalog: Catalog, locale: Locale): boolean {
  return loaded.get(catalog)?.has(locale) ?? false;
}

/**
 * Puts a table in place at once: a server render has every language in its bundle, so it
 * renders a Swahili request without waiting for a chunk.
 */
export function provideTable<Id extends string>(catalog: Catalog<Id>, locale: Locale, table: Readonly<Record<Id, string>>): void {
  registerCatalog(catalog);
  const done = loaded.get(catalog) ?? new Set<Locale>();
  loaded.set(catalog, done);
  if (done.has(locale)) return;
  i18n.load(locale, table);
  done.add(locale);
}

/** Fetches `catalog`'s `locale` table (a remote that arrives after the page chose its language). */
export function loadCatalog(catalog: Catalog, locale: Locale): Promise<void> {
  return loadInto(catalog, locale);
}

/** The English of `id` (the fallback of a text another language lacks). */
export function englishOf(id: string): string | undefined {
  return english[id];
}

/**
 * The text `id` in the page's language, `values` put in its `{placeholders}`; a text the
 * language lacks shows in English (and is reported as missing: tests fail on it).
 */
export function translate(id: string, values?: Readonly<Record<string, unknown>>): string {
  const fallback = english[id];
  return i18n._(id, values as Record<string, unknown> | undefined, fallback === undefined ? undefined : { message: fallback });
}

/** Fetches every registered catalog's `locale` table (the Swahili ones are chunks of their own). */
export async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all([...catalogs].map((catalog) => loadInto(catalog, locale)));
}

/** Makes `locale` the page's language once its texts are in place. */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** Makes `locale` the language at once; its texts must be in place (a server render, whose tables are all in its bundle). */
export function activateLoadedLocale(locale: Locale): void {
  if (!isLocaleLoaded(locale)) throw new Error(`The ${locale} texts are not loaded`);
  if (i18n.locale !== locale) i18n.activate(locale);
}

/** The page's language now ('en' before any was chosen). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

const STORAGE_KEY = 'escrow.locale';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The device's saved choice, if any (the cookie, which the server reads too, then local storage). */
export function savedLocale(): Locale | null {
  const fromCookie = readCookie(LOCALE_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The language a page starts in: the device's choice, else the browser's languages (Swahili where it asks for it first). */
export function startingLocale(): Locale {
  return savedLocale() ?? negotiateLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Remembers `locale` on this device (for a year) and tells the server through its cookie. */
export function saveLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the cookie still carries the choice.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The language switch's action: remember, fetch the texts, show the page in `locale`. */
export async function chooseLocale(locale: Locale): Promise<void> {
  saveLocale(locale);
  await activateLocale(locale);
}
