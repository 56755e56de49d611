// The rider dashboard (/rider?phone=...): the phone form, the code sent by SMS that proves the
// phone (decision 0046), the tabs 'Available Jobs (n)' and 'My Jobs (n)', taking a job and
// opening it again from My Jobs.
import { expect as baseExpect, test } from './kit/test.ts';
import { readRiderCodeSms, riderCodeSmsCount } from './rider-sms.ts';
import { FIRST_SCREEN } from './order-screens.ts';
import { freshPhone } from '@escrow/test-kit';
import { newSeller, payOrder, useFreshAddress } from './kit/seed.ts';

const expect = baseExpect.configure({ timeout: 10_000 });
test.describe.configure({ timeout: 90_000 });

const CODE_ON_ITS_WAY = "If this number is on a seller's rider list, a code is on its way.";

test.beforeEach(async ({ context }) => {
  await useFreshAddress(context);
});

test('a listed rider proves the phone with the code from the SMS, finds a paid job, accepts it and opens it again from My Jobs', async ({ page, consoleGuard, seller }) => {
  const order = await seller.createOrder({ itemName: 'HP EliteBook 840' });
  await payOrder(order);
  const rider = await seller.addRider('Otieno Rider');
  const local = `0${rider.phone.slice(4)}`;
  consoleGuard.expectHttpError('/api/rider/phone-proof', 400);

  await page.goto('/rider');
  await expect(page.getByRole('heading', { level: 1, name: 'Rider jobs' })).toBeVisible(FIRST_SCREEN);
  const phone = page.getByLabel('Phone number');
  await phone.fill('');
  await page.getByRole('button', { name: 'View Jobs' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your phone number');
  await phone.fill('12345');
  await page.getByRole('button', { name: 'View Jobs' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a Kenyan phone number such as 0712345678');
  await phone.fill(local);
  await page.getByRole('button', { name: 'View Jobs' }).click();
  await expect(page).toHaveURL(`/rider?phone=${encodeURIComponent(rider.phone)}`);

  // The phone step sent the code at once; the code step takes it.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your phone' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: CODE_ON_ITS_WAY })).toBeVisible();
  const code = page.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toBeFocused();
  await expect(page.getByRole('button', { name: /^Resend code in 0:[0-5]\d$/ })).toBeDisabled();
  const confirm = page.getByRole('button', { name: 'Confirm Code' });
  await code.fill('12a3');
  await expect(code).toHaveValue('123');
  await expect(confirm).toBeDisabled();
  const sms = await readRiderCodeSms(rider.phone);
  await code.fill(sms === '000000' ? '111111' : '000000');
  await confirm.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid code. Please check and try again. 4 tries left.');
  await code.fill(sms);
  await confirm.click();

  const available = page.getByRole('tab', { name: 'Available Jobs (1)' });
  await expect(available).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Jobs (0)' })).toBeVisible();
  await expect(available).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Available Jobs (1)' });
  await expect(panel).toContainText('HP EliteBook 840');
  await expect(panel).toContainText('Amani Phones');
  await expect(panel).toContainText('Kilimani');
  // The job list never shows the buyer's personal details (decision 0012).
  await expect(panel).not.toContainText('Wanjiku');
  await expect(panel).not.toContainText('Ngong Road');

  await panel.getByRole('button', { name: 'Accept Job: HP EliteBook 840' }).click();
  await expect(page).toHaveURL(`/rider/${order.id}?phone=${encodeURIComponent(rider.phone)}`);
  await expect(page.getByText('Job accepted! Please proceed to pickup location.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Pickup' })).toBeVisible();
  // Taking is accepting: the buyer's details are the rider's now.
  await expect(page.getByRole('region', { name: 'Deliver to' })).toContainText('Wanjiku Kamau');
  expect((await seller.order(order.id)).status).toBe('rider_assigned');

  // The proof stays in this browser: My Jobs opens without another code.
  await page.getByRole('link', { name: '← My Jobs' }).click();
  await expect(page.getByRole('tab', { name: 'My Jobs (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Available Jobs (0)' })).toBeVisible();
  await expect(page.getByText('No jobs are waiting for a rider right now.', { exact: false })).toBeHidden();
  await page.getByRole('tab', { name: 'Available Jobs (0)' }).click();
  await expect(page.getByText('No jobs are waiting for a rider right now.', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'My Jobs (1)' }).click();
  await page.getByRole('link', { name: 'Open Job: HP EliteBook 840' }).click();
  await expect(page.getByRole('button', { name: 'Confirm Pickup' })).toBeVisible();
  expect(await riderCodeSmsCount(rider.phone)).toBe(1);

  // Another number: the same words, but no seller lists it, so no SMS is sent and no list opens.
  await page.goto('/rider');
  await expect(page.getByLabel('Phone number')).toHaveValue(rider.phone);
  const stranger = freshPhone();
  await page.getByLabel('Phone number').fill(stranger.local);
  await page.getByRole('button', { name: 'View Jobs' }).click();
  await expect(page.getByRole('status').filter({ hasText: CODE_ON_ITS_WAY })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.waitForTimeout(1_000);
  expect(await riderCodeSmsCount(stranger.e164)).toBe(0);
  await page.getByRole('button', { name: 'Use another number' }).click();
  await expect(page).toHaveURL('/rider');
  await expect(page.getByRole('button', { name: 'View Jobs' })).toBeVisible();
});

test('resend waits for its countdown; the newest code is the one that works; "Change phone number" forgets the phone on this device', async ({ page, consoleGuard }) => {
  const seller = await newSeller('Baraka Boutique');
  const rider = await seller.addRider('Achieng Rider');
  consoleGuard.expectHttpError('/api/rider/phone-proof', 400);
  await page.clock.install();

  // A rider who opens the dashboard by its address is asked first; nothing is sent until they say so.
  await page.goto(`/rider?phone=${encodeURIComponent(rider.phone)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your phone' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByLabel('6-digit code')).toHaveCount(0);
  expect(await riderCodeSmsCount(rider.phone)).toBe(0);
  await page.getByRole('button', { name: 'Send Code' }).click();
  const first = await readRiderCodeSms(rider.phone, 1);
  const resend = page.getByRole('button', { name: /^Resend code/ });
  await expect(resend).toBeDisabled();
  await page.clock.fastForward('00:30');
  await expect(resend).toHaveText(/^Resend code in 0:(2\d|30)$/);
  await page.clock.fastForward('00:31');
  await expect(resend).toHaveText('Resend code');
  await resend.click();
  const second = await readRiderCodeSms(rider.phone, 2);
  await expect(page.getByRole('button', { name: /^Resend code in / })).toBeDisabled();

  // The first code was replaced by the second.
  const code = page.getByLabel('6-digit code');
  if (first !== second) {
    await code.fill(first);
    await page.getByRole('button', { name: 'Confirm Code' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid code. Please check and try again.');
  }
  await code.fill(second);
  await page.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(page.getByRole('tab', { name: 'Available Jobs (0)' })).toBeVisible();

  // Forgetting the phone on this device: the next visit asks for a code again.
  await page.getByRole('button', { name: 'Change phone number' }).click();
  await expect(page.getByRole('button', { name: 'View Jobs' })).toBeVisible();
  await page.goto(`/rider?phone=${encodeURIComponent(rider.phone)}`);
  await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible(FIRST_SCREEN);
  await seller.dispose();
});
