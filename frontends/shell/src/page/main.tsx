import { useLayoutEffect, type ReactNode } from 'react';
import '@escrow/ui/styles/base.css';
import { startingLocale } from '@escrow/ui/i18n/i18n';
import { startPage } from '@escrow/ui/page/start-page';
import '../i18n/catalog.ts';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { PublicFrame } from '../features/site-chrome/public-layout.tsx';
import { InPlaceNavigation } from '../routing/link.tsx';

// The landing's own lean page (decision 0055): what a new seller opening / downloads is React
// and this page, not the shell's router and federation runtime. It arrives prerendered; this
// takes it over for the menu. Its links load the page they name, which brings the shell.
const container = document.getElementById('root');
if (!container) throw new Error('page.html must contain #root');

// The page is prerendered in English. A visitor whose device or browser chose Swahili would
// see its English text replaced under their eyes, lines of other lengths moving everything
// below (layout shift): the English is hidden, keeping its place, while the Swahili texts
// (a chunk of their own) arrive, and shown again in Swahili in the same frame.
const hidden = startingLocale() !== 'en';
if (hidden) container.style.visibility = 'hidden';

/** Shows the page again once it is rendered in its language, before the browser paints. */
function Shown({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (hidden) container?.style.removeProperty('visibility');
  }, []);
  return children;
}

void startPage(
  container,
  <Shown>
    <InPlaceNavigation value={false}>
      <PublicFrame currentPath="/">
        <LandingPage />
      </PublicFrame>
    </InPlaceNavigation>
  </Shown>,
).catch((error: unknown) => {
  container.style.removeProperty('visibility');
  throw error;
});
