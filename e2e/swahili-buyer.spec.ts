// Issue 19: the buyer's journey in Swahili, in Chromium at 360 px. The buyer's phone is set to
// Swahili (navigator.languages and Accept-Language 'sw-KE'): the link the seller sent opens in
// Swahili from the server's first paint, the M-Pesa prompt is paid on the simulator's phone, the
// delivery code shows in Swahili, and the language switch turns the page to English and back,
// remembered across a reload.
import { markDocument, PRICE, stillTheSameDocument } from './buyer-prompt.ts';
import { readDeliveryCodeSms } from './daraja-sim.ts';
import { test } from './kit/test.ts';
import { answerOnPhone, openPhonePage, ownPhone, PIN } from './sim-phone.ts';
import { expectNoHorizontalScroll, FIRST_SCREEN, pathOf } from './order-screens.ts';
import { expect, PHONE } from './seller-support.ts';
import { createOrder, signedInSeller } from './kit/page-session.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE });

test('a buyer whose phone speaks Swahili pays and gets the delivery code in Swahili, and can switch to English', async ({ page: sellerPage, person }, testInfo) => {
  const phone = ownPhone();
  await signedInSeller(sellerPage, 'Duka la Amani');
  const order = await createOrder(sellerPage, { itemName: 'Tecno Spark 20', price: PRICE });

  const buyer = await person({ locale: 'sw-KE' });
  const response = await buyer.goto(pathOf(order.links.buyer));
  expect(response?.status()).toBe(200);
  // The server rendered it in Swahili: the document says so before any script ran.
  expect(await response?.text()).toContain('<html lang="sw-KE">');
  await expect(buyer.getByRole('heading', { name: 'Inasubiri Malipo' })).toBeVisible(FIRST_SCREEN);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Tecno Spark 20' })).toBeVisible();
  await expect(buyer.getByText('Oda kutoka kwa Duka la Amani')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'SW Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoHorizontalScroll(buyer);
  await buyer.screenshot({ path: testInfo.outputPath('buyer-swahili-360.png'), fullPage: true });
  await markDocument(buyer);

  // Pay with the prompt: the field, the button and the panel speak Swahili.
  await buyer.getByLabel('Nambari ya simu ya M-Pesa').fill(phone.typed);
  await buyer.getByRole('button', { name: 'Lipa KSh 2,500.00 kwa M-Pesa' }).click();
  await expect(buyer.getByRole('heading', { name: 'Angalia simu yako' })).toBeVisible();
  await expect(buyer.getByText(`Ombi la M-Pesa limetumwa kwa ${phone.msisdn.slice(0, 4)}•••••${phone.msisdn.slice(-3)}`)).toBeVisible();

  const phonePage = await openPhonePage(person);
  await answerOnPhone(phonePage, phone.msisdn, { pin: PIN });
  const code = await readDeliveryCodeSms(order, phone.msisdn);

  await expect(buyer.getByRole('heading', { name: 'Malipo Yamethibitishwa - Tunateua Msafirishaji' })).toBeVisible();
  const codeCard = buyer.getByRole('region', { name: 'Msimbo wako wa uwasilishaji' });
  await expect(codeCard).toContainText(code);
  await expect(codeCard).toContainText('Pia umetumwa kwa SMS kwa');
  await expect(buyer.getByRole('progressbar', { name: 'Hatua za uwasilishaji' })).toHaveAttribute('aria-valuenow', '25');
  expect(await stillTheSameDocument(buyer), 'the buyer page reloaded').toBe(true);
  await expectNoHorizontalScroll(buyer);

  // English on a tap, without a reload; the choice outlives one.
  await buyer.getByRole('button', { name: 'EN English' }).click();
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toContainText(code);
  await expect(buyer.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible();
  expect(await stillTheSameDocument(buyer), 'the language switch reloaded the page').toBe(true);
  await buyer.reload();
  await expect(buyer.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible(FIRST_SCREEN);
  await expect(buyer.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');

  // And back: a wrong code from a stranger's guess is refused in the buyer's language by the API itself.
  await buyer.getByRole('button', { name: 'SW Kiswahili' }).click();
  await expect(buyer.getByRole('region', { name: 'Msimbo wako wa uwasilishaji' })).toBeVisible();
  const refused = await buyer.request.get(`/api/buyer/orders/${order.id}`, { headers: { 'x-delivery-code': '000000' } });
  expect(refused.status()).toBe(404);
  expect(((await refused.json()) as { error: { message: string } }).error.message).not.toContain('Order not found');
});
