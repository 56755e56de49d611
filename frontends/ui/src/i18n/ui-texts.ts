export { uiCatalog, uiEn, type UiId } from './kit-texts.ts';
// A value import of this module registers the catalogue's and the statuses' catalogs (app-texts.ts).
export { catalogueCatalog, statusCatalog, uiTextsEn } from './app-texts.ts';
export type { CatalogueId, StatusId, UiTextId } from './text-ids.ts';
