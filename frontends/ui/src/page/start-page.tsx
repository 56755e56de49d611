import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { activateLocale, currentLocale, startingLocale } from '../i18n/i18n.ts';
import { I18nRoot } from '../i18n/react.tsx';
import { endPageAnswers, hasPageAnswers, pageLocale } from './page-answers.ts';

/** Ends the document's answers once the page's first render is on screen (decision 0059). */
function FirstRender({ children }: { children: ReactNode }) {
  useEffect(() => {
    endPageAnswers();
  }, []);
  return children;
}

/**
 * Starts a lean page in `container`, in its language: a document the server rendered (it came with its answers)
 * is hydrated, any other is rendered from scratch. A hydration React cannot complete (the
 * server's HTML and the first render differ) falls back to rendering in the browser and says so
 * in the console.
 */
export async function startPage(container: HTMLElement, page: ReactNode): Promise<Root> {
  // A server render is hydrated in the language it was rendered in; any other page starts in
  // the device's choice or the browser's (its Swahili texts are fetched first, if chosen).
  const locale = pageLocale() ?? startingLocale();
  await activateLocale(locale).catch((error: unknown) => {
    console.warn('Loading the texts failed; the page shows in English', locale, error);
    return activateLocale('en');
  });
  document.documentElement.lang = currentLocale();
  const tree = (
    <StrictMode>
      <I18nRoot>
        <FirstRender>{page}</FirstRender>
      </I18nRoot>
    </StrictMode>
  );
  if (hasPageAnswers()) {
    return hydrateRoot(container, tree, {
      onRecoverableError: (error) => console.error('The page could not take over its server render', error),
    });
  }
  const root = createRoot(container);
  root.render(tree);
  return root;
}
