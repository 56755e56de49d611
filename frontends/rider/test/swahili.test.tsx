// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LOCALE_COOKIE } from '@escrow/core/i18n';
import { catalogueSw } from '@escrow/core/messages-sw';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { LanguageSwitch } from '@escrow/ui/i18n/react';
import { uiTextsEn } from '@escrow/ui/i18n/ui-texts';
import { uiTextsSw } from '@escrow/ui/i18n/ui-texts-sw';
import { startPage } from '@escrow/ui/page/start-page';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RiderJobPage from '../src/features/job/rider-job-page.tsx';
import RiderJobsPage from '../src/features/jobs/rider-jobs-page.tsx';
import { riderEn } from '../src/i18n/en.ts';
import riderSw from '../src/i18n/sw.ts';
import { RiderPage } from '../src/page/rider-page.tsx';
import { render as renderOnServer } from '../src/page/server.tsx';
import type { RiderJob } from '../src/shared/rider-api.ts';
import {
  ASSIGNED_PATH,
  AVAILABLE_PATH,
  CODE_PATH,
  failure,
  fakeRiderApi,
  JOB_PATH,
  jobSummary,
  ok,
  ORDER_ID,
  PROOF_PATH,
  RIDER_KEY,
  RIDER_PHONE,
  riderJob,
  type FakeRiderApi,
} from './fake-rider-api.ts';
import { englishLeftovers, sameAsEnglish } from '@escrow/ui/i18n/untranslated';

// Issue 19: the rider's pages in Swahili and English. A text left in English on the Swahili page
// (or a message id shown raw) fails here, for each state of the job page and of the jobs list.

const JOB_SEARCH = `?phone=${RIDER_PHONE}&key=${RIDER_KEY}`;
/** What the seller and buyer typed: data, shown as it is in either language. */
const DATA = ['Samsung Galaxy A15', 'Amani Phones', 'Westlands', 'Kilimani'];

let api: FakeRiderApi;
beforeEach(() => {
  api = fakeRiderApi();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
  localStorage.clear();
  await activateLocale('en');
});

/** What the rider's pages show in English (or as a raw id) on a Swahili page. */
const findEnglish = englishLeftovers(
  [
    [riderEn, riderSw],
    [uiTextsEn, uiTextsSw],
  ],
  ['rider', 'ui', 'catalogue', 'status', 'progress'],
);

function expectNoEnglish(root: ParentNode) {
  expect(findEnglish(root, DATA)).toEqual([]);
}

const serverRender = (job: RiderJob, locale: 'en' | 'sw', search = JOB_SEARCH) =>
  renderOnServer({ pathname: `/rider/${ORDER_ID}`, search, answers: [{ path: JOB_PATH, status: 200, body: { data: job } }], locale });

const JOB_STATES = [
  ['a new job, to accept', riderJob({ status: 'rider_assigned', accepted: false })],
  ['accepted, the pickup photo to take', riderJob({ status: 'rider_assigned', accepted: true })],
  ['in transit, the delivery code to enter with attempts left', riderJob({ status: 'in_transit', codeAttemptsLeft: 3 })],
  ['in transit with one attempt left, a cash order', riderJob({ status: 'in_transit', paymentMethod: 'cash', codeAttemptsLeft: 1 })],
  ['in transit, the M-Pesa payment not confirmed yet, the fee paid by the seller', riderJob({ status: 'in_transit', paymentMethod: 'mpesa_pod', paymentConfirmed: false, deliveryPaidBy: 'seller' })],
  ['in transit, code entry locked', riderJob({ status: 'in_transit', codeLocked: true })],
  ['delivered', riderJob({ status: 'delivered' })],
  ['cancelled', riderJob({ status: 'cancelled' })],
] as const;

