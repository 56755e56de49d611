import { Suspense, type ReactNode } from 'react';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { useShellT } from '../i18n/catalog.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';

/** Wraps a lazily loaded remote page: a loading state while it downloads, a message if it fails. */
export function RemoteRoute({ children }: { children: ReactNode }) {
  const t = useShellT();
  return (
    <RemoteErrorBoundary>
      <Suspense fallback={<LoadingState label={t('shell.loadingPage')} />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
