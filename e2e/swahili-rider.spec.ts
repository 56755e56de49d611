// Issue 19: the rider's job in Swahili, in Chromium at 360 px. The rider's phone is set to
// Swahili (navigator.languages and Accept-Language 'sw-KE'); the seller, the buyer's payment and
// the assignment are made through the real HTTP API (e2e/kit/seed.ts, each from an address
// of its own). The rider opens the job link the seller sent: the server renders it in Swahili,
// the rider accepts, confirms the pickup with a photo, is refused a wrong code in Swahili, enters
// the code the buyer got by SMS (read on the simulator's phone) and sees the job delivered, with
// no English left on any of these screens and no step name broken mid-word.
import { test } from './kit/test.ts';
import { brokenStepNames, en, englishOnPage, sw } from './swahili-texts.ts';
import { expectNoHorizontalScroll, FIRST_SCREEN, pathOf } from './order-screens.ts';
import { expect, PHONE } from './seller-support.ts';
import { newSeller, PNG, riderCredentials, seedAssignedOrder } from './kit/seed.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE });

/** What people typed (names, places, the item): shown as they are in any language. */
const DATA = ['Tecno Spark 20', 'Duka la Amani', 'Westlands, Nairobi', 'Wanjiku Kamau', 'Ngong Road, Kilimani', 'Kilimani', 'Opposite the petrol station', 'B4'];

test("a rider whose phone speaks Swahili does the whole job in Swahili: accept, pickup photo, the buyer's code, delivered", async ({ person, consoleGuard }, testInfo) => {
  const seller = await newSeller('Duka la Amani');
  const { order } = await seedAssignedOrder(seller, { itemName: 'Tecno Spark 20', price: 2_500, deliveryCost: 350 });
  const riderLink = order.links.rider ?? '';
  const code = order.deliveryCode ?? '';
  expect(code, "the delivery code from the buyer's SMS").toMatch(/^\d{6}$/);
  consoleGuard.expectHttpError(`/api/rider/orders/${order.id}/complete`, 400);

  const rider = await person({ locale: 'sw-KE' });
  const response = await rider.goto(pathOf(riderLink));
  expect(response?.status()).toBe(200);
  // Rendered on the server in the phone's language, before any script ran.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<html lang="sw-KE">');
  expect(html).toContain(sw('rider', 'rider.status.newJob'));
  await expect(rider.getByRole('heading', { level: 1, name: 'Tecno Spark 20' })).toBeVisible(FIRST_SCREEN);
  await expect(rider).toHaveURL(`/rider/${order.id}?phone=${encodeURIComponent(riderCredentials(riderLink).phone)}`);

  // The new job: its status, progress, pickup and delivery area in Swahili.
  const status = rider.getByRole('heading', { level: 2, name: sw('rider', 'rider.status.newJob') });
  await expect(status).toBeVisible();
  await expect(rider.getByRole('progressbar', { name: sw('ui', 'ui.progress.label') })).toHaveAttribute('aria-valuenow', '50');
  await expect(rider.locator('.order-progress__steps').getByText(sw('ui', 'progress.step.1'), { exact: true })).toBeVisible();
  await expect(rider.getByRole('region', { name: sw('rider', 'rider.pickupDetails.title') })).toContainText('Duka la Amani');
  const delivery = rider.getByRole('region', { name: sw('rider', 'rider.delivery.title') });
  await expect(delivery).toContainText(sw('rider', 'rider.delivery.hidden'));
  await expect(rider.getByRole('button', { name: 'SW Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
  expect(await englishOnPage(rider, ['rider', 'ui'], DATA)).toEqual([]);
  expect(await brokenStepNames(rider)).toEqual([]);
  await expectNoHorizontalScroll(rider);

  // Accept: the API's answer comes in Swahili too.
  await rider.getByRole('button', { name: sw('rider', 'rider.accept.submit') }).click();
  await expect(rider.getByText(sw('ui', 'catalogue.rider.jobAccepted'))).toBeVisible();
  await expect(rider.getByRole('heading', { level: 2, name: sw('rider', 'rider.status.goToPickup') })).toBeVisible();
  await expect(delivery).toContainText('Wanjiku Kamau');
  await expect(delivery.getByRole('link', { name: sw('rider', 'rider.delivery.openPin') })).toBeVisible();
  expect(await englishOnPage(rider, ['rider', 'ui'], DATA)).toEqual([]);

  // The pickup photo, from the phone's camera.
  const photo = rider.getByLabel(sw('rider', 'rider.pickup.photo'));
  await expect(photo).toHaveAttribute('capture', 'environment');
  await photo.setInputFiles({ name: 'pickup.png', mimeType: 'image/png', buffer: PNG });
  await expect(rider.getByRole('img', { name: sw('rider', 'rider.pickup.previewAlt') })).toBeVisible();
  await rider.getByRole('button', { name: sw('rider', 'rider.pickup.submit') }).click();
  await expect(rider.getByText(sw('ui', 'catalogue.rider.pickupConfirmed'))).toBeVisible();
  await expect(rider.getByRole('heading', { level: 2, name: sw('rider', 'rider.status.onTheWay') })).toBeVisible();
  await expect(rider.getByRole('progressbar', { name: sw('ui', 'ui.progress.label') })).toHaveAttribute('aria-valuenow', '75');
  await expect(rider.getByRole('img', { name: sw('rider', 'rider.photos.pickupAlt') })).toBeVisible();
  expect(await englishOnPage(rider, ['rider', 'ui'], DATA)).toEqual([]);
  expect(await brokenStepNames(rider)).toEqual([]);

  // A wrong code is refused in Swahili (the API's message in the phone's language), then the buyer's code.
  const codeField = rider.getByLabel(sw('rider', 'rider.deliveryCode.label'));
  const complete = rider.getByRole('button', { name: sw('rider', 'rider.deliveryCode.submit') });
  await codeField.fill(code === '123456' ? '654321' : '123456');
  await complete.click();
  await expect(rider.getByRole('alert')).toHaveText(sw('ui', 'catalogue.rider.invalidDeliveryCode'));
  await expect(rider.getByRole('alert')).not.toHaveText(en('ui', 'catalogue.rider.invalidDeliveryCode'));
  expect(await englishOnPage(rider, ['rider', 'ui'], DATA)).toEqual([]);
  await codeField.fill(code);
  await complete.click();

  // Delivered: the finished state in Swahili.
  await expect(rider.getByText(sw('ui', 'catalogue.rider.deliveryCompleted'))).toBeVisible();
  await expect(rider.getByRole('heading', { level: 2, name: sw('rider', 'rider.job.delivered.title') }).first()).toBeVisible();
  await expect(rider.getByText(sw('rider', 'rider.job.delivered.body'))).toBeVisible();
  await expect(rider.getByRole('progressbar', { name: sw('ui', 'ui.progress.label') })).toHaveAttribute('aria-valuenow', '100');
  await expect(rider.getByRole('region', { name: sw('rider', 'rider.payment.title') })).toContainText(sw('rider', 'rider.payment.fee', { fee: 'KSh 350.00' }));
  expect(await englishOnPage(rider, ['rider', 'ui'], DATA)).toEqual([]);
  expect(await brokenStepNames(rider)).toEqual([]);
  await expectNoHorizontalScroll(rider);
  await rider.screenshot({ path: testInfo.outputPath('rider-swahili-delivered-360.png'), fullPage: true });
  expect((await seller.order(order.id)).status).toBe('awaiting_settlement');
  await seller.dispose();
});
