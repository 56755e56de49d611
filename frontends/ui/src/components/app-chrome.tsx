import type { ComponentType, ReactNode } from 'react';
import { Logo } from './logo.tsx';
import { LanguageSwitch, useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';
import type { Locale } from '@escrow/core/i18n';

interface ChromeLinkProps {
  to: string;
  className: string;
  'aria-label'?: string;
  children: ReactNode;
}

/** A link as the host renders it: the shell's in-app Link, or a plain anchor on a page of its own. */
export type ChromeLink = ComponentType<ChromeLinkProps>;

function PlainLink({ to, children, ...rest }: ChromeLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

interface AppChromeProps {
  children: ReactNode;
  /** False on pages whose visitor is signed in or signing in (they carry their own account controls). */
  showSignIn: boolean;
  link?: ChromeLink;
  /** Told when the visitor picks a language on the switch, for a page that records it (decision 0066). */
  onLanguageChoose?: (locale: Locale) => void;
}

/**
 * The top bar, main column and footer of the app's pages (everything but the public site's
 * pages): the shell's layout, and the buyer's and rider's own lean pages (decision 0053).
 */
export function AppChrome({ children, showSignIn, link: Link = PlainLink, onLanguageChoose }: AppChromeProps) {
  const t = useT<UiTextId>();
  return (
    <>
      <header className="top-bar">
        <div className="container top-bar__inner">
          <Link to="/" className="logo-link" aria-label={t('ui.home')}>
            <Logo />
          </Link>
          <div className="top-bar__actions">
            <LanguageSwitch {...(onLanguageChoose ? { onChoose: onLanguageChoose } : {})} />
            {showSignIn ? (
              <nav aria-label={t('ui.accountNav')}>
                <Link to="/auth" className="button button--secondary">
                  {t('ui.signIn')}
                </Link>
              </nav>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" className="container page" tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <div className="container">{t('ui.footer', { year: String(new Date().getFullYear()) })}</div>
      </footer>
    </>
  );
}
