import { renderToString } from 'react-dom/server';
import { PublicFrame } from '../site-chrome/public-layout.tsx';
import { LandingPage } from './landing-page.tsx';

/**
 * The landing page as HTML, rendered once at build time (vite.config.ts, prerenderLanding).
 * The API sends it inside #root for '/', so a phone on a slow network paints the hero as soon
 * as the HTML and the stylesheet arrive, instead of after 13 scripts; the app then renders
 * the same page over it. Its links are real links, so they work before the scripts too.
 */
export function renderLandingHtml(): string {
  return renderToString(
    <PublicFrame currentPath="/" prerendered>
      <LandingPage />
    </PublicFrame>,
  );
}
