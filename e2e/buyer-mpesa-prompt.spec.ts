// The buyer's M-Pesa prompt (STK Push) in Chromium, end to end: the buyer page asks the real API,
// the API asks the Daraja simulator (apps/daraja-sim, started by playwright.config.ts), and a
// person answers on the simulator's phone page (/phone) with a PIN. The result comes back as
// Daraja's callback plus the API's STK Query, and the buyer's and seller's pages follow it
// without a reload.
//
// The simulator is one process shared by every worker, and it refuses a second prompt to a phone
// that has one pending: each test prompts a phone number of its own, typed into the field.
import { expectBuyerPaid, expectWaiting, markDocument, openBuyerPage, PAY_BUTTON, payFrom, PRICE, SAID, stillTheSameDocument } from './buyer-prompt.ts';
import type { SimPrompt } from '@escrow/test-kit/daraja-sim';
import { readDeliveryCodeSms, receiptAsSellerSeesIt, sim } from './daraja-sim.ts';
import { test } from './kit/test.ts';
import { answerOnPhone, finishedPromptsOn, openPhonePage, ownPhone, pendingPromptOn, PIN } from './sim-phone.ts';
import { expectNoHorizontalScroll, FIRST_SCREEN } from './order-screens.ts';
import { expect, PHONE } from './seller-support.ts';
import { createOrder, sellerOrder, signedInSeller } from './kit/page-session.ts';
import { freshAddress, viewKeyOf } from '@escrow/test-kit';

// Several people's pages on a real server and a simulator, on a shared machine.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: PHONE });

/** The simulator's prompts to one phone (2547XXXXXXXX), oldest first. */
async function simPromptsTo(msisdn: string): Promise<SimPrompt[]> {
  return (await sim().prompts()).filter((prompt) => prompt.msisdn === msisdn);
}

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });
});

test('the journey at 360 px: tap Pay, approve with the PIN on the phone, both pages show the order paid without a reload', async ({ page: sellerPage, request, person }, testInfo) => {
  const phone = ownPhone();
  await signedInSeller(sellerPage, 'Prompt Journey Shop');
  const order = await createOrder(sellerPage, { itemName: 'Oraimo FreePods 4', price: PRICE });

  // The seller watches the order.
  await sellerPage.goto(`/order/${order.id}`);
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Oraimo FreePods 4' })).toBeVisible(FIRST_SCREEN);
  await expect(sellerPage.getByText('Awaiting payment')).toBeVisible();
  await expect(sellerPage.getByText('0% complete')).toBeVisible();
  await markDocument(sellerPage);

  // The buyer: the number the seller entered is already in the field; they pay from another phone.
  const buyer = await openBuyerPage(person, order);
  await expect(buyer.getByLabel('M-Pesa phone number')).toHaveValue('0722000111');
  await payFrom(buyer, phone);
  await expectNoHorizontalScroll(buyer);
  await buyer.getByRole('heading', { name: 'Check your phone' }).scrollIntoViewIfNeeded();
  await buyer.screenshot({ path: testInfo.outputPath('buyer-waiting-360.png') });

  // On the phone: the prompt asks for the price, to the order's tracking number.
  const phonePage = await openPhonePage(person);
  const prompt = pendingPromptOn(phonePage, phone.msisdn);
  await expect(prompt).toHaveCount(1);
  await expect(prompt).toContainText(new RegExp(`Pay KSh 2,500 to .+ account ${order.trackingNumber}\\?`));
  await expectNoHorizontalScroll(phonePage);
  await phonePage.screenshot({ path: testInfo.outputPath('phone-page-360.png'), fullPage: true });
  await answerOnPhone(phonePage, phone.msisdn, { pin: PIN });
  await expect(finishedPromptsOn(phonePage, phone.msisdn)).toContainText(/Paid KSh 2,500, receipt [A-Z0-9]{10}/);

  // Both pages follow without a reload.
  await expectBuyerPaid(buyer, phone, await readDeliveryCodeSms(order, phone.msisdn));
  await expect(sellerPage.getByText('25% complete')).toBeVisible();
  await expect(sellerPage.getByText('Paid - assign a rider')).toBeVisible();
  await expect(sellerPage.getByRole('region', { name: 'Assign a rider' })).toBeVisible();
  expect(await stillTheSameDocument(sellerPage), 'the seller page reloaded').toBe(true);

  // Through the API: paid once, with the receipt of the one prompt M-Pesa completed.
  const [paidPrompt, ...others] = await simPromptsTo(phone.msisdn);
  expect(others).toEqual([]);
  expect(paidPrompt).toMatchObject({ status: 'succeeded', resultCode: 0, amount: 2500, accountReference: order.trackingNumber });
  const seen = await sellerOrder(sellerPage, order.id);
  expect(seen).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: receiptAsSellerSeesIt(paidPrompt?.receiptNumber) });
  const again = await request.post(`/api/buyer/orders/${order.id}/mpesa-prompt`, {
    headers: { 'x-delivery-code': viewKeyOf(order.links.buyer), 'X-Forwarded-For': freshAddress() },
    data: { phone: phone.typed },
  });
  expect(again.status(), await again.text()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('PAYMENT_ALREADY_CONFIRMED');
  expect(await simPromptsTo(phone.msisdn)).toHaveLength(1);
});

