import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows the window as it is resized or rotated. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The spec's mobile breakpoint (section 9: 768px). */
export const WIDE_SCREEN = '(min-width: 768px)';
