// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { uiSw } from '@escrow/ui/i18n/ui-texts-sw';
import { afterEach, describe, expect, it } from 'vitest';
import pageWordsSw from '../public/page-meta-sw.json';
import pageMetaEn from '../public/page-meta.json';
import { useDocumentHead } from '../src/features/site-chrome/use-document-head.ts';
import { ROUTE_PATHS } from '../src/routing/route-paths.ts';

// Issue 19, decision 0067: the pages' titles and descriptions in Swahili (public/page-meta-sw.json,
// which the server writes into the first page and the shell keeps on in-app navigation).
describe("the shell's page words in Swahili", () => {
  afterEach(async () => {
    cleanup();
    await activateLocale('en');
  });

  it('has a Swahili title for every route and an entry for every page of page-meta.json', () => {
    expect(Object.keys(pageWordsSw.routeTitles).sort()).toEqual([...ROUTE_PATHS].sort());
    expect(Object.keys(pageWordsSw.pages).sort()).toEqual(Object.keys(pageMetaEn.pages).sort());
  });

  it("says 'Loading…' as the kit does", () => {
    expect(pageWordsSw.loading).toBe(uiSw['ui.loading']);
  });

  function Head({ path, title }: { readonly path: string | undefined; readonly title?: string }) {
    useDocumentHead(path, title, path ?? '/missing');
    return null;
  }

  it('keeps the title and description in the page language on in-app navigation', async () => {
    document.head.innerHTML = '<meta property="og:locale" content="en_KE" />';
    const { rerender } = render(<Head path="/about" title="About Us" />);
    expect(document.title).toBe('About Us | Escrow Delivery');
    await activateLocale('sw');
    await waitFor(() => expect(document.title).toBe(`${pageWordsSw.pages['/about'].title} | Escrow Delivery`));
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(pageWordsSw.pages['/about'].description);
    expect(document.head.querySelector<HTMLMetaElement>('meta[property="og:locale"]')?.content).toBe('sw_KE');
    // A route with no entry of its own: its Swahili title; an unknown path: the 404's.
    rerender(<Head path="/seller/dashboard" title="Seller dashboard" />);
    await waitFor(() => expect(document.title).toBe(`${pageWordsSw.routeTitles['/seller/dashboard']} | Escrow Delivery`));
    rerender(<Head path={undefined} />);
    await waitFor(() => expect(document.title).toBe(`${pageWordsSw.notFound.title} | Escrow Delivery`));
  });
});
