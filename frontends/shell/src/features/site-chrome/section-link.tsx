import type { ReactNode } from 'react';
import { Link } from '../../routing/link.tsx';

/**
 * A link to a section of one of our pages ('/terms#privacy'). The shell's router moves with
 * history.pushState, which fires no 'hashchange', so this link announces the new fragment
 * itself once the navigation is done; the page scrolls to the section (use-scroll-to-hash.ts).
 */
export function SectionLink({ to, className, children }: { to: `${string}#${string}`; className?: string; children?: ReactNode }) {
  return (
    <Link
      to={to}
      className={className}
      onClick={() => {
        setTimeout(() => window.dispatchEvent(new HashChangeEvent('hashchange')), 0);
      }}
    >
      {children}
    </Link>
  );
}
