// Issue 19: the seller's part in Swahili, in Chromium at 360 px. The seller's browser is set to
// Swahili (navigator.languages and Accept-Language 'sw-KE') in a context of its own (own client
// address). The seller signs in on /auth in Swahili, sees the dashboard in Swahili, creates an
// order with the Swahili form, and on the order's page watches the buyer's payment arrive, assigns
// a rider and follows the rider's pickup and delivery live (the buyer and the rider act through
// the real HTTP API, each from an address of its own), with no English left on any of these
// screens and no step name broken mid-word.
import type { Page } from '@playwright/test';
import { markDocument, stillTheSameDocument } from './buyer-prompt.ts';
import { payerOf, sim } from './daraja-sim.ts';
import { test } from './kit/test.ts';
import { brokenStepNames, en, englishOnPage, sw } from './swahili-texts.ts';
import { expectNoHorizontalScroll, FIRST_SCREEN } from './order-screens.ts';
import { expect, PHONE } from './seller-support.ts';
import { asRider, payOrder } from './kit/seed.ts';
import { freshAddress, freshPhone } from '@escrow/test-kit';
import { sellerOrder, signedInSeller } from './kit/page-session.ts';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: PHONE });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its Swahili label (a label may end in ' (si lazima)' or a hint). */
const field = (page: Page, id: string) => page.getByLabel(new RegExp(`^${escaped(sw('seller', id))}`));

const RIDER = 'Baraka Otieno';
/** What people typed (names, places, the item, the business): shown as they are in any language. */
const DATA = ['Tecno Spark 20', 'Duka la Amani', 'Achieng Odhiambo', 'Kileleshwa, Othaya Road', 'Westlands, Nairobi', RIDER];
const AREAS = ['seller', 'ui', 'shell'] as const;

