import { useAtom } from 'jotai';
import { mobileNoticeDismissedAtom } from './mobile-notice-atom.ts';
import { useIsMobile } from '../../shared/use-is-mobile.ts';

/** On a phone: the full onboarding tutorial is on a computer; dismissible, and the dismissal is remembered. */
export function MobileNotice() {
  const isMobile = useIsMobile();
  const [dismissed, setDismissed] = useAtom(mobileNoticeDismissedAtom);
  if (!isMobile || dismissed) return null;
  return (
    <aside className="notice" aria-label="Using a phone">
      <p>
        <strong>On a phone?</strong> You can complete your profile here. The full onboarding tutorial is only available on a computer.
      </p>
      <button type="button" className="button button--secondary" onClick={() => setDismissed(true)}>
        Got it
      </button>
    </aside>
  );
}
