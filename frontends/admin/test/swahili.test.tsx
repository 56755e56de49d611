// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { payoutStateLabel } from '@escrow/core';
import { adminStatusLabel, ORDER_STATUSES, type OrderStatus } from '@escrow/core/orders';
import { escrowQueryClient } from '@escrow/api-client/query-client';
import { compileMessage } from '@escrow/ui/i18n/compile-message';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { uiTextsEn } from '@escrow/ui/i18n/ui-texts';
import { uiTextsSw } from '@escrow/ui/i18n/ui-texts-sw';
import { englishLeftovers, sameAsEnglish } from '@escrow/ui/i18n/untranslated';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminDashboardPage from '../src/features/dashboard/admin-dashboard-page.tsx';
import { adminEn, type AdminMessageId } from '../src/i18n/en.ts';
import adminSw from '../src/i18n/sw.ts';
import type { AdminPayout, ContactSubmission, PayoutMode, PayoutReconciliation, UnverifiedPayments } from '../src/shared/admin-types.ts';
import { adminOrderDetail, adminOrderRow, adminPayout, failure, ok, ORDER_ID, refundRequest, type FakeAnswer } from './fake-admin-api.tsx';

// Issue 19: the admin's screen in Swahili. A text left in English on a Swahili page (or a
// message id shown raw) fails here, for every tab, dialog and state.

/** Ids whose Swahili is the English itself: brands and names that read the same in both. */
const SAME_IN_BOTH: readonly string[] = ['admin.method.direct_mpesa', 'admin.method.paybill', 'admin.sellers.col.whatsapp', 'ui.footer'];

const TABLES: readonly [Readonly<Record<string, string>>, Readonly<Record<string, string>>][] = [
  [adminEn, adminSw],
  [uiTextsEn, uiTextsSw],
];

/** What the admin's screen shows in English (or as a raw id) on a Swahili page. */
const findEnglish = englishLeftovers(TABLES, ['admin', 'ui', 'catalogue', 'status', 'progress']);

/** What sellers, buyers and M-Pesa wrote, and what the server's views say in their own words: data, shown as it is. */
const DATA = [
  'Samsung Galaxy A15',
  'Amani Phones',
  'Wanjiku',
  'Otieno',
  'Westlands, Nairobi',
  'The phone is not the model I ordered',
  'Please call me back about my order',
  'Kamau Traders',
  'WANJIRU',
  'The initiator information is invalid.',
  'M-Pesa reported a payment no payout waits for.',
  'No order has the account number TRK9D3F7JI',
];

function expectNoEnglish() {
  expect(findEnglish(document.body, DATA)).toEqual([]);
}

class FakeEventSource extends EventTarget {
  readyState = 1;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.readyState = 2;
  }
}

const ACCOUNT = { userId: 'admin-1', email: 'admin@example.com', roles: ['admin'], isAdmin: true, sellerId: null };

/** A payout with the tracking number and item the payouts list shows. */
const payout = (overrides: Partial<AdminPayout> = {}): AdminPayout => adminPayout({ trackingNumber: 'TRK9D3F7J1', itemName: 'Samsung Galaxy A15', ...overrides });

const FAILED_PAYOUT = payout({ id: 'payout-failed-1', state: 'failed', destination: 'M-Pesa 254700000001', attempt: 2, problem: 'The initiator information is invalid.', canRetry: true });
const PAID_PAYOUTS = [
  payout({ id: 'payout-paid-1', state: 'succeeded', receipt: 'QK12AB34CD', receiverName: 'AMANI', destination: 'M-Pesa 254700000001', completedAt: '2026-01-03T09:01:00.000Z', canRecordReference: false }),
  payout({ id: 'payout-paid-2', purpose: 'rider', amount: 30_000, state: 'recorded', receipt: 'QK12AB34CE', completedAt: '2026-01-03T09:02:00.000Z', canRecordReference: false }),
  payout({ id: 'payout-refund-1', purpose: 'refund', amount: 2_500_000, state: 'queued', canRecordReference: true }),
  payout({ id: 'payout-unknown-1', purpose: 'rider', amount: 30_000, state: 'unknown', canRecordReference: false }),
];

/** Orders of every status, and the row states of the Action column. */
function orderRows(mode: PayoutMode) {
  const rows = ORDER_STATUSES.map((status: OrderStatus, index) => adminOrderRow({ id: `order-${index}`, trackingNumber: `TRK000000${index}`, status, settlementPaid: false, payouts: [] }));
  return [
    ...rows,
    adminOrderRow({ id: 'order-verify', trackingNumber: 'TRKVERIFY1', status: 'awaiting_payment', paymentBeingVerified: true, paymentConfirmed: false, canMarkPaid: false }),
    adminOrderRow({ id: 'order-unverified', trackingNumber: 'TRKUNVER01', paymentVerifiedBy: null, canMarkPaid: false }),
    adminOrderRow({ id: 'order-settled', trackingNumber: 'TRKSETTLE1', status: 'settlement_completed', settlementPaid: true, canMarkPaid: false, payouts: PAID_PAYOUTS.slice(0, 2) }),
    adminOrderRow({ id: 'order-moving', trackingNumber: 'TRKMOVING1', payouts: [payout({ id: 'payout-sent-1', state: 'sent', canRecordReference: false }), FAILED_PAYOUT] }),
    adminOrderRow({ id: ORDER_ID, sellerBusinessName: null, sellerPaymentMethod: null, deliveryPaidBy: 'seller', payouts: mode === 'manual' ? [] : [payout()] }),
  ];
}

