import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { navigate } from './location-store.ts';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/**
 * Whether links navigate in place (the shell's router renders the next page) or load it as a
 * document. The landing's lean page (src/page/main.tsx, decision 0055) has no router: its links
 * are plain links, and the page they open brings the shell.
 */
export const InPlaceNavigation = createContext(true);

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** An ordinary link that navigates in place; modified clicks still open a new tab. */
export function Link({ to, onClick, target, ...rest }: LinkProps) {
  const inPlace = useContext(InPlaceNavigation);
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!inPlace || event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
