// The buyer's M-Pesa prompt (STK Push) in Chromium, end to end: the buyer page asks the real API,
// the API asks the Daraja simulator (apps/daraja-sim, started by playwright.config.ts), and a
// person answers on the simulator's phone page (/phone) with a PIN. The result comes back as
// Daraja's callback plus the API's STK Query, and the buyer's and seller's pages follow it
// without a reload.
//
// The simulator is one process shared by every worker, and it refuses a second prompt to a phone
// that has one pending: each test prompts a phone number of its own, typed into the field.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { test as guarded } from './fixtures.ts';
import { FIRST_SCREEN, freshAddress, pathOf } from './escrow-seed.ts';
import { createOrder, expect, expectNoHorizontalScroll, freshPhone, PHONE, sellerOrder, signedInSeller, type CreatedOrder } from './seller-support.ts';
import { readDeliveryCodeSms, viewKeyOf } from './daraja-sim.ts';

// Several people's pages on a real server and a simulator, on a shared machine.
guarded.describe.configure({ timeout: 120_000 });
guarded.use({ viewport: PHONE });

/** The buyer page's words (core/src/payments/stk-result.ts), as the buyer reads them. */
const SAID = {
  checkYourPhone: 'Check your phone: enter your M-Pesa PIN to pay.',
  paid: 'Payment received. Your money is held safely until you receive your item.',
  cancelled: 'You cancelled the M-Pesa request on your phone. No money was taken. You can try again.',
  wrongPin: 'The M-Pesa PIN entered was wrong. No money was taken. You can try again.',
} as const;
const PIN = '1234';
const PRICE = '2500';
const PAY_BUTTON = 'Pay KSh 2,500.00 with M-Pesa';

/** One prompt as the simulator's /sim/prompts lists it (apps/daraja-sim/src/public-types.ts). */
interface SimPrompt {
  readonly checkoutRequestId: string;
  readonly msisdn: string;
  readonly amount: number;
  readonly accountReference: string;
  readonly status: 'pending' | 'succeeded' | 'failed';
  readonly resultCode: number | null;
  readonly receiptNumber: string | null;
}

function simUrl(): string {
  const port = process.env.E2E_SIM_PORT;
  if (!port) throw new Error('E2E_SIM_PORT is not set (see playwright.config.ts)');
  return `http://127.0.0.1:${port}`;
}

/** The simulator's prompts to one phone (2547XXXXXXXX), oldest first. */
async function simPromptsTo(request: APIRequestContext, msisdn: string): Promise<SimPrompt[]> {
  const reply = await request.get(`${simUrl()}/sim/prompts`);
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as SimPrompt[]).filter((prompt) => prompt.msisdn === msisdn);
}

/** A phone number nobody else prompts in this run: as typed (07...) and as M-Pesa names it (2547...). */
function ownPhone(): { typed: string; msisdn: string } {
  const typed = freshPhone();
  return { typed, msisdn: `254${typed.slice(1)}` };
}

const test = guarded.extend<{ person: (options?: { baseURL?: string }) => Promise<Page> }>({
  /** A 360 px page in a browser context of its own (own cookies, own client address), guarded, closed after the test. */
  person: async ({ browser, baseURL, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL: options.baseURL ?? baseURL, viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() } });
      contexts.push(context);
      consoleGuard.watch(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

test.beforeEach(async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });
});