test('a seller whose browser speaks Swahili signs in, creates an order, assigns a rider and watches the delivery live, all in Swahili', async ({ person, baseURL, playwright }, testInfo) => {
  const seller = await person({ locale: 'sw-KE' });
  const { email } = await signedInSeller(seller, 'Duka la Amani');

  // Sign in on /auth, in Swahili.
  await seller.context().clearCookies();
  await seller.goto('/auth');
  await expect(seller.getByRole('heading', { level: 1, name: sw('pages', 'pages.auth.signIn.title') })).toBeVisible(FIRST_SCREEN);
  await seller.getByLabel(sw('pages', 'pages.email')).fill(email);
  await seller.getByLabel(sw('pages', 'pages.password'), { exact: true }).fill('Sokoni#2026');
  await seller.getByRole('button', { name: sw('pages', 'pages.auth.signInButton'), exact: true }).click();
  await expect(seller).toHaveURL('/seller/dashboard');
  await expect(seller.getByText(sw('ui', 'catalogue.auth.signedIn'))).toBeVisible();

  // The dashboard in Swahili.
  await expect(seller.getByRole('heading', { level: 1, name: 'Duka la Amani' })).toBeVisible(FIRST_SCREEN);
  await expect(seller.getByRole('region', { name: sw('seller', 'seller.stats.title') })).toContainText(sw('seller', 'seller.stats.totalOrders'));
  await expect(seller.getByText(sw('seller', 'seller.recent.empty'))).toBeVisible();
  await expect(seller.getByRole('button', { name: 'SW Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);
  await expectNoHorizontalScroll(seller);

  // A new order, with the Swahili form.
  await seller.getByRole('link', { name: sw('seller', 'seller.dashboard.createOrder'), exact: true }).click();
  await expect(seller).toHaveURL('/seller/create-order');
  await expect(seller.getByRole('heading', { level: 1, name: sw('seller', 'seller.create.title') })).toBeVisible(FIRST_SCREEN);
  await field(seller, 'seller.create.itemName').fill('Tecno Spark 20');
  await field(seller, 'seller.create.price').fill('2500');
  await field(seller, 'seller.create.buyerName').fill('Achieng Odhiambo');
  await field(seller, 'seller.create.buyerPhone').fill('0722 000 111');
  await field(seller, 'seller.create.address').fill('Kileleshwa, Othaya Road');
  await field(seller, 'seller.create.deliveryCost').fill('300');
  // The buyer's SMS go in the page's language unless the seller chooses another.
  await expect(seller.getByRole('group', { name: sw('seller', 'seller.create.buyerLanguage') }).getByLabel('Kiswahili')).toBeChecked();
  await expect(seller.getByText(sw('seller', 'seller.youReceive'), { exact: true })).toBeVisible();
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);
  await expectNoHorizontalScroll(seller);
  await seller.getByRole('button', { name: sw('seller', 'seller.create.submit'), exact: true }).click();

  await expect(seller.getByText(sw('ui', 'catalogue.seller.orderCreated'))).toBeVisible();
  await expect(seller.getByRole('heading', { level: 1, name: 'Tecno Spark 20' })).toBeVisible();
  const buyerLink = await seller.getByLabel(sw('seller', 'seller.buyerLink'), { exact: true }).inputValue();
  const orderId = /\/buyer\/order\/([^?]+)\?/.exec(buyerLink)?.[1] ?? '';
  expect(orderId, buyerLink).not.toBe('');
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);

  // The order's page: waiting for payment.
  await seller.getByRole('link', { name: sw('seller', 'seller.created.view') }).click();
  await expect(seller).toHaveURL(`/order/${orderId}`);
  const badge = seller.locator('.order-heading');
  const progress = seller.getByRole('progressbar', { name: sw('ui', 'ui.progress.label') });
  await expect(badge).toContainText(sw('seller', 'seller.status.awaiting_payment'), FIRST_SCREEN);
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);
  expect(await brokenStepNames(seller)).toEqual([]);
  await markDocument(seller);

  // The buyer pays the Paybill (the simulator's M-Pesa, from a client of its own): the page follows live.
  const buyer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() } });
  const order = await sellerOrder(seller, orderId);
  await payOrder(order);
  await buyer.dispose();
  // The buyer's delivery code came by SMS in Swahili, the language the seller's form chose.
  const sms = await sim().sms.messagesTo(`+${payerOf(order)}`);
  expect(sms.map((text) => text.message)).toContainEqual(expect.stringContaining(`Msimbo wako wa uwasilishaji ni ${order.deliveryCode ?? ''}.`));
  await expect(badge).toContainText(sw('seller', 'seller.status.paid'));
  await expect(progress).toHaveAttribute('aria-valuenow', '25');
  const panel = seller.getByRole('region', { name: sw('seller', 'seller.assign.title') });
  await expect(panel).toContainText(sw('ui', 'catalogue.seller.assignRiderToProceed'));
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);

  // A new rider, assigned from the panel.
  await field(seller, 'seller.assign.newName').fill(RIDER);
  await field(seller, 'seller.assign.newPhone').fill(freshPhone().local);
  await panel.getByRole('button', { name: sw('seller', 'seller.assign.assignButton') }).click();
  await expect(badge).toContainText(sw('seller', 'seller.status.rider_assigned'));
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(seller.getByRole('region', { name: sw('seller', 'seller.assign.rider'), exact: true })).toContainText(RIDER);
  const riderLink = await seller.getByLabel(sw('seller', 'seller.order.riderLink'), { exact: true }).inputValue();
  expect(riderLink).toContain(`/rider/${orderId}?`);
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);
  expect(await brokenStepNames(seller)).toEqual([]);

  // The rider picks the item up and delivers it with the buyer's code: the seller's page follows each step live.
  const rider = await asRider(riderLink);
  await rider.accept();
  await rider.pickup();
  await expect(badge).toContainText(sw('seller', 'seller.status.in_transit'));
  await expect(progress).toHaveAttribute('aria-valuenow', '75');
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);
  await rider.complete(order.deliveryCode ?? '');
  await rider.dispose();
  await expect(badge).toContainText(sw('seller', 'seller.status.awaiting_settlement'));
  await expect(badge).not.toContainText(en('seller', 'seller.status.awaiting_settlement'));
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  expect(await stillTheSameDocument(seller), 'the order page reloaded').toBe(true);
  expect(await englishOnPage(seller, AREAS, DATA)).toEqual([]);
  expect(await brokenStepNames(seller)).toEqual([]);
  await expectNoHorizontalScroll(seller);
  await seller.screenshot({ path: testInfo.outputPath('seller-swahili-delivered-360.png'), fullPage: true });
});