describe("the rider's job page in Swahili", () => {
  it.each(JOB_STATES)('shows no English text when %s (rendered by the server for a Swahili request)', (_, job) => {
    const container = document.createElement('div');
    container.innerHTML = serverRender(job, 'sw');
    expectNoEnglish(container);
    expect(container.textContent).toContain('Samsung Galaxy A15');
    expect(container.textContent).toContain('TRK7K2M9Q4');
  });

  it('says the counts and amounts in Swahili, with the formatters', () => {
    const container = document.createElement('div');
    container.innerHTML = serverRender(riderJob({ status: 'in_transit', paymentMethod: 'cash', codeAttemptsLeft: 1 }), 'sw');
    const text = container.textContent ?? '';
    expect(text).toContain('Umebakiza jaribio 1 kabla uwekaji wa msimbo haujafungwa.');
    expect(text).toContain('Pesa taslimu ya bidhaa: KSh 25,000.00');
    expect(text).toContain('takriban km 7.5, takriban dakika 25');
    expect(text).toContain('KSh 300.00, inalipwa na mnunuzi mlangoni');
  });

  it('says the same as before in English for an English request, and the spec texts verbatim', () => {
    const container = document.createElement('div');
    container.innerHTML = serverRender(riderJob({ status: 'in_transit', codeAttemptsLeft: 3 }), 'en');
    const text = container.textContent ?? '';
    expect(text).toContain('On the way to the buyer');
    expect(text).toContain('3 attempts left before code entry is locked.');
    expect(text).toContain('about 7.5 km, about 25 min');
    expect(text).toContain('KSh 300.00, collected from the buyer');
    expect(text).toContain("Seller's location");
    expect(text).not.toContain('Msimbo');
    container.innerHTML = serverRender(riderJob({ status: 'in_transit', paymentMethod: 'mpesa_pod', paymentConfirmed: false }), 'en');
    expect(container.textContent).toContain("The buyer's payment has not been confirmed yet. The buyer pays the Paybill first");
    container.innerHTML = serverRender(riderJob({ status: 'rider_assigned', accepted: false }), 'en');
    expect(container.textContent).toContain("The buyer's name, phone number and address are shown once you accept this job.");
    expect(container.querySelector('[alt="Samsung Galaxy A15 packed for delivery"]')).not.toBeNull();
  });

  it('is hydrated in the language the server rendered it in, with no mismatch and no second read', async () => {
    const answers = [{ path: JOB_PATH, status: 200, body: { data: riderJob({ status: 'in_transit' }) } }];
    const html = renderOnServer({ pathname: `/rider/${ORDER_ID}`, search: JOB_SEARCH, answers, locale: 'sw' });
    expect(html).toContain('Kamilisha uwasilishaji');
    window.history.replaceState(null, '', `/rider/${ORDER_ID}${JOB_SEARCH}`);
    document.documentElement.lang = 'sw-KE';
    document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="escrow-page-answers">${JSON.stringify(answers)}</script>`;
    const serverHeading = document.querySelector('h1');
    const errors = vi.spyOn(console, 'error');
    const root = await act(async () => startPage(document.getElementById('root')!, <RiderPage />));
    try {
      await waitFor(() => api.live());
      expect(document.querySelector('h1')).toBe(serverHeading);
      expect(errors).not.toHaveBeenCalled();
      expect(api.sent('GET', JOB_PATH)).toHaveLength(0);
      expectNoEnglish(document.body);
      expect(document.title).toBe('Kazi ya msafirishaji | Escrow Delivery');
    } finally {
      act(() => root.unmount());
      document.body.innerHTML = '';
      document.documentElement.lang = 'en-KE';
    }
  });

  describe('in the browser, in Swahili', () => {
    const openJob = async (job: RiderJob | ReturnType<typeof failure>) => {
      await activateLocale('sw');
      api.on('GET', JOB_PATH, 'status' in job && 'body' in job ? job : ok(job));
      window.history.replaceState(null, '', `/rider/${ORDER_ID}${JOB_SEARCH}`);
      render(<RiderJobPage orderId={ORDER_ID} navigate={vi.fn()} />);
    };

    it('asks for the pickup photo in Swahili', async () => {
      await openJob(riderJob({ status: 'rider_assigned', accepted: true }));
      fireEvent.click(await screen.findByRole('button', { name: 'Thibitisha Kuchukua Bidhaa' }));
      expect(await screen.findByText(catalogueSw.rider.uploadPickupPhoto)).toBeTruthy();
      expectNoEnglish(document.body);
    });

    it('reports a payment issue at the door in Swahili', async () => {
      await openJob(riderJob({ status: 'in_transit' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Ripoti Tatizo la Malipo' }));
      fireEvent.click(screen.getByRole('button', { name: 'Ripoti Tatizo' }));
      expect(await screen.findByText(catalogueSw.validation.riderPayment.issueRequired)).toBeTruthy();
      expect(screen.getByRole('textbox', { name: /Kuna tatizo gani\?/ })).toBeTruthy();
      expectNoEnglish(document.body);
    });

    it('records that the buyer rejected the item in Swahili', async () => {
      await openJob(riderJob({ status: 'in_transit' }));
      fireEvent.click(await screen.findByText('Mnunuzi amekataa bidhaa?'));
      fireEvent.click(screen.getByRole('button', { name: 'Rekodi Kukataa' }));
      expect(await screen.findByText(catalogueSw.validation.refund.reasonRequired)).toBeTruthy();
      expect(screen.getByRole('form', { name: 'Rekodi kwamba mnunuzi amekataa bidhaa' })).toBeTruthy();
      expectNoEnglish(document.body);
    });

    it('says a job that is not the rider’s, or could not be read, in Swahili', async () => {
      await openJob(failure(404, 'RIDER_ORDER_NOT_FOUND', catalogueSw.rider.orderNotFoundOrNotAssigned));
      expect(await screen.findByRole('heading', { name: catalogueSw.rider.orderNotFoundOrNotAssigned })).toBeTruthy();
      expectNoEnglish(document.body);
      cleanup();
      api.on('GET', JOB_PATH, failure(500, 'INTERNAL', 'Internal error'));
      render(<RiderJobPage orderId={ORDER_ID} navigate={vi.fn()} />);
      expect(await screen.findByRole('heading', { name: riderSw['rider.job.loadFailed'] })).toBeTruthy();
      expectNoEnglish(document.body);
    });

    it('asks for the rider link in Swahili when the address has no phone', async () => {
      await activateLocale('sw');
      window.history.replaceState(null, '', `/rider/${ORDER_ID}`);
      render(<RiderJobPage orderId={ORDER_ID} navigate={vi.fn()} />);
      expect(screen.getByRole('heading', { name: catalogueSw.rider.phoneNumberRequired })).toBeTruthy();
      expectNoEnglish(document.body);
    });
  });

  it('switches language on a tap, remembers it on the device and does not read the job again', async () => {
    api.on('GET', JOB_PATH, ok(riderJob({ status: 'rider_assigned', accepted: false })));
    window.history.replaceState(null, '', `/rider/${ORDER_ID}${JOB_SEARCH}`);
    render(
      <>
        <LanguageSwitch />
        <RiderJobPage orderId={ORDER_ID} navigate={vi.fn()} />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Accept this job' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'EN English' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'SW Kiswahili' }));
    expect(await screen.findByRole('heading', { name: 'Kubali kazi hii' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kazi mpya: ikubali ili uanze' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SW Kiswahili' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=sw`);
    expect(localStorage.getItem('escrow.locale')).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expectNoEnglish(document.body);
    expect(api.sent('GET', JOB_PATH)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByRole('heading', { name: 'Accept this job' })).toBeTruthy();
    expect(api.sent('GET', JOB_PATH)).toHaveLength(1);
  });
});

