/**
 * The address bar as a store, for a page that routes itself (the shell, the rider's lean page):
 * it changes on back/forward and on navigations made with `go`. Remotes that rewrite the URL with
 * replaceState keep working, since nothing re-renders for those. `eventName` is the page's own.
 */
export function historyLocation(eventName: string) {
  return {
    /** For useSyncExternalStore. */
    subscribe(onChange: () => void): () => void {
      window.addEventListener('popstate', onChange);
      window.addEventListener(eventName, onChange);
      return () => {
        window.removeEventListener('popstate', onChange);
        window.removeEventListener(eventName, onChange);
      };
    },
    /** Goes to a same-origin path in place, at the top of the new page (nothing when already there); `replace` for redirects. */
    go(to: string, options: { replace?: boolean } = {}): void {
      if (to === window.location.pathname + window.location.search) return;
      if (options.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      window.dispatchEvent(new Event(eventName));
      window.scrollTo(0, 0);
    },
  };
}
