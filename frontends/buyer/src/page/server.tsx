import '@escrow/ui/styles/base.css';
import type { ServerPage } from '@escrow/ui/page/page-answers';
import { renderPage } from '@escrow/ui/page/render-page';
import { Provider } from 'jotai';
import { BuyerPage, orderIdOf } from './buyer-page.tsx';

/**
 * The buyer's page rendered by the API for a link with its code (decision 0059), built to
 * dist-page/.server/render.cjs by vite.page.config.ts. A fresh jotai store per request keeps
 * nothing of one buyer for the next.
 */
export function render(page: ServerPage): string {
  return renderPage(
    page,
    <Provider>
      <BuyerPage orderId={orderIdOf(page.pathname)} />
    </Provider>,
  );
}
