import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { endPageAnswers, hasPageAnswers } from './page-answers.ts';

/** Ends the document's answers once the page's first render is on screen (decision 0059). */
function FirstRender({ children }: { children: ReactNode }) {
  useEffect(() => {
    endPageAnswers();
  }, []);
  return children;
}

/**
 * Starts a lean page in `container`: a document the server rendered (it came with its answers)
 * is hydrated, any other is rendered from scratch. A hydration React cannot complete (the
 * server's HTML and the first render differ) falls back to rendering in the browser and says so
 * in the console.
 */
export function startPage(container: HTMLElement, page: ReactNode): Root {
  const tree = (
    <StrictMode>
      <FirstRender>{page}</FirstRender>
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
