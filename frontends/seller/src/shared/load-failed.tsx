import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import { MessageState } from '@escrow/ui/components/message-state';
import { localText, sellerText, useSellerT } from '../i18n/use-seller-t.ts';

/** What a failed load says: the service's own 503 message, else a word about the connection. */
export const loadFailedText = (status?: number): string => (status === 503 ? localText(SERVICE_UNAVAILABLE_MESSAGE) : sellerText('seller.checkConnection'));

/** Never a blank screen: what a seller page shows when its data could not be loaded (`status`: of the failed read, if any). */
export function LoadFailed({ onRetry, status }: { onRetry: () => void; status?: number | undefined }) {
  const t = useSellerT();
  return (
    <MessageState
      tone="error"
      title={t('seller.loadFailed.title')}
      actions={
        <>
          <button type="button" className="button" onClick={onRetry}>
            {t('seller.tryAgain')}
          </button>
          <a href="/" className="button button--secondary">
            {t('seller.returnHome')}
          </a>
        </>
      }
    >
      <p>{loadFailedText(status)}</p>
    </MessageState>
  );
}
