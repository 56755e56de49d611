import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { activateLoadedLocale } from '../i18n/i18n.ts';
import { I18nRoot } from '../i18n/react.tsx';
import { renderingOnServer, type ServerPage } from './page-answers.ts';

/**
 * Renders a lean page on the server (decision 0059) with the document's address and the API's
 * answers its first render reads, in the request's language: the tree `startPage` hydrates in
 * the browser.
 */
export function renderPage(page: ServerPage, tree: ReactNode): string {
  // One request at a time: renderToString is synchronous, so the language set here is the one rendered.
  activateLoadedLocale(page.locale ?? 'en');
  return renderingOnServer(page, () =>
    renderToString(
      <StrictMode>
        <I18nRoot>{tree}</I18nRoot>
      </StrictMode>,
    ),
  );
}
