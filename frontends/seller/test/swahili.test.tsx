// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { progressView } from '@escrow/core';
import type { OrderStatus } from '@escrow/core/orders';
import { escrowQueryClient } from '@escrow/api-client/query-client';
import { activateLocale } from '@escrow/ui/i18n/i18n';
import { deliveryCodeStorageKey } from '@escrow/ui/order/delivery-code-key';
import { uiTextsEn } from '@escrow/ui/i18n/ui-texts';
import { uiTextsSw } from '@escrow/ui/i18n/ui-texts-sw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderCreated } from '../src/features/create-order/order-created.tsx';
import CreateOrderPage from '../src/features/create-order/create-order-page.tsx';
import SellerDashboardPage from '../src/features/dashboard/seller-dashboard-page.tsx';
import OrderDetailPage from '../src/features/order-detail/order-detail-page.tsx';
import SellerProfilePage from '../src/features/profile/seller-profile-page.tsx';
import SellerSignupPage from '../src/features/signup/seller-signup-page.tsx';
import type { SellerOrderView } from '../src/shared/orders-api.ts';
import { sellerEn } from '../src/i18n/en.ts';
import sellerSw from '../src/i18n/sw.ts';
import { FakeEventSource, ok, ORDER_ID, ORDER_PATH, sellerOrder, sellerOrderSummary, sellerRider, watchContracts, type FakeAnswer } from './fake-seller-api.ts';
import { englishLeftovers, sameAsEnglish } from '@escrow/ui/i18n/untranslated';

// Issue 19: the seller's screens in Swahili. A text left in English on a Swahili page (or a
// message id shown raw) fails here, for each page and state.

/** Ids whose Swahili is the English itself: brands, numbers and names that read the same in both. */
const SAME_IN_BOTH: readonly string[] = ['seller.payout.paybill', 'seller.payoutDetails.paybill', 'seller.payoutDetails.toPaybill', 'seller.signup.logoFailed', 'ui.footer'];

const TABLES: readonly [Readonly<Record<string, string>>, Readonly<Record<string, string>>][] = [
  [sellerEn, sellerSw],
  [uiTextsEn, uiTextsSw],
];

/** What the seller's screens show in English (or as a raw id) on a Swahili page. */
const findEnglish = englishLeftovers(TABLES, ['seller', 'ui', 'catalogue', 'status', 'progress']);

function expectNoEnglish(root: ParentNode = document.body, data: readonly string[] = []) {
  expect(findEnglish(root, data)).toEqual([]);
}

// An admin who also sells (the dashboard then links to the admin's): roles are the admin's only, a seller is one by sellerId.
const ACCOUNT = { userId: 'user-1', email: 'amani@example.com', roles: ['admin'], isAdmin: true, sellerId: 'seller-1' };
const PROFILE = {
  id: 'seller-1',
  businessName: 'Amani Phones',
  businessProfile: null,
  location: 'Westlands, Nairobi',
  phone: '+254712345678',
  whatsapp: null,
  logoUrl: null,
  about: null,
  paymentMethod: 'direct_mpesa',
  paymentNumber: '+254712345678',
  termsAccepted: true,
  termsAcceptedAt: '2026-01-01T09:00:00.000Z',
  email: 'amani@example.com',
  notifyBySms: true,
  notifyByEmail: true,
  payoutDetails: { method: 'paybill', phone: null, paybillNumber: '600100', accountReference: null, tillNumber: null, changedAt: '2026-03-02T07:01:00.000Z', heldUntil: '2026-03-03T07:01:00.000Z' },
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};
const STATS = {
  totalOrders: 12,
  pendingOrders: 2,
  completedOrders: 7,
  settledOrders: 7,
  revenue: 12_000_000,
  averageOrderValue: 1_714_286,
  completionRateBasisPoints: 5833,
  sellerRatingCount: 3,
  averageSellerRatingTenths: 43,
  completionRatePercent: 58.33,
  averageSellerRating: 4.3,
};
const STATUSES: readonly OrderStatus[] = ['awaiting_payment', 'paid', 'rider_assigned', 'picked_up', 'in_transit', 'delivered', 'awaiting_settlement', 'settlement_completed', 'completed', 'cancelled'];
const RIDERS = [sellerRider()];
/** What the seller typed or the server holds: data, shown as it is in any language. */
const DATA = ['Samsung Galaxy A15', 'Amani Phones', 'Wanjiku', 'Kamau', 'Westlands, Nairobi', 'Ngong Road', 'Kilimani', 'B4', 'Moi Avenue, Nairobi CBD'];

/** The seller's API stood in for: GETs answered by path (the browser tests run against the real server). */
function fakeApi(answers: Readonly<Record<string, FakeAnswer>>) {
  escrowQueryClient().clear();
  const respond = (a: FakeAnswer) => ({ ok: a.status < 300, status: a.status, headers: new Headers(), json: async () => a.body }) as unknown as Response;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      return respond(answers[path] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: `No fake for ${path}` } } });
    }),
  );
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

