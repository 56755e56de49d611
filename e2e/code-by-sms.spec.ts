// The delivery code reaches only the phone that paid (issue 16), the whole journey in Chromium
// with four people in browser contexts of their own: the seller (signed in), the buyer (360 px),
// the rider (360 px) and the buyer's phone, which is the simulator's phone pages (360 px): /phone
// for M-Pesa's PIN prompt and /phone/sms for the SMS. The buyer reads the code in the SMS, as a
// person reads it on the page, and gives it to the rider; the seller never sees it.
import { expectBuyerPaid, markDocument, openBuyerPage, payFrom, PRICE, stillTheSameDocument } from './buyer-prompt.ts';
import { test } from './kit/test.ts';
import { answerOnPhone, finishedPromptsOn, openPhonePage, openSmsInbox, ownPhone, pendingPromptOn, PIN, readDeliveryCodeOn, smsIn } from './sim-phone.ts';
import { expectNoHorizontalScroll, FIRST_SCREEN, pathOf } from './order-screens.ts';
import { PNG } from './kit/seed.ts';
import { createOrder, sellerOrder, signedInSeller } from './kit/page-session.ts';
import { expect } from './seller-support.ts';
import { freshAddress } from '@escrow/test-kit';

// Four people's pages on a real server and a simulator, on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const ITEM = 'Oppo A78 5G';
const RIDER_NAME = 'Kevin Otieno';

/** "07xx xxx 123", as the buyer and seller pages name the phone the code went to. */
const masked = (typed: string) => `${typed.slice(0, 2)}xx xxx ${typed.slice(-3)}`;

