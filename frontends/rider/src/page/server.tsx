import '@escrow/ui/styles/base.css';
import type { ServerPage } from '@escrow/ui/page/page-answers';
import { renderPage } from '@escrow/ui/page/render-page';
import { RiderPage } from './rider-page.tsx';

/** The rider's job page rendered by the API for a job link (decision 0059), built to dist-page/.server/render.cjs. */
export function render(page: ServerPage): string {
  return renderPage(page, <RiderPage />);
}
