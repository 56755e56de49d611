import '@escrow/ui/styles/base.css';
import type { ServerPage } from '@escrow/ui/page/page-answers';
import { renderPage } from '@escrow/ui/page/render-page';
import { provideTable } from '@escrow/ui/i18n/i18n';
import { catalogueCatalog, statusCatalog, uiCatalog } from '@escrow/ui/i18n/ui-texts';
import { catalogueTextsSw, statusSw, uiSw } from '@escrow/ui/i18n/ui-texts-sw';
import { riderCatalog } from '../i18n/catalog.ts';
import riderSw from '../i18n/sw.ts';
import { RiderPage } from './rider-page.tsx';

// The server renders a Swahili request at once: every table is in its bundle.
provideTable(uiCatalog, 'sw', uiSw);
provideTable(catalogueCatalog, 'sw', catalogueTextsSw);
provideTable(statusCatalog, 'sw', statusSw);
provideTable(riderCatalog, 'sw', riderSw);

/** The rider's job page rendered by the API for a job link (decision 0059), built to dist-page/.server/render.cjs. */
export function render(page: ServerPage): string {
  return renderPage(page, <RiderPage />);
}
