import { useEffect, useRef } from 'react';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { PublicLayout, usesPublicLayout } from '../features/site-chrome/public-layout.tsx';
import { useDocumentHead } from '../features/site-chrome/use-document-head.ts';
import { useLocation } from '../routing/location-store.ts';
import { matchRoute } from '../routing/match-route.ts';
import { ROUTE_PATHS } from '../routing/route-paths.ts';
import { ROUTE_TABLE } from '../routing/route-table.tsx';
import { AppLayout } from './app-layout.tsx';

export function App() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname, ROUTE_PATHS);
  const route = match ? ROUTE_TABLE[match.path] : undefined;
  // Title, description and Open Graph tags per page (features/site-chrome/page-meta.ts).
  useDocumentHead(match?.path, route?.title, pathname);

  // After an in-app navigation, move focus to the new page so screen readers announce it;
  // the first render keeps the browser's default focus.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus();
  }, [pathname]);

  // The public pages and the 404 page have the public site's top bar, menu and footer.
  const page = match && route ? <div key={pathname}>{route.render(match.params)}</div> : <NotFoundPage />;
  // Keyed by path so a page's state (and a failed remote's error) does not leak into the next page.
  return usesPublicLayout(match?.path) ? <PublicLayout>{page}</PublicLayout> : <AppLayout path={match?.path}>{page}</AppLayout>;
}
