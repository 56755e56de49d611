import { Logo } from '@escrow/ui/components/logo';
import { LanguageSwitch } from '@escrow/ui/i18n/react';
import { useShellT } from '../../i18n/catalog.ts';
import { Link } from '../../routing/link.tsx';
import { MenuIcon } from './icons.tsx';
import { MobileMenuButton } from './mobile-menu-button.tsx';
import { SiteNavLinks } from './site-nav-links.tsx';

/**
 * The public pages' top bar: links and Sign In on wide screens, the 'Menu' button on phones.
 * In prerendered HTML (before the app's scripts run) 'Menu' is a link to the footer, which
 * lists every page, so a tap is never lost on a slow network.
 */
export function SiteHeader({ currentPath, prerendered = false }: { currentPath: string; prerendered?: boolean }) {
  const t = useShellT();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="logo-link" aria-label={t('shell.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('shell.mainNav')} className="site-header__nav">
          <SiteNavLinks className="site-nav" currentPath={currentPath} />
        </nav>
        <div className="site-header__actions">
          <LanguageSwitch className="site-header__language" />
          <Link to="/auth" className="button button--secondary site-header__sign-in">
            {t('shell.signIn')}
          </Link>
          {prerendered ? (
            <a href="#site-footer" className="menu-button">
              <MenuIcon />
              <span className="menu-button__label">{t('shell.menu')}</span>
            </a>
          ) : (
            <MobileMenuButton />
          )}
        </div>
      </div>
    </header>
  );
}
