import type { ReactNode } from 'react';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { LoadingState } from '@escrow/ui/components/loading-state';

/** Loading, empty and failure states inside a tab (the page's own h1 stays the only h1). */
export function LoadingPart({ label }: { label: string }) {
  return <LoadingState label={label} />;
}

export function EmptyPart({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-state">
      <p className="admin-state__title">{title}</p>
      {children}
    </div>
  );
}

/** A part of the screen that could not be read: what happened in plain words (`unavailable`: the server said 503), and a retry. */
export function FailedPart({ what, onRetry, unavailable = false }: { what: string; onRetry: () => void; unavailable?: boolean }) {
  return (
    <div className="admin-state admin-state--error" role="alert">
      <p className="admin-state__title">We could not load {what}.</p>
      <p>{unavailable ? SERVICE_UNAVAILABLE_MESSAGE : 'Please check your internet connection and try again.'}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Shown above data that could not be refreshed: it is still there, but maybe not current. */
export function NotCurrentNote({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="admin-note admin-note--warning" role="status">
      <p>These figures may be out of date: the last update could not be loaded.</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Refresh
      </button>
    </div>
  );
}
