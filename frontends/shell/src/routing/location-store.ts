import { useMemo, useSyncExternalStore } from 'react';

// A tiny history-backed router store: the shell needs path matching and link clicks,
// not a framework. Remotes that rewrite the URL with replaceState keep working because
// this store only re-renders on pushState navigations and back/forward.
const NAVIGATE_EVENT = 'shell:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

// A string snapshot keeps useSyncExternalStore stable between renders.
const getSnapshot = (): string => window.location.pathname + window.location.search;

export interface ShellLocation {
  pathname: string;
  search: string;
}

export function useLocation(): ShellLocation {
  const current = useSyncExternalStore(subscribe, getSnapshot);
  return useMemo(() => {
    const url = new URL(current, window.location.origin);
    return { pathname: url.pathname, search: url.search };
  }, [current]);
}

/**
 * Client-side navigation to a same-origin path such as '/seller/signup'. `replace` is for
 * redirects (no session, already onboarded): Back must not return to a page that redirects again.
 */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === getSnapshot()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  window.scrollTo(0, 0);
}