test('the buyer reads the delivery code in the SMS on the phone that paid and gives it to the rider; the seller never sees it', async ({ page: seller, person, consoleGuard }, testInfo) => {
  const payer = ownPhone();
  const riderPhone = ownPhone();
  await seller.context().setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });

  // 1. The seller makes an M-Pesa order and copies the buyer link from the order page: the link
  // carries the order's view key, not a delivery code.
  await signedInSeller(seller, 'SMS Journey Phones');
  const order = await createOrder(seller, { itemName: ITEM, price: PRICE, paymentMethod: 'mpesa_prepay' });
  await seller.goto(`/order/${order.id}`);
  await expect(seller.getByRole('heading', { level: 1, name: ITEM })).toBeVisible(FIRST_SCREEN);
  await expect(seller.getByText('Awaiting payment')).toBeVisible();
  const buyerLink = await seller.getByLabel('Buyer link').inputValue();
  expect(buyerLink).toMatch(new RegExp(`/buyer/order/${order.id}\\?code=[A-Za-z0-9_-]{22}$`));
  await markDocument(seller);

  // 2. The buyer opens the link on a phone: no code to see; types their number and taps Pay.
  const buyer = await openBuyerPage(person, { links: { buyer: buyerLink } });
  await expect(buyer.getByRole('heading', { level: 1, name: ITEM })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);
  const buyerPageBeforePaying = await buyer.locator('body').innerText();
  await payFrom(buyer, payer);

  // 3. On the phone: the PIN prompt, approved; then the SMS inbox holds the code.
  const phone = await openPhonePage(person);
  await expect(pendingPromptOn(phone, payer.msisdn)).toContainText(new RegExp(`Pay KSh 2,500 to .+ account ${order.trackingNumber}\\?`));
  await answerOnPhone(phone, payer.msisdn, { pin: PIN });
  await expect(finishedPromptsOn(phone, payer.msisdn)).toContainText(/Paid KSh 2,500, receipt [A-Z0-9]{10}/);
  const inbox = await openSmsInbox(phone, payer.typed);
  const code = await readDeliveryCodeOn(inbox, order.trackingNumber);
  await expect(smsIn(inbox, order.trackingNumber)).toContainText(`KSh 2,500.00 received for order ${order.trackingNumber}. Your delivery code is ${code}.`);
  await expectNoHorizontalScroll(phone);
  await phone.screenshot({ path: testInfo.outputPath('phone-sms-code-360.png'), fullPage: true });
  expect(buyerPageBeforePaying, 'the buyer page showed the code before payment').not.toContain(code);

  // 4. The buyer's page, the payer's browser, shows the same code; the seller's page shows where
  // it went, never the code (nor does the seller's API).
  await expectBuyerPaid(buyer, payer, code);
  await expectNoHorizontalScroll(buyer);
  await expect(seller.getByText('Paid - assign a rider')).toBeVisible();
  await expect(seller.getByText(`Code sent to ${masked(payer.typed)}`)).toBeVisible();
  expect(await stillTheSameDocument(seller), 'the seller page reloaded').toBe(true);
  expect(await seller.locator('body').innerText(), 'the seller page shows the delivery code').not.toContain(code);
  expect(JSON.stringify(await sellerOrder(seller, order.id)), "the seller's order view holds the delivery code").not.toContain(code);

  // 5. The seller assigns a new rider (a phone of their own) and reads the rider link.
  const assign = seller.getByRole('region', { name: 'Assign a rider' });
  await assign.getByLabel('New rider name').fill(RIDER_NAME);
  await assign.getByLabel('New rider phone').fill(riderPhone.typed);
  await assign.getByRole('button', { name: 'Assign Rider' }).click();
  await expect(seller.getByLabel('Rider link')).toHaveValue(new RegExp(`/rider/${order.id}\\?phone=`));
  const sellerRiderLink = await seller.getByLabel('Rider link').inputValue();
  await expect(buyer.getByRole('heading', { name: 'Rider is Preparing to Pick Up' })).toBeVisible();

  // The payer's inbox, left open, shows who will deliver without a reload.
  await expect(smsIn(inbox, `Rider ${RIDER_NAME}, ${riderPhone.typed}, will deliver your order ${order.trackingNumber}.`)).toBeVisible();

  // The rider's own phone (a second tab of the phone page): the job's link came by SMS, the same
  // link the seller's page shows, and the rider opens it from there.
  const riderInbox = await openSmsInbox(await phone.context().newPage(), riderPhone.typed);
  const jobSms = smsIn(riderInbox, `New job ${order.trackingNumber}:`);
  await expect(jobSms).toBeVisible();
  const riderLink = /https?:\/\/\S+\/rider\/\S*[^\s.,;]/.exec(await jobSms.innerText())?.[0] ?? '';
  expect(riderLink).toBe(sellerRiderLink);
  expect(new URL(riderLink).pathname).toBe(`/rider/${order.id}`);

  // 6. The rider, on a phone: accepts, picks up with a photo; the payer's phone hears it.
  const rider = await person();
  await rider.goto(pathOf(riderLink));
  await expect(rider.getByRole('heading', { level: 1, name: ITEM })).toBeVisible(FIRST_SCREEN);
  await rider.getByRole('button', { name: 'Accept Job' }).click();
  await expect(rider.getByText('Job accepted! Please proceed to pickup location.').first()).toBeVisible();
  await rider.getByLabel('Pickup photo').setInputFiles({ name: 'pickup.png', mimeType: 'image/png', buffer: PNG });
  await rider.getByRole('button', { name: 'Confirm Pickup' }).click();
  await expect(rider.getByText('Pickup confirmed! Delivery started.').first()).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'Your Order is On The Way!' })).toBeVisible();
  await expect(smsIn(inbox, `Your order ${order.trackingNumber} is on its way. Have your delivery code ready`)).toBeVisible();

  // At the door: a wrong code is refused; the code from the SMS completes the delivery.
  consoleGuard.expectHttpError(`/api/rider/orders/${order.id}/complete`, 400);
  const codeField = rider.getByLabel('Delivery code');
  const complete = rider.getByRole('button', { name: 'Complete Delivery' });
  await codeField.fill(code === '123456' ? '654321' : '123456');
  await complete.click();
  await expect(rider.getByRole('alert')).toHaveText('Invalid delivery code');
  await codeField.fill(code);
  await complete.click();
  await expect(rider.getByText('Delivery completed successfully!').first()).toBeVisible();
  await expectNoHorizontalScroll(rider);

  // The buyer's page moves to delivered by itself; the seller's too, still without the code.
  await expect(buyer.getByRole('heading', { name: 'Delivered Successfully! Please Rate Your Experience' })).toBeVisible();
  expect(await stillTheSameDocument(buyer), 'the buyer page reloaded').toBe(true);
  await expect(seller.getByText('Delivered - awaiting settlement')).toBeVisible();
  expect(await seller.locator('body').innerText(), 'the seller page shows the delivery code').not.toContain(code);

  // 7. The payer's inbox, newest first: on its way, the rider (name and phone), the code.
  const texts = await inbox.getByRole('listitem').allInnerTexts();
  const at = (part: string) => texts.findIndex((text) => text.includes(part));
  expect(at('is on its way'), texts.join('\n---\n')).toBeGreaterThanOrEqual(0);
  expect(at('is on its way')).toBeLessThan(at(`Rider ${RIDER_NAME}, ${riderPhone.typed}`));
  expect(at(`Rider ${RIDER_NAME}, ${riderPhone.typed}`)).toBeLessThan(at(`Your delivery code is ${code}`));
  await expectNoHorizontalScroll(phone);
  await phone.screenshot({ path: testInfo.outputPath('phone-sms-inbox-360.png'), fullPage: true });
});
