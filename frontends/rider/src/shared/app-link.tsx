import type { AnchorHTMLAttributes } from 'react';
import type { Navigate } from './navigate.ts';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  navigate: Navigate;
}

/** A real link (open in a new tab works) that navigates in place on a plain click. */
export function AppLink({ to, navigate, onClick, ...rest }: AppLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
