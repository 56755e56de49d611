import type { ReactNode } from 'react';
import { useSession } from '@escrow/api-client/session';
import { AppChrome } from '@escrow/ui/components/app-chrome';
import { Link } from '../routing/link.tsx';
import type { RoutePath } from '../routing/route-paths.ts';
import { recordAccountLanguage } from './record-language.ts';

/**
 * Pages whose visitor is signed in (they send everyone else to /auth) or is signing in: a
 * 'Sign In' button there would tell a signed-in seller they are not. Those pages carry their
 * own Profile / Sign Out controls.
 */
const NO_SIGN_IN_BUTTON: ReadonlySet<RoutePath> = new Set([
  '/auth',
  '/verify-reset-code',
  '/reset-password',
  '/seller/signup',
  '/seller/dashboard',
  '/seller/profile',
  '/seller/create-order',
  '/admin',
]);

export function showsSignIn(path: RoutePath | undefined): boolean {
  return path === undefined || !NO_SIGN_IN_BUTTON.has(path);
}

/** Pages whose visitor is signed in: their language switch is the account's too (decision 0066). */
export function recordsAccountLanguage(path: RoutePath | undefined): boolean {
  return path !== undefined && (path.startsWith('/seller/') || path === '/order/:id' || path === '/admin');
}

export function AppLayout({ children, path }: { children: ReactNode; path?: RoutePath | undefined }) {
  // The one session read every page shares: on a page both visitors and sellers open (a seller's
  // order page), Sign In is for a visitor, once the API has said so; never flashed at a seller.
  const account = useSession().data;
  return (
    <AppChrome showSignIn={showsSignIn(path) && account === null} link={Link} {...(recordsAccountLanguage(path) ? { onLanguageChoose: recordAccountLanguage } : {})}>
      {children}
    </AppChrome>
  );
}
