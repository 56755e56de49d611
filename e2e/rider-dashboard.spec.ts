// The rider dashboard (/rider?phone=...): the phone form, the tabs 'Available Jobs (n)' and
// 'My Jobs (n)', taking a job and opening it again from My Jobs.
import { expect as baseExpect, test } from './fixtures.ts';
import { FIRST_SCREEN, freshPhone, newSeller, payAsBuyer, useFreshAddress } from './escrow-seed.ts';

const expect = baseExpect.configure({ timeout: 10_000 });
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await useFreshAddress(context);
});

test('a listed rider finds a paid job by phone, accepts it and opens it again from My Jobs', async ({ page }) => {
  const seller = await newSeller('Amani Phones');
  const order = await seller.createOrder({ itemName: 'HP EliteBook 840' });
  await payAsBuyer(order);
  const rider = await seller.addRider('Otieno Rider');
  const local = `0${rider.phone.slice(4)}`;

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

  const available = page.getByRole('tab', { name: 'Available Jobs (1)' });
  await expect(available).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Jobs (0)' })).toBeVisible();
  await expect(available).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Available Jobs (1)' });
  await expect(panel).toContainText('HP EliteBook 840');
  await expect(panel).toContainText('Amani Phones');
  await expect(panel).toContainText('Kilimani');
  // A phone number alone never shows the buyer's personal details (decision 0012).
  await expect(panel).not.toContainText('Wanjiku');
  await expect(panel).not.toContainText('Ngong Road');

  await panel.getByRole('button', { name: 'Accept Job: HP EliteBook 840' }).click();
  await expect(page).toHaveURL(`/rider/${order.id}?phone=${encodeURIComponent(rider.phone)}`);
  await expect(page.getByText('Job accepted! Please proceed to pickup location.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm Pickup' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Deliver to' })).toContainText('Wanjiku Kamau');
  expect((await seller.order(order.id)).status).toBe('rider_assigned');

  await page.getByRole('link', { name: '← My Jobs' }).click();
  await expect(page.getByRole('tab', { name: 'My Jobs (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Available Jobs (0)' })).toBeVisible();
  await expect(page.getByText('No jobs are waiting for a rider right now.', { exact: false })).toBeHidden();
  await page.getByRole('tab', { name: 'Available Jobs (0)' }).click();
  await expect(page.getByText('No jobs are waiting for a rider right now.', { exact: false })).toBeVisible();
  await page.getByRole('tab', { name: 'My Jobs (1)' }).click();
  await page.getByRole('link', { name: 'Open Job: HP EliteBook 840' }).click();
  await expect(page.getByRole('button', { name: 'Confirm Pickup' })).toBeVisible();

  // Back to the phone form: another number sees no job of this seller.
  await page.goto('/rider');
  await expect(page.getByLabel('Phone number')).toHaveValue(rider.phone);
  await page.getByLabel('Phone number').fill(freshPhone().local);
  await page.getByRole('button', { name: 'View Jobs' }).click();
  await expect(page.getByRole('tab', { name: 'Available Jobs (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Jobs (0)' })).toBeVisible();
  await page.getByRole('tab', { name: 'My Jobs (0)' }).click();
  await expect(page.getByText('You have no jobs yet.', { exact: false })).toBeVisible();
  await seller.dispose();
});