test('cancelled on the phone: the buyer reads why and taps "Try again", a new prompt comes, approved, paid', async ({ page, person }) => {
  const phone = ownPhone();
  await signedInSeller(page, 'Prompt Cancel Shop');
  const order = await createOrder(page, { itemName: 'Ramtons Blender', price: PRICE });
  const buyer = await openBuyerPage(person, order);
  await payFrom(buyer, phone);

  const phonePage = await openPhonePage(person);
  await answerOnPhone(phonePage, phone.msisdn, 'cancel');
  await expect(finishedPromptsOn(phonePage, phone.msisdn)).toContainText('(1032)');

  await expect(buyer.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(buyer.getByText(SAID.cancelled)).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible();
  const [cancelled] = await simPromptsTo(phone.msisdn);
  expect(cancelled).toMatchObject({ status: 'failed', resultCode: 1032 });

  // Try again: a second prompt to the same phone.
  await buyer.getByRole('button', { name: 'Try again' }).click();
  await expectWaiting(buyer, phone);
  await expect(pendingPromptOn(phonePage, phone.msisdn)).toHaveCount(1);
  const prompts = await simPromptsTo(phone.msisdn);
  expect(prompts.map((prompt) => prompt.status)).toEqual(['failed', 'pending']);
  expect(prompts[1]?.checkoutRequestId).not.toBe(cancelled?.checkoutRequestId);

  await answerOnPhone(phonePage, phone.msisdn, { pin: PIN });
  await expectBuyerPaid(buyer, phone, await readDeliveryCodeSms(order, phone.msisdn));
  const [, approved] = await simPromptsTo(phone.msisdn);
  expect(approved).toMatchObject({ status: 'succeeded', resultCode: 0 });
  expect(await sellerOrder(page, order.id)).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: receiptAsSellerSeesIt(approved?.receiptNumber) });
});

test('a wrong PIN: the buyer reads that the PIN was wrong, and nothing is paid', async ({ page, person }) => {
  const phone = ownPhone();
  await signedInSeller(page, 'Prompt PIN Shop');
  const order = await createOrder(page, { itemName: 'Hotpoint Kettle', price: PRICE });
  const buyer = await openBuyerPage(person, order);
  await payFrom(buyer, phone);

  const phonePage = await openPhonePage(person);
  await answerOnPhone(phonePage, phone.msisdn, { pin: '0000' });
  await expect(finishedPromptsOn(phonePage, phone.msisdn)).toContainText('(2001)');

  await expect(buyer.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(buyer.getByText(SAID.wrongPin)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible();
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);
  expect(await stillTheSameDocument(buyer)).toBe(true);

  expect(await simPromptsTo(phone.msisdn)).toEqual([expect.objectContaining({ status: 'failed', resultCode: 2001, receiptNumber: null })]);
  expect(await sellerOrder(page, order.id)).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, mpesaReceipt: null });
});

test('a double tap on Pay sends one prompt', async ({ page, person }) => {
  const phone = ownPhone();
  await signedInSeller(page, 'Prompt Double Tap Shop');
  const order = await createOrder(page, { itemName: 'Infinix Hot 40', price: PRICE });
  const buyer = await openBuyerPage(person, order);
  const sends: string[] = [];
  buyer.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === `/api/buyer/orders/${order.id}/mpesa-prompt`) sends.push(sent.url());
  });

  await buyer.getByLabel('M-Pesa phone number').fill(phone.typed);
  await buyer.getByRole('button', { name: PAY_BUTTON }).dblclick();
  await expectWaiting(buyer, phone);
  await expect(buyer.getByRole('heading', { name: 'Check your phone' })).toHaveCount(1);

  expect(sends).toHaveLength(1);
  const prompts = await simPromptsTo(phone.msisdn);
  expect(prompts).toEqual([expect.objectContaining({ status: 'pending', amount: 2500, accountReference: order.trackingNumber })]);

  // Leave the shared simulator without a prompt waiting on this phone.
  const cancelled = await sim().cancel(prompts[0]?.checkoutRequestId ?? '');
  expect(cancelled).toMatchObject({ status: 'failed', resultCode: 1032 });
  await expect(buyer.getByText(SAID.cancelled)).toBeVisible();
});
