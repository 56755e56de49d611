import type { ShellMessageId } from '../../i18n/en.ts';
import { VERIFIED_SELLERS_URL } from './site-config.ts';

export type SiteLink =
  | { readonly kind: 'page'; readonly label: ShellMessageId; readonly to: string }
  | { readonly kind: 'external'; readonly label: ShellMessageId; readonly href: string };

/** The top bar's links, in order; the mobile menu shows the same list. */
export const MAIN_LINKS: readonly SiteLink[] = [
  { kind: 'external', label: 'shell.link.verifiedSellers', href: VERIFIED_SELLERS_URL },
  { kind: 'page', label: 'shell.link.howItWorks', to: '/how-it-works' },
  { kind: 'page', label: 'shell.link.about', to: '/about' },
  { kind: 'page', label: 'shell.link.terms', to: '/terms' },
  { kind: 'page', label: 'shell.link.contact', to: '/contact' },
];
