import { Logo } from '@escrow/ui/components/logo';
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
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="logo-link" aria-label="Escrow Delivery home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="site-header__nav">
          <SiteNavLinks className="site-nav" currentPath={currentPath} />
        </nav>
        <div className="site-header__actions">
          <Link to="/auth" className="button button--secondary site-header__sign-in">
            Sign In
          </Link>
          {prerendered ? (
            <a href="#site-footer" className="menu-button">
              <MenuIcon />
              <span>Menu</span>
            </a>
          ) : (
            <MobileMenuButton />
          )}
        </div>
      </div>
    </header>
  );
}
