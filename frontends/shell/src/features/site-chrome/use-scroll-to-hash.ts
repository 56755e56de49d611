import { useEffect } from 'react';

/** Scrolls to the element the URL's fragment names and gives it focus, so reading starts there. */
function revealFragmentTarget(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  // After the shell's own focus move to <main> on navigation, which runs in a later effect.
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'start' });
  });
}

/** For pages with sections: honours '#section' on arrival and on later fragment changes. */
export function useScrollToHash(): void {
  useEffect(() => {
    revealFragmentTarget();
    window.addEventListener('hashchange', revealFragmentTarget);
    return () => window.removeEventListener('hashchange', revealFragmentTarget);
  }, []);
}
