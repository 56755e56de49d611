import type { ReactNode } from 'react';
import { useShellT } from '../../i18n/catalog.ts';
import { ExternalIcon } from './icons.tsx';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to another site, opened in a new tab. rel="noopener" keeps that site from reaching
 * back into this tab (window.opener); "noreferrer" keeps our URLs to ourselves. Screen
 * readers hear that a new tab opens.
 */
export function ExternalLink({ href, className, children }: ExternalLinkProps) {
  const t = useShellT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExternalIcon />
      <span className="visually-hidden">{t('shell.opensInNewTab')}</span>
    </a>
  );
}
