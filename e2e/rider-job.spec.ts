// The rider's job view (/rider/{orderId}?phone=...&key=...) against the real API: orders are
// seeded and riders assigned through the seller's HTTP API (e2e/kit/seed.ts).
import { expect as baseExpect, test } from './kit/test.ts';
import { FIRST_SCREEN, pathOf } from './order-screens.ts';
import { PNG, riderCredentials, seedAssignedOrder, useFreshAddress } from './kit/seed.ts';

// Live updates and re-reads on a busy machine get more than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });
// Each test opens several pages, each downloading the shell and the rider remote.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await useFreshAddress(context);
});

test('the rider accepts, uploads the pickup photo, enters a wrong then the right code, and records the payment', async ({ page, consoleGuard, seller }) => {
  const { order } = await seedAssignedOrder(seller, { deliveryCost: 350, deliveryPaidBy: 'buyer' });
  const riderLink = order.links.rider ?? '';
  const { phone } = riderCredentials(riderLink);
  consoleGuard.expectHttpError(`/api/rider/orders/${order.id}/complete`, 400);

  await page.goto(pathOf(riderLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible(FIRST_SCREEN);
  // The key leaves the address bar (the phone stays) and is kept on the phone.
  await expect(page).toHaveURL(`/rider/${order.id}?phone=${encodeURIComponent(phone)}`);
  expect(await page.evaluate((key) => localStorage.getItem(key), `rider-key:${order.id}`)).toContain(riderCredentials(riderLink).key);

  // Pickup and delivery details.
  const pickup = page.getByRole('region', { name: 'Pick up from' });
  await expect(pickup).toContainText('Amani Phones');
  await expect(pickup).toContainText('Westlands, Nairobi');
  await expect(pickup.getByRole('link', { name: '+254712345678' })).toHaveAttribute('href', 'tel:+254712345678');
  // Before accepting: the delivery area and landmark, not who the buyer is nor the exact address (decision 0046).
  const delivery = page.getByRole('region', { name: 'Deliver to' });
  await expect(delivery).toContainText('Kilimani');
  await expect(delivery).toContainText('Opposite the petrol station');
  await expect(delivery).toContainText('KSh 350.00, collected from the buyer');
  await expect(delivery).toContainText("The buyer's name, phone number and address are shown once you accept this job.");
  for (const hidden of ['Wanjiku Kamau', 'Ngong Road', '0722000111', '+254722000111', 'B4']) await expect(delivery).not.toContainText(hidden);
  await expect(delivery.getByRole('link', { name: 'Open pin location in maps' })).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'New job: accept it to start' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Job' }).click();
  await expect(page.getByText('Job accepted! Please proceed to pickup location.')).toBeVisible();
  await expect(delivery).toContainText('Wanjiku Kamau');
  await expect(delivery).toContainText('Ngong Road, Kilimani');
  await expect(delivery).toContainText('B4');
  await expect(delivery.getByRole('link', { name: '+254722000111' })).toHaveAttribute('href', 'tel:+254722000111');
  await expect(delivery.getByRole('link', { name: 'Open pin location in maps' })).toHaveAttribute('href', 'https://maps.example.com/?q=-1.29,36.78');
  await expect(delivery).not.toContainText('are shown once you accept');

  // The photo input opens the camera on phones.
  const photo = page.getByLabel('Pickup photo');
  await expect(photo).toHaveAttribute('accept', 'image/*');
  await expect(photo).toHaveAttribute('capture', 'environment');
  await page.getByRole('button', { name: 'Confirm Pickup' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please upload a pickup photo');
  await photo.setInputFiles({ name: 'pickup.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Confirm Pickup' }).click();
  await expect(page.getByText('Pickup confirmed! Delivery started.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'On the way to the buyer' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The photo you took at pickup' })).toBeVisible();

  // Digits only, at most 6; the button waits for all 6.
  const code = page.getByLabel('Delivery code');
  const complete = page.getByRole('button', { name: 'Complete Delivery' });
  await code.fill('12a3');
  await expect(code).toHaveValue('123');
  await expect(complete).toBeDisabled();
  const wrong = order.deliveryCode === '123456' ? '654321' : '123456';
  await code.fill(`${wrong}9`);
  await expect(code).toHaveValue(wrong);
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid delivery code');
  await expect(page.getByText('4 attempts left before code entry is locked.')).toBeVisible();

  await code.fill(order.deliveryCode ?? '');
  await complete.click();
  await expect(page.getByText('Delivery completed successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivered', exact: true }).first()).toBeVisible();
  expect((await seller.order(order.id)).status).toBe('awaiting_settlement');

  // Payment at the door: received, or an issue in words.
  const door = page.getByRole('region', { name: 'Payment at the door' });
  await expect(door).toContainText('Your delivery fee: KSh 350.00');
  await door.getByRole('button', { name: 'Payment Received' }).click();
  await expect(page.getByText('Payment confirmation recorded')).toBeVisible();
  await door.getByRole('button', { name: 'Report Payment Issue' }).click();
  await door.getByLabel('What went wrong?').fill('   ');
  await door.getByRole('button', { name: 'Report Issue' }).click();
  await expect(door.getByRole('alert')).toHaveText('Please describe the payment issue');
  await door.getByLabel('What went wrong?').fill('The buyer paid KSh 200 only');
  await door.getByRole('button', { name: 'Report Issue' }).click();
  await expect(page.getByText('Issue reported. Admin will review it.')).toBeVisible();
  const payments = (await (await seller.api.get(`/api/seller/orders/${order.id}`)).json()) as { data: { riderPayments: { paymentReceived: boolean; paymentIssue: string | null }[] } };
  expect(payments.data.riderPayments.map((p) => p.paymentIssue)).toEqual(expect.arrayContaining([null, 'The buyer paid KSh 200 only']));

  // The key stayed on the phone: the job opens again without it.
  await page.goto(`/rider/${order.id}?phone=${encodeURIComponent(phone)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible(FIRST_SCREEN);
});

test("a rider replaced by the seller: the open page and the old link refuse work", async ({ page, consoleGuard, seller, rider: { order } }) => {
  const oldLink = pathOf(order.links.rider ?? '');
  consoleGuard.expectHttpError(`/api/rider/orders/${order.id}`, 404);
  // EventSource reports its refused reconnection as a console error.
  consoleGuard.expectConsoleError(/EventSource|text\/event-stream/);

  await page.goto(oldLink);
  await expect(page.getByRole('button', { name: 'Accept Job' })).toBeVisible(FIRST_SCREEN);
  await page.waitForLoadState('networkidle');

  // The seller gives the job to another rider: the open page learns at once.
  const other = await seller.addRider('Kamau Rider');
  const changed = await seller.assignRider(order.id, other.id);
  expect(changed.links.rider).not.toBe(order.links.rider);
  await expect(page.getByRole('heading', { name: 'Order not found or not assigned to you' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Job' })).toHaveCount(0);

  // The old link, opened again, shows nothing of the order.
  await page.goto(oldLink);
  await expect(page.getByRole('heading', { name: 'Order not found or not assigned to you' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Wanjiku Kamau')).toHaveCount(0);
});

test("a rider removed by the seller: the old link refuses work; the new rider's link works", async ({ page, consoleGuard, seller, rider: { order } }) => {
  const oldLink = pathOf(order.links.rider ?? '');
  consoleGuard.expectHttpError(`/api/rider/orders/${order.id}`, 404);
  consoleGuard.expectConsoleError(/EventSource|text\/event-stream/);

  await seller.removeRider(order.id);
  await page.goto(oldLink);
  await expect(page.getByRole('heading', { name: 'Order not found or not assigned to you' })).toBeVisible(FIRST_SCREEN);

  const rider = await seller.addRider('Njeri Rider');
  const reassigned = await seller.assignRider(order.id, rider.id);
  await page.goto(pathOf(reassigned.links.rider ?? ''));
  await expect(page.getByRole('button', { name: 'Accept Job' })).toBeVisible(FIRST_SCREEN);
});

test('without a phone number: "Rider phone number required"', async ({ page }) => {
  await page.goto('/rider/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Rider phone number required' })).toBeVisible(FIRST_SCREEN);
  await page.getByRole('link', { name: 'Enter your phone number' }).click();
  await expect(page).toHaveURL('/rider');
  await expect(page.getByLabel('Phone number')).toBeVisible(FIRST_SCREEN);
});
