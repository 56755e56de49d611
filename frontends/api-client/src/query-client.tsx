import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';

/**
 * The page's one query cache. Reads are not retried on their own: a failure is shown at once
 * with its own 'Try again' (as every screen did before), and the live streams re-read after
 * any change or reconnection. Nothing re-reads on window focus: the streams keep screens current.
 */
export function createEscrowQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: 'always', gcTime: 5 * 60_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

const GLOBAL_KEY = '__escrowQueryClient';

/**
 * The one client of this page, shared by the shell and every remote it loads (the remotes each
 * wrap their pages in `EscrowQueryProvider`, so a remote also works on its own, e.g. in tests).
 */
export function escrowQueryClient(): QueryClient {
  const holder = globalThis as { [GLOBAL_KEY]?: QueryClient };
  holder[GLOBAL_KEY] ??= createEscrowQueryClient();
  return holder[GLOBAL_KEY];
}

export function EscrowQueryProvider({ client, children }: { readonly client?: QueryClient; readonly children: ReactNode }) {
  return <QueryClientProvider client={client ?? escrowQueryClient()}>{children}</QueryClientProvider>;
}

/**
 * A remote's exposed page inside the page's one cache: the shell already provides it (the
 * library is a federation singleton), and a page rendered on its own (a test, a remote's
 * dev server) gets the same client here.
 */
export function withQueryCache<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function Cached(props: P) {
    return (
      <EscrowQueryProvider>
        <Page {...props} />
      </EscrowQueryProvider>
    );
  }
  Cached.displayName = `withQueryCache(${Page.displayName ?? Page.name})`;
  return Cached;
}
