import type { ReactNode } from 'react';
import { useShellT } from '../../i18n/catalog.ts';
import { useLocation } from '../../routing/location-store.ts';
import './public-site.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The public site's frame around whatever page the shell's router shows. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PublicFrame currentPath={pathname}>{children}</PublicFrame>;
}

/**
 * The frame of the public site (landing, how it works, about, terms, contact, 404): a skip
 * link, the top bar, the page and the footer. Pages lay out their own full-width sections.
 * It reads no browser state, so the build can also render it to HTML (landing/prerender-landing.tsx);
 * `prerendered` is set there, for markup that must work before the app's scripts have run.
 */
export function PublicFrame({ currentPath, prerendered = false, children }: { currentPath: string; prerendered?: boolean; children: ReactNode }) {
  const t = useShellT();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('shell.skipToMain')}
      </a>
      <SiteHeader currentPath={currentPath} prerendered={prerendered} />
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** Route patterns shown in the public frame; unknown paths (the 404 page) are too. */
const PUBLIC_ROUTES: ReadonlySet<string> = new Set(['/', '/how-it-works', '/about', '/terms', '/contact']);

export function usesPublicLayout(routePath: string | undefined): boolean {
  return routePath === undefined || PUBLIC_ROUTES.has(routePath);
}