const REFUNDS = [
  { ...refundRequest(adminOrderDetail()), paidWithoutRiderFor72Hours: true },
  { ...refundRequest(adminOrderDetail({ paymentVerifiedBy: null })), id: 'refund-2', requestedBy: 'seller' as const },
  {
    ...refundRequest(adminOrderDetail({ status: 'cancelled' })),
    id: 'refund-3',
    requestedBy: 'rider' as const,
    status: 'refunded' as const,
    resolvedAt: '2026-01-03T09:00:00.000Z',
    mpesaReference: 'RFD1234567',
    resolutionNote: 'Refunded on the phone',
  },
];

const CONTACTS: ContactSubmission[] = [
  { id: 'contact-1', name: 'Wanjiku', email: 'wanjiku@example.com', phone: '+254712345678', message: 'Please call me back about my order', resolved: false, resolvedAt: null, resolvedBy: null, resolvedByEmail: null, createdAt: '2026-01-02T09:00:00.000Z' },
  { id: 'contact-2', name: 'Otieno', email: 'otieno@example.com', phone: null, message: 'Please call me back about my order', resolved: true, resolvedAt: '2026-01-03T09:00:00.000Z', resolvedBy: 'admin-1', resolvedByEmail: 'admin@example.com', createdAt: '2026-01-02T10:00:00.000Z' },
  { id: 'contact-3', name: 'Kamau Traders', email: 'kamau@example.com', phone: null, message: 'Please call me back about my order', resolved: true, resolvedAt: '2026-01-03T09:00:00.000Z', resolvedBy: null, resolvedByEmail: null, createdAt: '2026-01-02T11:00:00.000Z' },
];

const PAYMENTS: UnverifiedPayments = {
  unmatched: [
    { transId: 'TYP1234567', billRefNumber: 'TRK9D3F7JI', amount: 2_500_000, payerName: 'WANJIRU', transTime: '20261125120000', receivedAt: '2026-11-25T09:00:00.000Z', note: 'No order has the account number TRK9D3F7JI', status: 'unmatched' },
    { transId: 'TYP7654321', billRefNumber: '', amount: 100_000, payerName: '', transTime: '20261125120000', receivedAt: '2026-11-25T10:00:00.000Z', note: null, status: 'unmatched' },
  ],
  orders: [
    { orderId: 'o-1', trackingNumber: 'TRK0000001', price: 150_000, kind: 'claim', receipt: 'QWE1234567', since: '2026-11-23T09:00:00.000Z', flagged: true, check: null },
    { orderId: 'o-2', trackingNumber: 'TRK0000002', price: 150_000, kind: 'unverified_paid', receipt: null, since: '2026-11-23T09:00:00.000Z', flagged: false, check: null },
  ],
} as UnverifiedPayments;

const RECONCILIATION: PayoutReconciliation = {
  checkedAt: '2026-01-03T09:00:00.000Z',
  clearingInLedger: 2_437_500,
  inFlight: 2_467_500,
  payouts: { total: 7, inFlight: 2, succeeded: 1, failed: 1 },
  unmatched: [
    { payoutId: null, orderId: null, problem: 'M-Pesa reported a payment no payout waits for.' },
    { payoutId: FAILED_PAYOUT.id, orderId: ORDER_ID, problem: 'The initiator information is invalid.' },
    { payoutId: 'payout-nowhere-0001', orderId: null, problem: 'The initiator information is invalid.' },
  ],
};

const SUMMARY = { totalOrders: 1234, revenueCents: 12_500_000, awaitingSettlement: { count: 3, payoutCents: 7_500_000, owedCents: 7_400_000 }, completed: 20, totalSellers: 4, pendingContacts: 1 };
const SELLERS = [
  { id: 's-1', businessName: 'Amani Phones', location: 'Westlands, Nairobi', phone: '+254712345678', whatsapp: null, paymentMethod: 'paybill', paymentNumber: '247247', createdAt: '2026-01-01T09:00:00.000Z' },
  { id: 's-2', businessName: 'Kamau Traders', location: 'Westlands, Nairobi', phone: '+254712345679', whatsapp: '+254712345679', paymentMethod: 'till_number', paymentNumber: '5123456', createdAt: '2026-01-01T09:00:00.000Z' },
  { id: 's-3', businessName: 'Otieno', location: 'Westlands, Nairobi', phone: '+254712345670', whatsapp: null, paymentMethod: 'direct_mpesa', paymentNumber: '+254712345670', createdAt: '2026-01-01T09:00:00.000Z' },
];
const CONFIG = { config: { businessNumber: '600100', accountNumber: 'ESCROW', accountName: 'Escrow Delivery', updatedAt: '2026-01-01T09:00:00.000Z', updatedBy: 'admin-1', updatedByEmail: 'admin@example.com', source: 'saved' } };