const signedIn = {
  '/api/auth/session': ok({ account: ACCOUNT }),
  '/api/seller/profile': ok(PROFILE),
  '/api/seller/fee-policy': ok({ feeBasisPoints: 250 }),
  '/api/seller/riders': ok({ riders: RIDERS }),
};

// The fakes answer as the server does: the development check of answers against their contracts
// logs nothing, or the test fails (a fake the contract refuses tests a page the server never shows).
let contracts: ReturnType<typeof watchContracts>;
beforeEach(async () => {
  localStorage.clear();
  contracts = watchContracts();
  await activateLocale('sw');
});
afterEach(async () => {
  cleanup();
  escrowQueryClient().clear();
  vi.unstubAllGlobals();
  localStorage.clear();
  await activateLocale('en');
  const mismatches = await contracts.mismatches();
  vi.restoreAllMocks();
  expect(mismatches, 'answers of the fakes that their contracts refuse').toEqual([]);
});

describe("the seller's screens in Swahili", () => {
  it('the dashboard, with its figures, orders of every status and the guided tour, has no English', async () => {
    const orders = STATUSES.map((status, index) => sellerOrderSummary({ status, id: `order-${index}` }));
    fakeApi({ ...signedIn, '/api/seller/dashboard': ok({ stats: STATS, recentOrders: orders }) });
    render(<SellerDashboardPage navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amani Phones' })).toBeTruthy();
    expect(screen.getAllByText('Takwimu zako').length).toBeGreaterThan(0);
    expect(screen.getByText('Imelipwa - teua msafirishaji')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });

  it('the dashboard with no orders and no ratings yet, and the riders dialog, have no English', async () => {
    fakeApi({ ...signedIn, '/api/seller/dashboard': ok({ stats: { ...STATS, totalOrders: 0, sellerRatingCount: 0, averageSellerRatingTenths: null }, recentOrders: [] }) });
    localStorage.setItem('seller-dashboard:tour-done', 'true');
    render(<SellerDashboardPage navigate={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Simamia Wasafirishaji' }));
    expect(await screen.findByRole('button', { name: 'Ondoa Kamau' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Ongeza Msafirishaji' })).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });

  it('the order form, with the fee preview filled in, has no English', async () => {
    fakeApi(signedIn);
    render(<CreateOrderPage navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unda oda' })).toBeTruthy();
    expectNoEnglish(document.body, DATA);
    fireEvent.change(screen.getByLabelText(/^Bei \(KSh\)/), { target: { value: '25000' } });
    fireEvent.change(screen.getByLabelText(/^Gharama ya usafirishaji/), { target: { value: '300' } });
    fireEvent.click(screen.getByLabelText(/^Mimi/));
    fireEvent.click(screen.getByLabelText(/^Pesa taslimu wakati/));
    expect(screen.getByText('Utapokea')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
    fireEvent.click(screen.getByRole('button', { name: 'Unda Oda' }));
    expectNoEnglish(document.body, DATA);
  });

  it('the screen after an order is created has no English', () => {
    fakeApi(signedIn);
    render(<OrderCreated order={sellerOrder()} businessName="Amani Phones" message="Order created successfully!" onAnother={() => undefined} navigate={() => undefined} />);
    expect(screen.getByText('Oda imeundwa kikamilifu!', { exact: false })).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });

  const ORDERS: readonly [string, SellerOrderView][] = [
    ['awaiting payment, a typed receipt being verified', sellerOrder({ paymentBeingVerified: true, paymentClaimReceipt: 'NLJ7RT61SV' })],
    ['awaiting payment, cash, photos', sellerOrder({ paymentMethod: 'cash', buyerCashAmount: 2_530_000, deliveryPaidBy: 'seller', productPhotoUrl: '/p.jpg', packagedPhotoUrl: '/q.jpg', pinLocationLink: 'https://maps.app.goo.gl/x', landmark: 'Yaya Centre' })],
    ['paid, a rider to assign', sellerOrder({ status: 'paid', paymentConfirmed: true, paymentVerifiedBy: 'c2b_confirmation', mpesaReceipt: 'NLJ7RT61SV', codeSentTo: '07xx xxx 678' })],
    ['on its way, the code locked', sellerOrder({ status: 'in_transit', paymentConfirmed: true, paymentVerifiedBy: null, riderName: 'Kamau', riderPhone: '+254733333333', codeLocked: true, codeLockedAt: '2026-01-01T10:00:00.000Z', codeAttempts: 5, codeAttemptsLeft: 0, links: { buyer: 'https://escrow.example/b', seller: 'https://escrow.example/s', rider: 'https://escrow.example/r' } })],
    [
      'completed, with feedback, a refund request, rider payments and the payout',
      sellerOrder({
        status: 'completed',
        paymentConfirmed: true,
        paymentVerifiedBy: 'c2b_confirmation',
        settlementPaid: true,
        riderName: 'Kamau',
        riderPhone: '+254733333333',
        pickupPhotoUrl: '/r.jpg',
        paymentConfirmedAt: '2026-01-01T10:00:00.000Z',
        riderAssignedAt: '2026-01-01T10:05:00.000Z',
        pickedUpAt: '2026-01-01T11:00:00.000Z',
        deliveredAt: '2026-01-01T12:00:00.000Z',
        settledAt: '2026-01-02T12:00:00.000Z',
        feedback: { buyerName: 'Wanjiku', riderRating: 5, sellerRating: 4, comment: 'Asante sana', createdAt: '2026-01-01T13:00:00.000Z' },
        refundRequest: { id: 'refund-1', requestedBy: 'buyer', reason: 'Skrini imevunjika', status: 'open', createdAt: '2026-01-01T12:30:00.000Z', resolvedAt: null, mpesaReference: null, resolutionNote: null },
        riderPayments: [
          { riderPhone: '+254733333333', paymentReceived: true, paymentIssue: null, createdAt: '2026-01-01T12:00:00.000Z' },
          { riderPhone: '+254744444444', paymentReceived: false, paymentIssue: null, createdAt: '2026-01-01T12:10:00.000Z' },
        ],
        payout: { state: 'paid', amount: 2_437_500, receipt: 'SBK1234567', message: 'Paid to your M-Pesa: receipt SBK1234567.' },
      } as Partial<SellerOrderView>),
    ],
  ];

  it.each(ORDERS)("the seller's order page has no English when %s", async (_, order) => {
    fakeApi({ ...signedIn, [ORDER_PATH]: ok(order) });
    render(<OrderDetailPage orderId={ORDER_ID} navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeTruthy();
    // The riders' list is read for the assign panel.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectNoEnglish(document.body, [...DATA, 'Yaya Centre', 'Asante sana', 'Skrini imevunjika']);
  });

  it('the public tracking view, with the delivery code this browser holds, and a missing order have no English', async () => {
    localStorage.setItem(deliveryCodeStorageKey(ORDER_ID), JSON.stringify('123456'));
    fakeApi({ '/api/auth/session': ok({ account: null }), [`/api/public/orders/${ORDER_ID}`]: ok({ ...progressView('in_transit'), id: ORDER_ID, itemName: 'Samsung Galaxy A15', paymentConfirmed: true }) });
    render(<OrderDetailPage orderId={ORDER_ID} navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeTruthy();
    expect(screen.getByText('Ufuatiliaji wa oda')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Msimbo wako wa uwasilishaji' })).toBeTruthy();
    expect(screen.getByText('Oda Yako Iko Njiani!')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
    cleanup();

    fakeApi({ '/api/auth/session': ok({ account: null }) });
    render(<OrderDetailPage orderId={ORDER_ID} navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'Oda haijapatikana' })).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });

  it('the profile, every section open and the change-password dialog, has no English', async () => {
    fakeApi(signedIn);
    render(<SellerProfilePage navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wasifu wa muuzaji' })).toBeTruthy();
    for (const name of ['Nembo ya Biashara', 'Kuhusu Biashara Yako', 'Maelezo ya kupokea malipo', 'Arifa', 'Usalama']) fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByText('Paybill 600100')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
    fireEvent.click(screen.getByRole('button', { name: 'Badilisha Nenosiri' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });

  it('the profile of an account without email, its Paybill complete, has no English', async () => {
    fakeApi({ ...signedIn, '/api/seller/profile': ok({ ...PROFILE, email: null, logoUrl: '/logo.png', payoutDetails: { ...PROFILE.payoutDetails, accountReference: '12345', heldUntil: null } }) });
    render(<SellerProfilePage navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Wasifu wa muuzaji' })).toBeTruthy();
    for (const name of ['Nembo ya Biashara', 'Maelezo ya kupokea malipo', 'Arifa']) fireEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByText('Paybill 600100, akaunti 12345')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });

  it('the signup form on a phone, a payout method chosen and a refusal shown, has no English', async () => {
    fakeApi({ '/api/auth/session': ok({ account: { ...ACCOUNT, sellerId: null } }) });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    render(<SellerSignupPage navigate={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Weka wasifu wako wa muuzaji' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Unatumia simu' })).toBeTruthy();
    expectNoEnglish(document.body, DATA);
    fireEvent.click(screen.getByLabelText('Paybill'));
    fireEvent.change(screen.getByLabelText(/^Nambari ya Paybill/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /sheria na masharti/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Unda Wasifu wa Muuzaji' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expectNoEnglish(document.body, DATA);
  });
});

describe('the Swahili catalogs', () => {
  it('translate every text: none is left as its English but those that read the same in both', () => {
    expect(TABLES.flatMap(([english, swahili]) => sameAsEnglish(english, swahili))).toEqual(SAME_IN_BOTH);
  });
});
