import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@escrow/ui/styles/base.css';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { PublicFrame } from '../features/site-chrome/public-layout.tsx';
import { InPlaceNavigation } from '../routing/link.tsx';

// The landing's own lean page (decision 0055): what a new seller opening / downloads is React
// and this page, not the shell's router and federation runtime. It arrives prerendered; this
// takes it over for the menu. Its links load the page they name, which brings the shell.
const container = document.getElementById('root');
if (!container) throw new Error('page.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <InPlaceNavigation value={false}>
      <PublicFrame currentPath="/">
        <LandingPage />
      </PublicFrame>
    </InPlaceNavigation>
  </StrictMode>,
);