type Answers = Record<string, FakeAnswer | (() => FakeAnswer)>;

/** A whole admin world: every read the screen makes, answered by path (with its query) or by path alone. */
function world(mode: PayoutMode = 'manual'): Answers {
  const rows = orderRows(mode);
  return {
    'GET /api/auth/session': ok({ account: ACCOUNT }),
    'GET /api/admin/summary': ok(SUMMARY),
    'GET /api/admin/orders': ok({ orders: rows, total: 45, page: 1, pageSize: 20, payoutMode: mode }),
    'GET /api/admin/refund-requests': ok({ refundRequests: REFUNDS, total: 3, page: 1, pageSize: 10, payoutMode: mode }),
    'GET /api/admin/sellers': ok({ sellers: SELLERS, total: 1, page: 1, pageSize: 20 }),
    'GET /api/admin/contacts': ok({ contacts: CONTACTS, total: 21, page: 1, pageSize: 20 }),
    'GET /api/admin/payment-config': ok(CONFIG),
    'GET /api/admin/payments/unverified': ok(PAYMENTS),
    'GET /api/admin/payouts?failed=1&limit=100': ok({ payouts: [FAILED_PAYOUT], mode }),
    'GET /api/admin/payouts': ok({ payouts: [FAILED_PAYOUT, ...PAID_PAYOUTS], mode }),
    'GET /api/admin/payouts/reconciliation': ok(RECONCILIATION),
    [`GET /api/admin/orders/${ORDER_ID}`]: ok(adminOrderDetail({ sellerBusinessName: null, deliveryPaidBy: 'seller', paymentReceived: 2_400_000, paymentClaimReceipt: 'QRS1TU2VW9', paymentBeingVerified: false })),
    [`GET /api/admin/orders/order-moving/payouts`]: ok({ payouts: [payout({ id: 'payout-sent-1', state: 'sent', canRecordReference: false }), FAILED_PAYOUT], mode }),
    [`GET /api/admin/orders/order-settled/payouts`]: ok({ payouts: [], mode }),
  };
}

function fakeApi(answers: Answers) {
  escrowQueryClient().clear();
  const respond = (a: FakeAnswer) => {
    if (a === 'network-failure') throw new TypeError('Failed to fetch');
    return { ok: a.status < 300, status: a.status, headers: new Headers(), json: async () => a.body } as unknown as Response;
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = String(input);
    const answer = answers[`${method} ${path}`] ?? answers[`${method} ${path.split('?')[0]}`];
    if (answer === undefined) return respond(failure(404, 'NOT_FOUND', `No fake for ${method} ${path}`));
    return respond(typeof answer === 'function' ? answer() : answer);
  });
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('EventSource', FakeEventSource);
  return fetch;
}

/** The whole admin page, as the shell shows it at /admin, once its header has rendered. */
async function renderAdmin(answers: Answers) {
  fakeApi(answers);
  const navigate = vi.fn();
  render(<AdminDashboardPage navigate={navigate} />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Dashibodi ya Msimamizi' })).toBeTruthy();
  return { navigate };
}

/** Shows a tab (Radix tabs choose on mouse down) and waits for what it read. */
async function openTab(name: string, shown: () => Promise<unknown>) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
  await shown();
  // Every read of the tab (lists, nested parts) has answered.
  await new Promise((resolve) => setTimeout(resolve, 30));
}

async function openDialog(button: string | RegExp, title: string) {
  fireEvent.click((await screen.findAllByRole('button', { name: button }))[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: title });
  await new Promise((resolve) => setTimeout(resolve, 30));
  return dialog;
}

beforeEach(async () => {
  localStorage.clear();
  await activateLocale('sw');
});
afterEach(async () => {
  cleanup();
  document.getElementById('escrow-toasts')?.remove();
  escrowQueryClient().clear();
  vi.unstubAllGlobals();
  localStorage.clear();
  await activateLocale('en');
});

