import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { MessageState } from '@escrow/ui/components/message-state';

/** What a failed load says: the service's own 503 message, else a word about the connection. */
export const loadFailedText = (status?: number): string => (status === 503 ? SERVICE_UNAVAILABLE_MESSAGE : 'Please check your internet connection and try again.');

/** Never a blank screen: what a seller page shows when its data could not be loaded (`status`: of the failed read, if any). */
export function LoadFailed({ onRetry, status }: { onRetry: () => void; status?: number | undefined }) {
  return (
    <MessageState
      tone="error"
      title="We could not load your account"
      actions={
        <>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
          <a href="/" className="button button--secondary">
            Return to Home
          </a>
        </>
      }
    >
      <p>{loadFailedText(status)}</p>
    </MessageState>
  );
}
