import type { AnchorHTMLAttributes } from 'react';

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** The shell's in-app navigation, as the remote's page was handed it. */
  navigate: (to: string) => void;
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
