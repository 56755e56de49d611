import { useShellT } from '../../i18n/catalog.ts';
import { Link } from '../../routing/link.tsx';
import { ExternalLink } from './external-link.tsx';
import { MAIN_LINKS } from './site-links.ts';

interface SiteNavLinksProps {
  className: string;
  /** The path shown now, marked with aria-current. */
  currentPath: string;
  /** Called when a link to one of our pages is followed (the mobile menu closes itself). */
  onNavigate?: (to: string) => void;
}

/** The main links as a list; the current page is marked for screen readers and styles. */
export function SiteNavLinks({ className, currentPath, onNavigate }: SiteNavLinksProps) {
  const t = useShellT();
  return (
    <ul className={className}>
      {MAIN_LINKS.map((link) => (
        <li key={link.label}>
          {link.kind === 'external' ? (
            <ExternalLink href={link.href} className="site-nav__link">
              {t(link.label)}
            </ExternalLink>
          ) : (
            <Link
              to={link.to}
              className="site-nav__link"
              aria-current={currentPath === link.to ? 'page' : undefined}
              onClick={() => onNavigate?.(link.to)}
            >
              {t(link.label)}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
