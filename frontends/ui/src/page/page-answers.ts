import { localeOfTag, type Locale } from '@escrow/core/i18n';

/**
 * A lean page rendered on the server (decision 0059): the API reads the order for the link's
 * credentials as the page's first GET would, renders the page with that answer, and sends the
 * answer along in `<script type="application/json" id="escrow-page-answers">`, so the browser
 * hydrates the same page from the same answer instead of reading it again.
 *
 * On the server the page's address and answers are set for the length of one synchronous
 * `renderToString` (`renderingOnServer`); in the browser they come from the document, and only
 * until the page's first render has been committed (`endPageAnswers`): a page mounted later
 * (the rider moving between jobs in place) reads the API as usual.
 */
export interface PageAnswer {
  /**
   * The API path the answer is for, as the page's GET asks it. The server read it with the
   * credentials in the document's own address, the ones the page's first read sends; they are
   * not repeated in the document.
   */
  readonly path: string;
  readonly status: number;
  /** The parsed JSON body. */
  readonly body: unknown;
}

export interface ServerPage {
  /** The document's path as location.pathname gives it (percent-encoded). */
  readonly pathname: string;
  /** The document's query string, '?...' or ''. */
  readonly search: string;
  readonly answers: readonly PageAnswer[];
  /** The request's language (its cookie, else its Accept-Language); absent: English. */
  readonly locale?: Locale;
}

export const PAGE_ANSWERS_ELEMENT_ID = 'escrow-page-answers';

let serverPage: ServerPage | undefined;
let browserAnswers: readonly PageAnswer[] | undefined;
let browserDone = false;

/** Runs a synchronous server render with `page` as the document's address and answers. */
export function renderingOnServer<T>(page: ServerPage, render: () => T): T {
  serverPage = page;
  try {
    return render();
  } finally {
    serverPage = undefined;
  }
}

/** The document's query string: the server's request while rendering there, else the address bar's. */
export function pageSearch(): string {
  return serverPage ? serverPage.search : window.location.search;
}

/** The document's path: the server's request while rendering there, else the address bar's. */
export function pagePathname(): string {
  return serverPage ? serverPage.pathname : window.location.pathname;
}

/**
 * The language the server rendered this document in (its `<html lang>`), which the page must
 * hydrate in; null for a document the server did not render.
 */
export function pageLocale(): Locale | null {
  if (serverPage) return serverPage.locale ?? 'en';
  if (!hasPageAnswers()) return null;
  return localeOfTag(document.documentElement.lang);
}

/** Whether this document came with answers (and its #root with their rendered page). */
export function hasPageAnswers(): boolean {
  return typeof document !== 'undefined' && document.getElementById(PAGE_ANSWERS_ELEMENT_ID) !== null;
}

function documentAnswers(): readonly PageAnswer[] {
  if (browserAnswers !== undefined) return browserAnswers;
  browserAnswers = [];
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  try {
    const parsed: unknown = JSON.parse(element?.textContent ?? '[]');
    if (Array.isArray(parsed)) browserAnswers = parsed as PageAnswer[];
  } catch {
    // A damaged block: the page reads the API as it would without one.
  }
  return browserAnswers;
}

/** Answers are for the page's first render only; later renders read the API. */
export function endPageAnswers(): void {
  browserDone = true;
}

/** The answer the document came with for a GET of `path`, if any. */
export function pageAnswer(path: string): PageAnswer | undefined {
  const answers = serverPage ? serverPage.answers : browserDone ? [] : documentAnswers();
  return answers.find((answer) => answer.path === path);
}
