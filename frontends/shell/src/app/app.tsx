import { useEffect, useRef } from 'react';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { useLocation } from '../routing/location-store.ts';
import { matchRoute } from '../routing/match-route.ts';
import { ROUTE_PATHS } from '../routing/route-paths.ts';
import { ROUTE_TABLE } from '../routing/route-table.tsx';
import { AppLayout } from './app-layout.tsx';

const PRODUCT_NAME = 'Escrow Delivery';

export function App() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname, ROUTE_PATHS);
  const route = match ? ROUTE_TABLE[match.path] : undefined;
  const title = route ? route.title : 'Page not found';

  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);

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

  return (
    // Keyed by path so a page's state (and a failed remote's error) does not leak into the next page.
    <AppLayout>{match && route ? <div key={pathname}>{route.render(match.params)}</div> : <NotFoundPage />}</AppLayout>
  );
}
