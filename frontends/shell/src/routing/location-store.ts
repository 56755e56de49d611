import { historyLocation } from '@escrow/ui/routing/history-location';
import { useMemo, useSyncExternalStore } from 'react';

// A tiny history-backed router store: the shell needs path matching and link clicks,
// not a framework (@escrow/ui/routing/history-location).
const addressBar = historyLocation('shell:navigate');

// A string snapshot keeps useSyncExternalStore stable between renders.
const getSnapshot = (): string => window.location.pathname + window.location.search;

export interface ShellLocation {
  pathname: string;
  search: string;
}

export function useLocation(): ShellLocation {
  const current = useSyncExternalStore(addressBar.subscribe, getSnapshot);
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
  addressBar.go(to, options);
}
