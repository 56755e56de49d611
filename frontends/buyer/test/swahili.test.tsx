// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LOCALE_COOKIE } from '@escrow/core/i18n';
import { activateLocale, saveLocale, startingLocale } from '@escrow/ui/i18n/i18n';
import { LanguageSwitch } from '@escrow/ui/i18n/react';
import { uiTextsEn } from '@escrow/ui/i18n/ui-texts';
import { uiTextsSw } from '@escrow/ui/i18n/ui-texts-sw';
import { startPage } from '@escrow/ui/page/start-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BuyerOrderPage from '../src/features/order/buyer-order-page.tsx';
import { buyerEn } from '../src/i18n/en.ts';
import buyerSw from '../src/i18n/sw.ts';
import { BuyerPage } from '../src/page/buyer-page.tsx';
import { render as renderOnServer } from '../src/page/server.tsx';
import { buyerOrder, DELIVERY_CODE, ok, ORDER_ID, ORDER_PATH, type FakeBuyerApi } from './fake-buyer-api.ts';
import { endBuyerPageTest, startBuyerPageTest } from './render-buyer-page.tsx';
import { englishLeftovers, sameAsEnglish } from '@escrow/ui/i18n/untranslated';

// Issue 19: the buyer's page in Swahili and English. A text left in English on the Swahili page
// (or a message id shown raw) fails here, for each state the page can be in.

let api: FakeBuyerApi;
afterEach(async () => {
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
  localStorage.clear();
  await activateLocale('en');
});

/** The tests that open the page in the browser get the fake API (and its fake clock). */
function withFakeApi() {
  beforeEach(() => {
    api = startBuyerPageTest();
  });
  afterEach(endBuyerPageTest);
}

/** What the buyer's page shows in English (or as a raw id) on a Swahili page. */
const findEnglish = englishLeftovers(
  [
    [buyerEn, buyerSw],
    [uiTextsEn, uiTextsSw],
  ],
  ['buyer', 'ui', 'catalogue', 'status', 'progress'],
);

function expectNoEnglish(root: ParentNode, data: readonly string[] = []) {
  expect(findEnglish(root, data)).toEqual([]);
}

const STATES = [
  ['awaiting payment, with the prompt and the Paybill', buyerOrder({ mpesaPrompt: true })],
  ['a typed receipt being verified', buyerOrder({ paymentBeingVerified: true })],
  ['paid, the code on this browser', buyerOrder({ status: 'paid' })],
  ['paid, the code sent by SMS to the payer', buyerOrder({ status: 'paid', holdsCode: false, codeSentTo: '07xx xxx 678' })],
  ['on its way', buyerOrder({ status: 'in_transit' })],
  ['delivered, to be rated', buyerOrder({ status: 'delivered' })],
  ['cancelled', buyerOrder({ status: 'cancelled' })],
] as const;

describe("the buyer's page in Swahili", () => {
  it.each(STATES)('shows no English text when %s (rendered by the server for a Swahili request)', (_, order) => {
    const html = renderOnServer({ pathname: `/buyer/order/${ORDER_ID}`, search: `?code=${DELIVERY_CODE}`, answers: [{ path: ORDER_PATH, status: 200, body: { data: order } }], locale: 'sw' });
    const container = document.createElement('div');
    container.innerHTML = html;
    expectNoEnglish(container);
    expect(container.textContent).toContain('Samsung Galaxy A15');
  });

  it('says the same in English for an English request, and the spec texts verbatim', () => {
    const html = renderOnServer({ pathname: `/buyer/order/${ORDER_ID}`, search: `?code=${DELIVERY_CODE}`, answers: [{ path: ORDER_PATH, status: 200, body: { data: buyerOrder({ status: 'paid' }) } }], locale: 'en' });
    expect(html).toContain('Payment Confirmed - Assigning Rider');
    expect(html).toContain('Your delivery code');
    expect(html).not.toContain('Msimbo');
  });

  describe('in the browser', () => {
  withFakeApi();

  it('is hydrated in the language the server rendered it in, with no mismatch and no second read', async () => {
    const answers = [{ path: ORDER_PATH, status: 200, body: { data: buyerOrder({ status: 'paid' }) } }];
    const html = renderOnServer({ pathname: `/buyer/order/${ORDER_ID}`, search: `?code=${DELIVERY_CODE}`, answers, locale: 'sw' });
    expect(html).toContain('Msimbo wako wa uwasilishaji');
    window.history.replaceState(null, '', `/buyer/order/${ORDER_ID}?code=${DELIVERY_CODE}`);
    document.documentElement.lang = 'sw-KE';
    document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="escrow-page-answers">${JSON.stringify(answers)}</script>`;
    const serverHeading = document.querySelector('h2');
    const errors = vi.spyOn(console, 'error');
    const root = await act(async () => startPage(document.getElementById('root')!, <BuyerPage orderId={ORDER_ID} />));
    try {
      await waitFor(() => api.live());
      expect(document.querySelector('h2')).toBe(serverHeading);
      expect(errors).not.toHaveBeenCalled();
      expect(api.sent('GET', ORDER_PATH)).toHaveLength(0);
      expectNoEnglish(document.body);
    } finally {
      act(() => root.unmount());
      document.documentElement.lang = 'en-KE';
    }
  });

  it('switches language on a tap, remembers it on the device and tells the server', async () => {
    api.on('GET', ORDER_PATH, ok(buyerOrder({ status: 'paid' })));
    window.history.replaceState(null, '', `/buyer/order/${ORDER_ID}?code=${DELIVERY_CODE}`);
    render(
      <>
        <LanguageSwitch />
        <BuyerOrderPage orderId={ORDER_ID} />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Your delivery code' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'EN English' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'SW Kiswahili' }));
    expect(await screen.findByRole('heading', { name: 'Msimbo wako wa uwasilishaji' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Malipo Yamethibitishwa - Tunateua Msafirishaji' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SW Kiswahili' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=sw`);
    expect(localStorage.getItem('escrow.locale')).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expectNoEnglish(document.body, ['Samsung Galaxy A15']);
    // Nothing was read again for a language change.
    expect(api.sent('GET', ORDER_PATH)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByRole('heading', { name: 'Your delivery code' })).toBeTruthy();
  });
  });
});

describe('which language a page starts in', () => {
  const languages = (list: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(list);

  it('is Swahili where the browser asks for it before English, English otherwise', () => {
    languages(['sw-KE', 'en-US']);
    expect(startingLocale()).toBe('sw');
    languages(['en-KE', 'sw']);
    expect(startingLocale()).toBe('en');
    languages(['fr-FR', 'de']);
    expect(startingLocale()).toBe('en');
  });

  it("is the device's own choice over the browser's", () => {
    languages(['sw-KE']);
    saveLocale('en');
    expect(startingLocale()).toBe('en');
  });
});

describe('the Swahili catalogs', () => {
  it('translate every text: none is left as its English', () => {
    expect(sameAsEnglish(buyerEn, buyerSw)).toEqual([]);
    expect(sameAsEnglish(uiTextsEn, uiTextsSw)).toEqual(['ui.footer']);
  });
});
