import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MessageState } from '@escrow/ui/components/message-state';
import { useShellT } from '../i18n/catalog.ts';

interface RemoteErrorBoundaryProps {
  children: ReactNode;
}

interface RemoteErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches a remote that fails to download or throws while rendering, and shows a friendly
 * message instead of a blank screen. React.lazy caches a failed import, so "Try again"
 * reloads the page to fetch the remote afresh.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): RemoteErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for diagnosis in the browser console; the visitor sees only the message below.
    console.warn('A page section failed to load', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PageFailed />;
  }
}

/** The friendly message of a page that could not be loaded, in the page's language. */
function PageFailed() {
  const t = useShellT();
  return (
      <MessageState
        tone="error"
        title={t('shell.pageFailed.title')}
        actions={
          <>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              {t('shell.tryAgain')}
            </button>
            <a href="/" className="button button--secondary">
              {t('shell.returnHome')}
            </a>
          </>
        }
      >
        <p>{t('shell.pageFailed.body')}</p>
      </MessageState>
  );
}
