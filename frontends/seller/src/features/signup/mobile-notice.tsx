import { useAtom } from 'jotai';
import { mobileNoticeDismissedAtom } from './mobile-notice-atom.ts';
import { useIsMobile } from '../../shared/use-is-mobile.ts';
import { Text } from '@escrow/ui/i18n/react';
import { useSellerT, type SellerText } from '../../i18n/use-seller-t.ts';

/** On a phone: the full onboarding tutorial is on a computer; dismissible, and the dismissal is remembered. */
export function MobileNotice() {
  const t = useSellerT();
  const isMobile = useIsMobile();
  const [dismissed, setDismissed] = useAtom(mobileNoticeDismissedAtom);
  if (!isMobile || dismissed) return null;
  return (
    <aside className="notice" aria-label={t('seller.mobile.label')}>
      <p>
        <Text<SellerText> id="seller.mobile.text" components={{ 0: <strong /> }} />
      </p>
      <button type="button" className="button button--secondary" onClick={() => setDismissed(true)}>
        {t('seller.mobile.gotIt')}
      </button>
    </aside>
  );
}
