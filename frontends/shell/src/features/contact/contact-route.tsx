import { lazyPage } from '../site-chrome/lazy-page.tsx';

export const ContactRoute = lazyPage(() => import('./contact-page.tsx'));
