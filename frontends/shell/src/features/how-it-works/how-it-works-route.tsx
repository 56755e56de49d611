import { lazyPage } from '../site-chrome/lazy-page.tsx';

export const HowItWorksRoute = lazyPage(() => import('./how-it-works-page.tsx'));
