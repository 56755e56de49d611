import { cloneElement, Fragment, useCallback, useEffect, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '@escrow/core/i18n';
import { uiCatalog } from './kit-texts.ts';
import { chooseLocale, currentLocale, i18n, isCatalogLoaded, loadCatalog, registerCatalog, translate, type Catalog } from './i18n.ts';

// Every page that shows a text of the kit has the kit's own texts registered (a dozen).
registerCatalog(uiCatalog);

/**
 * The root of a page's tree. The texts need no context (useLocale subscribes to the page's one
 * Lingui instance), so this only marks where a page starts; kept so a context can be added
 * without touching every page.
 */
export function I18nRoot({ children }: { readonly children: ReactNode }) {
  return <>{children}</>;
}

const onLanguageChange = (listener: () => void): (() => void) => i18n.on('change', listener);

/**
 * The page's language, re-rendering when it changes; needs no provider, so every component of
 * every remote (and a test rendering one alone) can ask.
 */
export function useLocale(): Locale {
  return useSyncExternalStore(onLanguageChange, currentLocale, currentLocale);
}

/** `t(id, values)` in the page's language, typed to a catalog's ids; re-renders on a language change. */
export function useT<Id extends string>(): (id: Id, values?: Readonly<Record<string, unknown>>) => string {
  const locale = useLocale();
  // A new `t` for each language, so memoised children and callbacks that use it are renewed.
  return useCallback((id: Id, values?: Readonly<Record<string, unknown>>) => (locale ? translate(id, values) : id), [locale]);
}

export interface TextProps<Id extends string> {
  readonly id: Id;
  readonly values?: Readonly<Record<string, unknown>>;
  /** The elements of the text's numbered tags: `Pay <0>{amount}</0>` with `{ 0: <strong /> }`. */
  readonly components?: Readonly<Record<string, ReactElement>>;
}

const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

/** A translated text's numbered tags as the given elements, the tags' text as their children. */
function withElements(text: string, components: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const element = components[match[1] ?? match[3] ?? ''];
    const inner = match[2];
    if (element === undefined) nodes.push(inner ?? '');
    else nodes.push(cloneElement(element, { key: `${match.index}` }, ...(inner === undefined ? [] : withElements(inner, components))));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** A text with markup in it (`<0>…</0>` tags wrap the given elements), in the page's language. */
export function Text<Id extends string>({ id, values, components }: TextProps<Id>) {
  useLocale();
  const text = translate(id, values);
  return <Fragment>{components ? withElements(text, components) : text}</Fragment>;
}

/**
 * Registers a remote's texts and says whether they are there in the page's language (a
 * Swahili table is its own chunk, fetched when the remote first shows): until then the remote
 * shows its loading state rather than English that would switch under the reader's eyes.
 */
export function useCatalog(catalog: Catalog): boolean {
  registerCatalog(catalog);
  const locale = useLocale();
  const [, setLoadedCount] = useState(0);
  const ready = isCatalogLoaded(catalog, locale);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadCatalog(catalog, locale)
      .then(() => {
        if (current) setLoadedCount((n) => n + 1);
      })
      .catch((error: unknown) => console.warn('Loading the texts failed', locale, error));
    return () => {
      current = false;
    };
  }, [catalog, locale, ready]);
  return ready;
}

/**
 * EN | SW: each language named in itself for screen readers, the current one pressed. The choice is
 * remembered on this device (the cookie the server reads). `onChoose`: told of the person's own
 * choice, where the page records it for the texts sent to them (the buyer's order, the rider, the
 * seller's account: decision 0066).
 */
export function LanguageSwitch({ className, onChoose }: { readonly className?: string; readonly onChoose?: (locale: Locale) => void }) {
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const choose = (next: Locale) => {
    if (next === locale || busy) return;
    // The person's own choice, for a page that records it for their texts (decision 0066);
    // best-effort: whatever it does, the page still changes language.
    try {
      onChoose?.(next);
    } catch (error) {
      console.warn('Recording the language failed', error);
    }
    setBusy(true);
    chooseLocale(next)
      .catch((error: unknown) => console.warn('Changing the language failed', error))
      .finally(() => setBusy(false));
  };
  return (
    <div className={['language-switch', className].filter(Boolean).join(' ')} role="group" aria-label="Language / Lugha">
      {LOCALES.map((option) => (
        // Short on the phone's top bar (EN, SW); its name is that and the language's own name
        // ("EN English", "SW Kiswahili"), so what is seen is what a voice user says.
        <button key={option} type="button" lang={option} className="language-switch__option" title={LOCALE_NAMES[option]} aria-pressed={option === locale} disabled={busy} onClick={() => choose(option)}>
          {option.toUpperCase()}
          <span className="visually-hidden"> {LOCALE_NAMES[option]}</span>
        </button>
      ))}
    </div>
  );
}