describe("the admin's screen in Swahili", () => {
  it('every tab, with rows of every status and state, has no English', async () => {
    await renderAdmin(world('manual'));
    // Orders: the summary, refund requests, the filters, every status and action, the pager.
    expect(await screen.findByText('Jumla ya Oda')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Maombi ya Kurejeshewa Pesa' })).toBeTruthy();
    expect((await screen.findAllByText('Malipo hayajahakikiwa')).length).toBeGreaterThan(0);
    expect(screen.getByText('Inaunganisha taarifa za moja kwa moja…')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Kurasa za oda' })).toBeTruthy();
    expectNoEnglish();

    await openTab('Wauzaji', () => screen.findByRole('heading', { name: 'Wauzaji' }));
    expect(await screen.findByText('Nambari ya Till')).toBeTruthy();
    expectNoEnglish();

    await openTab('Malipo yasiyolingana', () => screen.findByRole('heading', { name: 'Malipo yanayohakikiwa' }));
    expect(screen.getByText('Zaidi ya saa 24')).toBeTruthy();
    expectNoEnglish();

    await openTab('Malipo ya kutumwa', () => screen.findByText('Leja na malipo yaliyo njiani hayalingani: angalia hapa chini.'));
    expect((await screen.findAllByText('Yameshindikana')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Yamelipwa kwa mkono').length).toBeGreaterThan(0);
    expectNoEnglish();

    await openTab('Mawasiliano', () => screen.findByRole('heading', { name: 'Jumbe za Mawasiliano' }));
    expect(await screen.findByRole('button', { name: 'Weka Alama Umeshughulikiwa: ujumbe kutoka kwa Wanjiku' })).toBeTruthy();
    expectNoEnglish();

    await openTab('Msimamizi', () => screen.findByRole('heading', { name: 'Usimamizi wa Wasimamizi' }));
    expect(await screen.findByRole('button', { name: 'Hariri Maelezo ya Malipo' })).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(screen.getByRole('button', { name: 'Hariri Maelezo ya Malipo' }));
    expect(await screen.findByRole('button', { name: 'Hifadhi Mabadiliko' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Nambari ya biashara ya Paybill/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hifadhi Mabadiliko' }));
    expect(await screen.findByText('Tafadhali jaza maelezo yote ya malipo')).toBeTruthy();
    expectNoEnglish();
  });

  it('every list empty, and a search that matches nothing, has no English', async () => {
    const empty = {
      ...world('automatic'),
      'GET /api/admin/orders': ok({ orders: [], total: 0, page: 1, pageSize: 20, payoutMode: 'automatic' }),
      'GET /api/admin/refund-requests': ok({ refundRequests: [], total: 0, page: 1, pageSize: 10, payoutMode: 'automatic' }),
      'GET /api/admin/sellers': ok({ sellers: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/admin/contacts': ok({ contacts: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/admin/payments/unverified': ok({ unmatched: [], orders: [] }),
      'GET /api/admin/payouts?failed=1&limit=100': ok({ payouts: [], mode: 'automatic' }),
      'GET /api/admin/payouts': ok({ payouts: [], mode: 'automatic' }),
      'GET /api/admin/payouts/reconciliation': ok({ ...RECONCILIATION, inFlight: RECONCILIATION.clearingInLedger, unmatched: [] }),
      'GET /api/admin/payment-config': ok({ config: { ...CONFIG.config, businessNumber: null, accountNumber: null, accountName: null, updatedAt: null, updatedBy: null, updatedByEmail: null, source: 'default' } }),
    } satisfies Answers;
    await renderAdmin(empty);
    expect(await screen.findByText('Bado hakuna oda.')).toBeTruthy();
    expect(await screen.findByText('Hakuna maombi ya kurejeshewa pesa yaliyo wazi.')).toBeTruthy();
    expectNoEnglish();
    fireEvent.change(screen.getByLabelText('Hali'), { target: { value: 'paid' } });
    expect(await screen.findByText('Hakuna oda inayolingana na utafutaji huu au hali hii.')).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('Onyesha')[0] as HTMLElement, { target: { value: 'all' } });
    expect(await screen.findByText('Hakuna maombi ya kurejeshewa pesa hapa.')).toBeTruthy();
    expectNoEnglish();

    await openTab('Wauzaji', () => screen.findByText('Bado hakuna wauzaji.'));
    fireEvent.change(screen.getByLabelText('Tafuta wauzaji'), { target: { value: 'Kamau' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tafuta' }));
    expect(await screen.findByText('Hakuna muuzaji anayelingana na utafutaji huu.')).toBeTruthy();
    expectNoEnglish();
    await openTab('Malipo yasiyolingana', () => screen.findByText('Hakuna malipo yanayosubiri kuhakikiwa.'));
    expectNoEnglish();
    await openTab('Malipo ya kutumwa', () => screen.findByText('Bado hakuna malipo ya kutumwa.'));
    expect(screen.getByText('Hakuna malipo yaliyoshindikana.')).toBeTruthy();
    expect(screen.getByText('Leja na malipo yaliyo njiani yanalingana.')).toBeTruthy();
    expectNoEnglish();
    await openTab('Mawasiliano', () => screen.findByText('Bado hakuna jumbe za mawasiliano.'));
    fireEvent.change(screen.getByLabelText('Onyesha'), { target: { value: 'open' } });
    expect(await screen.findByText('Hakuna jumbe hapa.')).toBeTruthy();
    expectNoEnglish();
    await openTab('Msimamizi', () => screen.findByText(/Bado haijawekwa/));
    expectNoEnglish();
  });

  it('every part that could not be read, and the reads still loading, have no English', async () => {
    const down: Answers = { 'GET /api/auth/session': ok({ account: ACCOUNT }) };
    for (const key of Object.keys(world())) if (key !== 'GET /api/auth/session') down[key] = failure(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again.');
    await renderAdmin(down);
    expect(await screen.findByText('Hatukuweza kufungua muhtasari.')).toBeTruthy();
    expect(await screen.findByText('Hatukuweza kufungua oda.')).toBeTruthy();
    expect(await screen.findByText('Hatukuweza kufungua maombi ya kurejeshewa pesa.')).toBeTruthy();
    expectNoEnglish();
    await openTab('Wauzaji', () => screen.findByText('Hatukuweza kufungua wauzaji.'));
    expectNoEnglish();
    await openTab('Malipo yasiyolingana', () => screen.findByText('Hatukuweza kufungua malipo.'));
    expectNoEnglish();
    await openTab('Malipo ya kutumwa', () => screen.findByText('Hatukuweza kufungua ulinganisho wa hesabu.'));
    expect(screen.getByText('Hatukuweza kufungua malipo ya kutumwa yaliyoshindikana.')).toBeTruthy();
    expect(screen.getByText('Hatukuweza kufungua malipo ya kutumwa ya hivi karibuni.')).toBeTruthy();
    expectNoEnglish();
    await openTab('Mawasiliano', () => screen.findByText('Hatukuweza kufungua jumbe za mawasiliano.'));
    expectNoEnglish();
    await openTab('Msimamizi', () => screen.findByText('Hatukuweza kufungua maelezo ya malipo.'));
    expectNoEnglish();
    await openDialog('Mipangilio ya Malipo', 'Mipangilio ya Malipo');
    expect(await screen.findByText('Hatukuweza kufungua mipangilio ya malipo.')).toBeTruthy();
    expectNoEnglish();
    cleanup();

    // Nothing answers yet: the loading states.
    const pending: Answers = { 'GET /api/auth/session': ok({ account: ACCOUNT }) };
    fakeApi(pending);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => (String(input) === '/api/auth/session' ? Promise.resolve({ ok: true, status: 200, headers: new Headers(), json: async () => ({ data: { account: ACCOUNT } }) } as unknown as Response) : new Promise<Response>(() => undefined))),
    );
    render(<AdminDashboardPage navigate={vi.fn()} />);
    expect(await screen.findByText('Inafungua oda…')).toBeTruthy();
    expect(screen.getByText('Inafungua maombi ya kurejeshewa pesa…')).toBeTruthy();
    expectNoEnglish();
    for (const [tab, label] of [
      ['Wauzaji', 'Inafungua wauzaji…'],
      ['Malipo yasiyolingana', 'Inafungua malipo…'],
      ['Malipo ya kutumwa', 'Inakagua malipo ya kutumwa…'],
      ['Mawasiliano', 'Inafungua jumbe za mawasiliano…'],
      ['Msimamizi', 'Inafungua maelezo ya malipo…'],
    ] as const) {
      await openTab(tab, () => screen.findByText(label));
      expectNoEnglish();
    }
    await openDialog('Mipangilio ya Malipo', 'Mipangilio ya Malipo');
    expect(screen.getByText('Inafungua mipangilio ya malipo…')).toBeTruthy();
    expectNoEnglish();
  });

  it('figures that could not be refreshed say so, with no English', async () => {
    const answers = world('manual');
    await renderAdmin(answers);
    expect(await screen.findByText('Jumla ya Oda')).toBeTruthy();
    await screen.findAllByText('Malipo hayajahakikiwa');
    for (const key of ['GET /api/admin/summary', 'GET /api/admin/orders', 'GET /api/admin/refund-requests']) answers[key] = failure(500, 'INTERNAL', 'Something went wrong. Please try again.');
    await escrowQueryClient().invalidateQueries();
    await waitFor(() => expect(screen.getAllByText('Takwimu hizi huenda si za sasa: taarifa za mwisho hazikuweza kufunguliwa.').length).toBe(3));
    expect(screen.getAllByRole('button', { name: 'Pakia upya' }).length).toBe(3);
    expectNoEnglish();
  });

  it('the access check that failed, and a visitor who is not an admin, read Swahili', async () => {
    fakeApi({ 'GET /api/auth/session': failure(503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again.') });
    render(<AdminDashboardPage navigate={vi.fn()} />);
    expect(await screen.findByText('Hatukuweza kuthibitisha ruhusa yako')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rudi Mwanzo' })).toBeTruthy();
    expectNoEnglish();
    cleanup();

    fakeApi({ 'GET /api/auth/session': ok({ account: { ...ACCOUNT, isAdmin: false, roles: [] } }) });
    const navigate = vi.fn();
    render(<AdminDashboardPage navigate={navigate} />);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(await screen.findByText('Ufikiaji umekataliwa. Unahitaji ruhusa za msimamizi.')).toBeTruthy();
    expectNoEnglish();
  });

  it('the header dialogs (payment configuration, export) and their refusals have no English', async () => {
    await renderAdmin(world());
    await screen.findByText('Jumla ya Oda');
    const config = await openDialog('Mipangilio ya Malipo', 'Mipangilio ya Malipo');
    expect(await within(config).findByRole('button', { name: 'Sasisha Mipangilio ya Malipo' })).toBeTruthy();
    expectNoEnglish();
    fireEvent.change(within(config).getByLabelText(/^Nambari ya biashara ya Paybill/), { target: { value: '12' } });
    fireEvent.click(within(config).getByRole('button', { name: 'Sasisha Mipangilio ya Malipo' }));
    expect(await within(config).findByText('Nambari ya biashara lazima iwe na tarakimu 5 hadi 7')).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(config).getByRole('button', { name: 'Ghairi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const exporting = await openDialog('Hamisha Data', 'Hamisha Data');
    expectNoEnglish();
    fireEvent.change(within(exporting).getByLabelText(/^Kuanzia/), { target: { value: '2026-02-01' } });
    fireEvent.change(within(exporting).getByLabelText(/^Hadi/), { target: { value: '2026-01-01' } });
    fireEvent.click(within(exporting).getByRole('button', { name: 'Pakua CSV' }));
    expect(await within(exporting).findByRole('alert')).toBeTruthy();
    expectNoEnglish();
    fireEvent.change(within(exporting).getByLabelText(/^Hadi/), { target: { value: '2026-03-01' } });
    fireEvent.click(within(exporting).getByRole('button', { name: 'Pakua CSV' }));
    expect(await within(exporting).findByText('Imeshindwa kuhamisha data. Tafadhali jaribu tena.')).toBeTruthy();
    expectNoEnglish();
  });

  it('Mark Paid: the dialog, a refusal in the server words and the toast have no English', async () => {
    const answers = world('manual');
    let refused = true;
    answers[`POST /api/admin/orders/${ORDER_ID}/settlement`] = () =>
      refused ? failure(422, 'PAYMENT_UNVERIFIED', "This order's payment has not been verified with M-Pesa, so no money can be paid out or refunded for it.") : ok({ order: adminOrderDetail(), message: 'Settlement confirmed! Payment marked as sent to seller and rider.' });
    await renderAdmin(answers);
    const dialog = await openDialog('Weka Alama Imelipwa: Samsung Galaxy A15 (TRK9D3F7J1)', 'Weka Alama Imelipwa');
    expect(await within(dialog).findByText('Paybill, imethibitishwa na M-Pesa')).toBeTruthy();
    expect(within(dialog).getByText('Kiasi kilichopokelewa')).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weka Alama Imelipwa' }));
    expect(await within(dialog).findByText('Malipo ya oda hii hayajahakikiwa na M-Pesa, kwa hivyo hakuna pesa inayoweza kutumwa wala kurejeshwa kwa ajili yake.')).toBeTruthy();
    expectNoEnglish();
    refused = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weka Alama Imelipwa' }));
    expect(await screen.findByText('Ulipaji umethibitishwa! Malipo yamewekwa alama kuwa yametumwa kwa muuzaji na msafirishaji.')).toBeTruthy();
    expectNoEnglish();
  });

  it('Mark Paid when the payment could not be checked, and on an unverified payment, has no English', async () => {
    const answers = world('manual');
    answers[`GET /api/admin/orders/${ORDER_ID}`] = failure(500, 'INTERNAL', 'Something went wrong. Please try again.');
    await renderAdmin(answers);
    const dialog = await openDialog('Weka Alama Imelipwa: Samsung Galaxy A15 (TRK9D3F7J1)', 'Weka Alama Imelipwa');
    expect(await within(dialog).findByText('Hatukuweza kukagua malipo. Kitufe cha "Weka Alama Imelipwa" bado kinayakagua.')).toBeTruthy();
    expectNoEnglish();
    cleanup();

    const unverified = world('manual');
    unverified[`GET /api/admin/orders/${ORDER_ID}`] = ok(adminOrderDetail({ paymentVerifiedBy: null, paymentBeingVerified: true, paymentClaimReceipt: 'QRS1TU2VW9', paymentClaimCheck: 'M-Pesa has no such receipt yet' }));
    await renderAdmin(unverified);
    const again = await openDialog('Weka Alama Imelipwa: Samsung Galaxy A15 (TRK9D3F7J1)', 'Weka Alama Imelipwa');
    expect(await within(again).findByText('(haujathibitishwa na M-Pesa)')).toBeTruthy();
    expect(findEnglish(document.body, [...DATA, 'M-Pesa has no such receipt yet'])).toEqual([]);
  });

  it('Approve payout, the order payouts dialog, Retry and Record M-Pesa reference have no English', async () => {
    const answers = world('approval');
    answers[`POST /api/admin/orders/${ORDER_ID}/settlement`] = ok({ order: adminOrderDetail(), message: 'Payout approved. It goes to M-Pesa as soon as it is due; the order settles when M-Pesa confirms.' });
    answers[`POST /api/admin/payouts/${FAILED_PAYOUT.id}/retry`] = failure(409, 'PAYOUT_NOT_RETRYABLE', 'This payout can not be retried now: only a failed payout can be sent again');
    await renderAdmin(answers);
    const approve = await openDialog('Idhinisha malipo: Samsung Galaxy A15 (TRK9D3F7J1)', 'Idhinisha malipo');
    expect(await within(approve).findByText('Malipo ya muuzaji')).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(approve).getByRole('button', { name: 'Idhinisha malipo' }));
    expect(await screen.findByText('Malipo yameidhinishwa. Yanatumwa kwa M-Pesa mara tu yanapofika wakati wake; ulipaji wa oda unakamilika M-Pesa inapothibitisha.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expectNoEnglish();

    const payouts = await openDialog('Malipo ya kutumwa: Samsung Galaxy A15 (TRKMOVING1)', 'Malipo ya kutumwa');
    expect(await within(payouts).findByRole('list', { name: 'Malipo ya kutumwa ya oda hii' })).toBeTruthy();
    expect(within(payouts).getByText('Yametumwa kwa M-Pesa')).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(payouts).getByRole('button', { name: 'Tuma tena: Malipo ya muuzaji ya TRK9D3F7J1' }));
    expect(await within(payouts).findByText('Malipo haya hayawezi kutumwa tena sasa: ni malipo yaliyoshindikana pekee yanayoweza kutumwa tena')).toBeTruthy();
    expectNoEnglish();

    fireEvent.click(within(payouts).getAllByRole('button', { name: /^Rekodi nambari ya muamala ya M-Pesa/ })[0] as HTMLElement);
    const record = await screen.findByRole('dialog', { name: 'Rekodi nambari ya muamala ya M-Pesa' });
    expectNoEnglish();
    fireEvent.click(within(record).getByRole('button', { name: 'Rekodi nambari' }));
    expect(await within(record).findByText('Weka nambari ya muamala ya M-Pesa ya malipo (herufi 10)')).toBeTruthy();
    expectNoEnglish();
  });

  it('refunding and rejecting a refund request, by hand and by M-Pesa, have no English', async () => {
    const answers = world('manual');
    answers['POST /api/admin/refund-requests/3f0c1a2b-0000-4000-8000-0000000000aa/resolve'] = ok({ order: adminOrderDetail({ status: 'cancelled' }), message: 'Refund recorded. The order is cancelled.' });
    await renderAdmin(answers);
    const refund = await openDialog(/^Rejesha Pesa: Samsung Galaxy A15/, 'Mrejeshee mnunuzi pesa');
    expectNoEnglish();
    fireEvent.click(within(refund).getByRole('button', { name: 'Rekodi Kurejesha Pesa' }));
    expect(await within(refund).findByText('Weka nambari ya muamala ya M-Pesa ya kurejesha pesa (herufi 10)')).toBeTruthy();
    expectNoEnglish();
    fireEvent.change(within(refund).getByLabelText(/^Nambari ya muamala ya M-Pesa ya kurejesha pesa/), { target: { value: 'RFD1234567' } });
    fireEvent.click(within(refund).getByRole('button', { name: 'Rekodi Kurejesha Pesa' }));
    expect(await screen.findByText('Kurejesha pesa kumerekodiwa. Oda imeghairiwa.')).toBeTruthy();
    expectNoEnglish();

    const reject = await openDialog(/^Kataa: Samsung Galaxy A15/, 'Kataa ombi la kurejeshewa pesa');
    expect(within(reject).getByLabelText(/^Maelezo/)).toBeTruthy();
    expectNoEnglish();
    cleanup();

    // Payouts by M-Pesa: the refund is sent by M-Pesa; an unverified payment is refused up front.
    await renderAdmin(world('automatic'));
    const byMpesa = await openDialog(/^Rejesha Pesa: Samsung Galaxy A15/, 'Mrejeshee mnunuzi pesa');
    expect(within(byMpesa).getByRole('button', { name: 'Rejesha Pesa kwa M-Pesa' })).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(byMpesa).getByRole('button', { name: 'Ghairi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const unverified = (await screen.findAllByRole('button', { name: /^Rejesha Pesa: Samsung Galaxy A15/ }))[1] as HTMLElement;
    fireEvent.click(unverified);
    const refused = await screen.findByRole('dialog', { name: 'Mrejeshee mnunuzi pesa' });
    expect(within(refused).getByText('Malipo ya oda hii hayajahakikiwa na M-Pesa, kwa hivyo hakuna pesa inayoweza kutumwa wala kurejeshwa kwa ajili yake.')).toBeTruthy();
    expectNoEnglish();
  });

  it('attaching and refunding an unmatched payment, and resolving a contact message, have no English', async () => {
    const answers = world('manual');
    answers['POST /api/admin/payments/unmatched/TYP1234567/attach'] = failure(422, 'VALIDATION_FAILED', 'No unmatched payment has this receipt (it may have been attached or refunded already)');
    answers['POST /api/admin/contacts/contact-1/resolve'] = ok({ contact: { ...CONTACTS[0], resolved: true, resolvedAt: '2026-01-03T09:00:00.000Z', resolvedBy: 'admin-1', resolvedByEmail: 'admin@example.com' }, message: 'Contact marked as resolved' });
    await renderAdmin(answers);
    await openTab('Malipo yasiyolingana', () => screen.findByRole('heading', { name: 'Malipo yanayohakikiwa' }));
    const attach = await openDialog('Unganisha na oda: malipo TYP1234567', 'Unganisha malipo haya na oda');
    fireEvent.click(within(attach).getByRole('button', { name: 'Unganisha Malipo' }));
    expect(await within(attach).findByText('Weka nambari ya ufuatiliaji ya oda ambayo malipo haya ni yake')).toBeTruthy();
    expectNoEnglish();
    fireEvent.change(within(attach).getByLabelText(/^Nambari ya ufuatiliaji ya oda/), { target: { value: 'TRK9D3F7J1' } });
    fireEvent.click(within(attach).getByRole('button', { name: 'Unganisha Malipo' }));
    expect(await within(attach).findByText('Hakuna malipo yasiyolingana yenye msimbo huu (huenda yameshaunganishwa au kurejeshwa)')).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(attach).getByRole('button', { name: 'Ghairi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const refund = await openDialog('Rekodi kurejesha pesa: malipo TYP7654321', 'Rekodi kurejeshwa kwa malipo haya');
    expect(within(refund).getByText('(tupu)')).toBeTruthy();
    expect(within(refund).getByText('Haijatolewa')).toBeTruthy();
    expectNoEnglish();
    fireEvent.click(within(refund).getByRole('button', { name: 'Ghairi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await openTab('Mawasiliano', () => screen.findByRole('heading', { name: 'Jumbe za Mawasiliano' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Weka Alama Umeshughulikiwa: ujumbe kutoka kwa Wanjiku' }));
    expect(await screen.findByText('Ujumbe umewekwa alama kuwa umeshughulikiwa')).toBeTruthy();
    expectNoEnglish();
  });

  it('the screen turns to English and back with the language switch, with no Swahili left in English', async () => {
    await renderAdmin(world());
    await screen.findByText('Jumla ya Oda');
    await activateLocale('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Unmatched payments' })).toBeTruthy();
    expect(screen.getByText('Total Orders')).toBeTruthy();
    expect(screen.queryByText('Jumla ya Oda')).toBeNull();
    await activateLocale('sw');
    expect(await screen.findByText('Jumla ya Oda')).toBeTruthy();
  });
});

describe("the admin's catalogs", () => {
  it('translate every text: none is left as its English but those that read the same in both', () => {
    expect(TABLES.flatMap(([english, swahili]) => sameAsEnglish(english, swahili))).toEqual(SAME_IN_BOTH);
  });

  const ids = Object.keys(adminEn) as AdminMessageId[];
  const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map(([, name]) => name).sort();
  const tags = (text: string) => [...text.matchAll(/<\/?\d+>/g)].map(([tag]) => tag).sort();
  it.each(ids)('%s compiles in both languages, with the same placeholders and tags', (id) => {
    const [en, sw] = [adminEn[id], adminSw[id]];
    expect(() => compileMessage(en)).not.toThrow();
    expect(() => compileMessage(sw)).not.toThrow();
    expect(placeholders(sw)).toEqual(placeholders(en));
    expect(tags(sw)).toEqual(tags(en));
    expect(sw.trim()).not.toBe('');
  });

  it("say the statuses and payout states in the core's English words (the spec's, which the browser tests quote)", () => {
    for (const status of ORDER_STATUSES) expect(adminEn[`admin.status.${status}`]).toBe(adminStatusLabel(status));
    for (const state of ['awaiting_approval', 'queued', 'sending', 'sent', 'unknown', 'succeeded', 'failed', 'recorded'] as const) expect(adminEn[`admin.payoutState.${state}`]).toBe(payoutStateLabel(state));
  });
});
