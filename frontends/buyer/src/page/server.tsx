import '@escrow/ui/styles/base.css';
import type { ServerPage } from '@escrow/ui/page/page-answers';
import { renderPage } from '@escrow/ui/page/render-page';
import { Provider } from 'jotai';
import { provideTable } from '@escrow/ui/i18n/i18n';
import { catalogueCatalog, statusCatalog, uiCatalog } from '@escrow/ui/i18n/ui-texts';
import { catalogueTextsSw, statusSw, uiSw } from '@escrow/ui/i18n/ui-texts-sw';
import { buyerCatalog } from '../i18n/catalog.ts';
import buyerSw from '../i18n/sw.ts';
import { BuyerPage, orderIdOf } from './buyer-page.tsx';

// The server renders a Swahili request at once: every table is in its bundle.
provideTable(uiCatalog, 'sw', uiSw);
provideTable(catalogueCatalog, 'sw', catalogueTextsSw);
provideTable(statusCatalog, 'sw', statusSw);
provideTable(buyerCatalog, 'sw', buyerSw);

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