/** Marks the document: a reload would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const stillTheSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

/** The buyer's page on the order, waiting for payment, with the phone field showing. */
async function openBuyerPage(person: () => Promise<Page>, order: CreatedOrder): Promise<Page> {
  const buyer = await person();
  await buyer.goto(pathOf(order.links.buyer));
  await expect(buyer.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
  await expect(buyer.getByLabel('M-Pesa phone number')).toBeVisible();
  await markDocument(buyer);
  return buyer;
}

/** Types the phone into the buyer's field and taps Pay: the "Check your phone" panel shows. */
async function payFrom(buyer: Page, phone: { typed: string; msisdn: string }): Promise<void> {
  await buyer.getByLabel('M-Pesa phone number').fill(phone.typed);
  await buyer.getByRole('button', { name: PAY_BUTTON }).click();
  await expectWaiting(buyer, phone);
}

async function expectWaiting(buyer: Page, phone: { msisdn: string }): Promise<void> {
  await expect(buyer.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(buyer.getByText(SAID.checkYourPhone)).toBeVisible();
  // The number prompted, masked by the server: 2547•••••123.
  await expect(buyer.getByText(`M-Pesa request sent to ${phone.msisdn.slice(0, 4)}•••••${phone.msisdn.slice(-3)}`)).toBeVisible();
}

/** The simulator's phone page. */
async function openPhonePage(person: (options?: { baseURL?: string }) => Promise<Page>): Promise<Page> {
  const phonePage = await person({ baseURL: simUrl() });
  await phonePage.goto('/phone');
  await expect(phonePage.getByRole('heading', { level: 1, name: /M-Pesa phone/ })).toBeVisible();
  return phonePage;
}

/** The pending prompt to this phone on the phone page (the page refreshes itself every second). */
const pendingPromptOn = (phonePage: Page, msisdn: string) =>
  phonePage.getByRole('region', { name: 'Payment requests' }).getByRole('article').filter({ hasText: `Phone ${msisdn}` });

/** The phone's finished prompts on the phone page. */
const finishedPromptsOn = (phonePage: Page, msisdn: string) => phonePage.getByRole('region', { name: 'Payment requests' }).getByRole('listitem').filter({ hasText: msisdn });

async function answerOnPhone(phonePage: Page, msisdn: string, answer: { pin: string } | 'cancel'): Promise<void> {
  const prompt = pendingPromptOn(phonePage, msisdn);
  await expect(prompt).toHaveCount(1);
  if (answer === 'cancel') {
    await prompt.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await prompt.getByLabel('M-Pesa PIN').fill(answer.pin);
    await prompt.getByRole('button', { name: 'Approve' }).click();
  }
  await expect(prompt).toHaveCount(0);
}

/** The buyer page once paid: the notice, the new status, the delivery code; no payment form left. */
async function expectBuyerPaid(buyer: Page, order: CreatedOrder, phone: { msisdn: string }): Promise<void> {
  await expect(buyer.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible();
  await expect(buyer.getByRole('status').filter({ hasText: SAID.paid })).toBeVisible();
  await expect(buyer.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '25');
  // This browser started the paid prompt: it shows the code the paying phone got by SMS (issue 16).
  const code = await readDeliveryCodeSms(order, phone.msisdn);
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toContainText(code);
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toContainText(`0${phone.msisdn.slice(3, 4)}xx xxx ${phone.msisdn.slice(-3)}`);
  await expect(buyer.getByRole('button', { name: /with M-Pesa/ })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(await stillTheSameDocument(buyer), 'the buyer page reloaded').toBe(true);
}

test('the journey at 360 px: tap Pay, approve with the PIN on the phone, both pages show the order paid without a reload', async ({ page: sellerPage, baseURL, request, person }, testInfo) => {
  const phone = ownPhone();
  await signedInSeller(sellerPage, baseURL ?? '', 'Prompt Journey Shop');
  const order = await createOrder(sellerPage, baseURL ?? '', { itemName: 'Oraimo FreePods 4', price: PRICE });

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
  await expectBuyerPaid(buyer, order, phone);
  await expect(sellerPage.getByText('25% complete')).toBeVisible();
  await expect(sellerPage.getByText('Paid - assign a rider')).toBeVisible();
  await expect(sellerPage.getByRole('region', { name: 'Assign a rider' })).toBeVisible();
  expect(await stillTheSameDocument(sellerPage), 'the seller page reloaded').toBe(true);

  // Through the API: paid once, with the receipt of the one prompt M-Pesa completed.
  const [paidPrompt, ...others] = await simPromptsTo(request, phone.msisdn);
  expect(others).toEqual([]);
  expect(paidPrompt).toMatchObject({ status: 'succeeded', resultCode: 0, amount: 2500, accountReference: order.trackingNumber });
  const seen = await sellerOrder(sellerPage, order.id);
  expect(seen).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: paidPrompt?.receiptNumber });
  const again = await request.post(`/api/buyer/orders/${order.id}/mpesa-prompt`, {
    headers: { 'x-delivery-code': viewKeyOf(order.links.buyer), 'X-Forwarded-For': freshAddress() },
    data: { phone: phone.typed },
  });
  expect(again.status(), await again.text()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('PAYMENT_ALREADY_CONFIRMED');
  expect(await simPromptsTo(request, phone.msisdn)).toHaveLength(1);
});

test('cancelled on the phone: the buyer reads why and taps "Try again", a new prompt comes, approved, paid', async ({ page, baseURL, request, person }) => {
  const phone = ownPhone();
  await signedInSeller(page, baseURL ?? '', 'Prompt Cancel Shop');
  const order = await createOrder(page, baseURL ?? '', { itemName: 'Ramtons Blender', price: PRICE });
  const buyer = await openBuyerPage(person, order);
  await payFrom(buyer, phone);

  const phonePage = await openPhonePage(person);
  await answerOnPhone(phonePage, phone.msisdn, 'cancel');
  await expect(finishedPromptsOn(phonePage, phone.msisdn)).toContainText('(1032)');

  await expect(buyer.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(buyer.getByText(SAID.cancelled)).toBeVisible();
  await expect(buyer.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible();
  const [cancelled] = await simPromptsTo(request, phone.msisdn);
  expect(cancelled).toMatchObject({ status: 'failed', resultCode: 1032 });

  // Try again: a second prompt to the same phone.
  await buyer.getByRole('button', { name: 'Try again' }).click();
  await expectWaiting(buyer, phone);
  await expect(pendingPromptOn(phonePage, phone.msisdn)).toHaveCount(1);
  const prompts = await simPromptsTo(request, phone.msisdn);
  expect(prompts.map((prompt) => prompt.status)).toEqual(['failed', 'pending']);
  expect(prompts[1]?.checkoutRequestId).not.toBe(cancelled?.checkoutRequestId);

  await answerOnPhone(phonePage, phone.msisdn, { pin: PIN });
  await expectBuyerPaid(buyer, order, phone);
  const [, approved] = await simPromptsTo(request, phone.msisdn);
  expect(approved).toMatchObject({ status: 'succeeded', resultCode: 0 });
  expect(await sellerOrder(page, order.id)).toMatchObject({ status: 'paid', paymentConfirmed: true, mpesaReceipt: approved?.receiptNumber });
});

test('a wrong PIN: the buyer reads that the PIN was wrong, and nothing is paid', async ({ page, baseURL, request, person }) => {
  const phone = ownPhone();
  await signedInSeller(page, baseURL ?? '', 'Prompt PIN Shop');
  const order = await createOrder(page, baseURL ?? '', { itemName: 'Hotpoint Kettle', price: PRICE });
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

  expect(await simPromptsTo(request, phone.msisdn)).toEqual([expect.objectContaining({ status: 'failed', resultCode: 2001, receiptNumber: null })]);
  expect(await sellerOrder(page, order.id)).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false, mpesaReceipt: null });
});

test('a double tap on Pay sends one prompt', async ({ page, baseURL, request, person }) => {
  const phone = ownPhone();
  await signedInSeller(page, baseURL ?? '', 'Prompt Double Tap Shop');
  const order = await createOrder(page, baseURL ?? '', { itemName: 'Infinix Hot 40', price: PRICE });
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
  const prompts = await simPromptsTo(request, phone.msisdn);
  expect(prompts).toEqual([expect.objectContaining({ status: 'pending', amount: 2500, accountReference: order.trackingNumber })]);

  // Leave the shared simulator without a prompt waiting on this phone.
  const cancelled = await request.post(`${simUrl()}/sim/prompts/${encodeURIComponent(prompts[0]?.checkoutRequestId ?? '')}/cancel`);
  expect(cancelled.status()).toBe(200);
  await expect(buyer.getByText(SAID.cancelled)).toBeVisible();
});
