import { lazyPage } from '../site-chrome/lazy-page.tsx';

export const TermsRoute = lazyPage(() => import('./terms-page.tsx'));