describe("the rider's jobs list in Swahili", () => {
  const PROVEN = ok({ phone: '+254712345678' });
  const openJobs = async (search: string) => {
    await activateLocale('sw');
    window.history.replaceState(null, '', `/rider${search}`);
    render(<RiderJobsPage navigate={vi.fn()} />);
  };

  it('asks for the phone number in Swahili, and says what is wrong with it', async () => {
    localStorage.removeItem('rider-phone');
    await openJobs('');
    expect(screen.getByRole('heading', { name: 'Kazi za msafirishaji' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Angalia Kazi' }));
    expect(await screen.findByText(catalogueSw.rider.enterPhoneNumber)).toBeTruthy();
    expectNoEnglish(document.body);
  });

  it('sends the code and checks it in Swahili, the tries left counted', async () => {
    api.on('GET', PROOF_PATH, ok({ phone: null }));
    api.on('POST', CODE_PATH, ok({ sent: true, phone: '+254712345678', expiresAt: '2026-01-01T09:10:00.000Z', resendAfterSeconds: 60, message: catalogueSw.rider.phoneCodeSent }));
    api.on('POST', PROOF_PATH, failure(400, 'RIDER_CODE_WRONG', 'Msimbo si sahihi.', { attemptsLeft: 2 }));
    await openJobs(`?phone=${RIDER_PHONE}`);
    expect(await screen.findByRole('heading', { name: 'Thibitisha simu yako' })).toBeTruthy();
    expectNoEnglish(document.body);

    fireEvent.click(screen.getByRole('button', { name: 'Tuma Msimbo' }));
    const field = await screen.findByRole('textbox', { name: /Msimbo wa tarakimu 6/ });
    expect(screen.getByText(catalogueSw.rider.phoneCodeSent)).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Tuma msimbo tena baada ya [01]:\d\d$/ })).toBeTruthy();
    expectNoEnglish(document.body);

    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Thibitisha Msimbo' }));
    expect(await screen.findByText('Msimbo si sahihi. Umebakiza majaribio 2.')).toBeTruthy();
    expectNoEnglish(document.body);
  });

  it.each([
    ['jobs to take', [jobSummary('a', 'paid', false), jobSummary('b', 'paid', false, { deliveryArea: null, deliveryPaidBy: 'seller', estimatedDistanceKm: null })], []],
    ['jobs of the rider', [], [jobSummary('c', 'rider_assigned', false), jobSummary('d', 'rider_assigned', true), jobSummary('e', 'in_transit', true), jobSummary('f', 'delivered', true), jobSummary('g', 'cancelled', true)]],
    ['no jobs at all', [], []],
  ])('shows no English text with %s', async (_, available, assigned) => {
    api.on('GET', PROOF_PATH, PROVEN);
    api.on('GET', AVAILABLE_PATH, ok({ jobs: available }));
    api.on('GET', ASSIGNED_PATH, ok({ jobs: assigned }));
    await openJobs(`?phone=${RIDER_PHONE}`);
    expect(await screen.findByRole('tab', { name: `Kazi Zilizopo (${available.length})` })).toBeTruthy();
    expect(screen.getByRole('tab', { name: `Kazi Zangu (${assigned.length})` })).toBeTruthy();
    expectNoEnglish(document.body);
  });

  it('says the lists could not be read in Swahili', async () => {
    api.on('GET', PROOF_PATH, PROVEN);
    api.on('GET', AVAILABLE_PATH, failure(500, 'INTERNAL', 'Internal error'));
    api.on('GET', ASSIGNED_PATH, ok({ jobs: [] }));
    await openJobs(`?phone=${RIDER_PHONE}`);
    expect(await screen.findByRole('heading', { name: catalogueSw.rider.loadAvailableJobsFailed })).toBeTruthy();
    expectNoEnglish(document.body);
  });
});

describe('the Swahili catalogs', () => {
  it('translate every text: none is left as its English', () => {
    expect(sameAsEnglish(riderEn, riderSw)).toEqual([]);
    expect(sameAsEnglish(uiTextsEn, uiTextsSw)).toEqual(['ui.footer']);
  });
});
