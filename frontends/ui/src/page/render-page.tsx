import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderingOnServer, type ServerPage } from './page-answers.ts';

/**
 * Renders a lean page on the server (decision 0059) with the document's address and the API's
 * answers its first render reads: the tree `startPage` hydrates in the browser.
 */
export function renderPage(page: ServerPage, tree: ReactNode): string {
  return renderingOnServer(page, () => renderToString(<StrictMode>{tree}</StrictMode>));
}
