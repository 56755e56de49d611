import { MessageState } from '@escrow/ui/components/message-state';

/** Never a blank screen: what a seller page shows when its data could not be loaded. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
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
      <p>Please check your internet connection and try again.</p>
    </MessageState>
  );
}
