import { VERIFIED_SELLERS_URL } from './site-config.ts';

export type SiteLink =
  | { readonly kind: 'page'; readonly label: string; readonly to: string }
  | { readonly kind: 'external'; readonly label: string; readonly href: string };

/** The top bar's links, in order; the mobile menu shows the same list. */
export const MAIN_LINKS: readonly SiteLink[] = [
  { kind: 'external', label: 'Verified Sellers', href: VERIFIED_SELLERS_URL },
  { kind: 'page', label: 'How It Works', to: '/how-it-works' },
  { kind: 'page', label: 'About', to: '/about' },
  { kind: 'page', label: 'Terms', to: '/terms' },
  { kind: 'page', label: 'Contact', to: '/contact' },
];
