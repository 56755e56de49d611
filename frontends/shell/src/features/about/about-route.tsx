import { lazyPage } from '../site-chrome/lazy-page.tsx';

export const AboutRoute = lazyPage(() => import('./about-page.tsx'));
