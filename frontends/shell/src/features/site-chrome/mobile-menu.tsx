import type { RefObject } from 'react';
import { SlideOutMenu } from '@escrow/ui/components/slide-out-menu';
import { useShellT } from '../../i18n/catalog.ts';
import { Link } from '../../routing/link.tsx';
import { useLocation } from '../../routing/location-store.ts';
import type { SessionStatus } from './session-status.ts';
import { SiteNavLinks } from './site-nav-links.tsx';

export interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Called with the target when a link to one of our pages is followed. */
  onNavigate: (to: string) => void;
  shouldReturnFocus: () => boolean;
  session: SessionStatus;
}

/**
 * The slide-out 'Menu' of small screens. Loaded on the first tap (or when the button is
 * touched or focused): Radix's dialog is about 14 kB gzipped, which the landing page's
 * first load cannot afford (docs/decisions/0018-public-site-audit-and-link-previews.md).
 */
export default function MobileMenu({ open, onOpenChange, returnFocusTo, onNavigate, shouldReturnFocus, session }: MobileMenuProps) {
  const t = useShellT();
  const { pathname } = useLocation();
  return (
    <SlideOutMenu open={open} onOpenChange={onOpenChange} title={t('shell.menu')} returnFocusTo={returnFocusTo} shouldReturnFocus={shouldReturnFocus}>
      <nav aria-label={t('shell.menu')}>
        <SiteNavLinks className="menu-links" currentPath={pathname} onNavigate={onNavigate} />
      </nav>
      <div className="menu-actions">
        {/* Nothing is shown until the API answers, so Sign In never flashes for a signed-in seller. */}
        {session === 'signed-out' ? (
          <Link to="/auth" className="button button--secondary button--block" onClick={() => onNavigate('/auth')}>
            {t('shell.signIn')}
          </Link>
        ) : null}
        {session === 'signed-in' ? (
          <Link to="/seller/dashboard" className="button button--secondary button--block" onClick={() => onNavigate('/seller/dashboard')}>
            {t('shell.myDashboard')}
          </Link>
        ) : null}
        <Link to="/seller/signup" className="button button--block" onClick={() => onNavigate('/seller/signup')}>
          {t('shell.startSelling')}
        </Link>
      </div>
    </SlideOutMenu>
  );
}
