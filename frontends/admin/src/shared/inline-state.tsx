import type { ReactNode } from 'react';
import { LoadingState } from '@escrow/ui/components/loading-state';
import { useAdminT } from '../i18n/use-admin-t.ts';

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
export function FailedPart({ title, onRetry, unavailable = false }: { title: string; onRetry: () => void; unavailable?: boolean }) {
  const t = useAdminT();
  return (
    <div className="admin-state admin-state--error" role="alert">
      <p className="admin-state__title">{title}</p>
      <p>{unavailable ? t('catalogue.errors.serviceUnavailable') : t('admin.checkConnection')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('admin.tryAgain')}
      </button>
    </div>
  );
}

/** Shown above data that could not be refreshed: it is still there, but maybe not current. */
export function NotCurrentNote({ onRetry }: { onRetry: () => void }) {
  const t = useAdminT();
  return (
    <div className="admin-note admin-note--warning" role="status">
      <p>{t('admin.notCurrent')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('admin.refresh')}
      </button>
    </div>
  );
}
