import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: narrower than 768px. */
const QUERY = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches);
}
