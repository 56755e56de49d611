// The buyer page (/buyer/order/{id}?code=... and /buyer/{id}?code=...) against the real API:
// orders are seeded through the seller's HTTP API (e2e/kit/seed.ts).
import { expect as baseExpect, test } from './kit/test.ts';
import type { Page } from '@playwright/test';
import { payPaybill } from './daraja-sim.ts';
import { brokenWords } from './swahili-texts.ts';
import { codeLinkOf, FIRST_SCREEN, pathOf } from './order-screens.ts';
import { asRider, buyerView, useFreshAddress } from './kit/seed.ts';
import { freshMpesaReceipt, viewKeyOf } from '@escrow/test-kit';

// Live updates and re-reads on a busy machine (shared CI runners) get more than the default 5 s.
const expect = baseExpect.configure({ timeout: 10_000 });
// Each test opens several pages, each downloading the shell and the buyer remote.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ context }) => {
  await useFreshAddress(context);
});

/** Marks the document: a reload would lose the mark. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const stillTheSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

test('the buyer link: its key leaves the address bar, stays on the phone, and shows the payment instructions', async ({ page, seller }) => {
  const order = await seller.createOrder({ price: 25_000, deliveryCost: 300 });
  const link = pathOf(order.links.buyer);
  // The shared link carries the order's view key, never the delivery code (issue 16).
  const viewKey = viewKeyOf(order.links.buyer);
  expect(link).toBe(`/buyer/order/${order.id}?code=${viewKey}`);
  expect(viewKey).toMatch(/^[A-Za-z0-9_-]{22}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Order from Amani Phones')).toBeVisible();
  await expect(page).toHaveURL(`/buyer/order/${order.id}`);
  const stored = await page.evaluate((key) => localStorage.getItem(key), `delivery-code:${order.id}`);
  expect(stored).toBe(JSON.stringify(viewKey));

  // Status and progress (spec section 4), Paybill instructions (account number = tracking number).
  await expect(page.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '0');
  const paybill = page.getByRole('region', { name: 'Pay with M-Pesa' });
  await expect(paybill.getByRole('definition').filter({ hasText: order.trackingNumber })).toBeVisible();
  // The Paybill is the one the server names (the admin tests change it while this runs).
  await expect
    .poll(async () => {
      const { payment } = await buyerView(order);
      const shown = (await paybill.textContent()) ?? '';
      return payment?.configured === true && shown.includes(payment.businessNumber ?? '-') && shown.includes(payment.accountName ?? '-');
    })
    .toBe(true);
  await expect(paybill.getByRole('definition').filter({ hasText: 'KSh 25,000.00' })).toBeVisible();
  await expect(paybill.getByText('The delivery fee of KSh 300.00 is not part of this payment')).toBeVisible();

  // Coming back without the code in the address: the stored code opens the order.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
  // The other link shape opens the same order.
  await page.goto(`/buyer/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible(FIRST_SCREEN);
});

test('at 360 px the top bar (the name, the language switch, Sign In) keeps every word whole, in English and in Swahili', async ({ page, seller }) => {
  const order = await seller.createOrder({ price: 25_000, deliveryCost: 300 });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(pathOf(order.links.buyer));
  await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible(FIRST_SCREEN);
  await expect(page.locator('.top-bar').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await brokenWords(page, '.top-bar')).toEqual([]);
  await page.getByRole('button', { name: 'SW Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^sw/);
  expect(await brokenWords(page, '.top-bar')).toEqual([]);
});

test('without a code, and with a wrong one: the spec messages; a wrong code never replaces the stored one', async ({ page, consoleGuard, seller }) => {
  const order = await seller.createOrder();
  consoleGuard.expectHttpError(`/api/buyer/orders/${order.id}`, 404);

  await page.goto(`/buyer/order/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Delivery code required to view order' })).toBeVisible(FIRST_SCREEN);

  // A wrong 6-digit code (the real one is not known before payment: 111111 is wrong but for one order in 900,000).
  const wrong = '111111';
  await page.goto(`/buyer/order/${order.id}?code=${wrong}`);
  await expect(page.getByRole('heading', { name: 'Order not found or invalid delivery code' })).toBeVisible(FIRST_SCREEN);
  await expect(page).toHaveURL(`/buyer/order/${order.id}`);
  expect(await page.evaluate((key) => localStorage.getItem(key), `delivery-code:${order.id}`)).toBeNull();

  // The good link, then a wrong one: the good code stays stored and opens the order again.
  await page.goto(pathOf(order.links.buyer));
  await expect(page.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
  await page.goto(`/buyer/order/${order.id}?code=${wrong}`);
  await expect(page.getByRole('heading', { name: 'Order not found or invalid delivery code' })).toBeVisible(FIRST_SCREEN);
  await page.goto(`/buyer/order/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
});

test('a typed M-Pesa code is a claim until M-Pesa confirms the Paybill payment, then the page turns paid live; its receipt cannot confirm a second order', async ({ page, consoleGuard, seller }) => {
  const first = await seller.createOrder({ itemName: 'JBL Flip 6' });
  const second = await seller.createOrder({ itemName: 'Nike Air Force 1' });
  consoleGuard.expectHttpError(`/api/buyer/orders/${second.id}/payment`, 409);
  // The made-up receipt typed again once the order is paid: not this payment's (409, said in words).
  consoleGuard.expectHttpError(`/api/buyer/orders/${first.id}/payment`, 409);
  // A code M-Pesa never confirmed (typed from memory, or made up).
  const claimed = freshMpesaReceipt();

  await page.goto(pathOf(first.links.buyer));
  const confirm = page.getByRole('button', { name: 'Confirm Payment' });
  await page.getByLabel('M-Pesa confirmation code').fill(claimed.toLowerCase());
  await confirm.click();
  await expect(page.getByRole('alert')).toHaveText('Please accept the terms and conditions to proceed');

  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel('M-Pesa confirmation code').fill('NLJ7');
  await confirm.click();
  await expect(page.getByRole('alert')).toHaveText('Enter the 10-character M-Pesa confirmation code, e.g. NLJ7RT61SV');

  // Lower case and spaces as typed from the SMS are accepted; a code M-Pesa has not confirmed
  // does not pay the order: it is checked with M-Pesa and the order waits.
  await page.getByLabel('M-Pesa confirmation code').fill(`${claimed.slice(0, 5).toLowerCase()} ${claimed.slice(5)}`);
  await confirm.click();
  await expect(page.getByText('Thank you. Your payment is being verified with M-Pesa; this page updates by itself once it is confirmed.')).toBeVisible(FIRST_SCREEN);
  // The page re-reads at once (decision 0052): the claim shows as being verified, still unpaid.
  await expect(page.getByRole('heading', { level: 2, name: 'Payment Being Verified' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);
  expect(await seller.order(first.id)).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false });

  // M-Pesa confirms the Paybill payment (C2B confirmation): the page turns paid by itself.
  await markDocument(page);
  // As M-Pesa sends it in production, the confirmation names the paying phone by its hash: no SMS
  // can carry the code, so the payer shows it on this page by typing the receipt from M-Pesa's SMS.
  const receipt = await payPaybill(first, { msisdnFormat: 'sha256' });
  await expect(page.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '25');
  await expect(page.getByRole('region', { name: 'Pay with M-Pesa' })).toHaveCount(0);
  const codeCard = page.getByRole('region', { name: 'Your delivery code' });
  const shownCode = codeCard.locator('.delivery-code');
  await expect(codeCard).not.toContainText('Sent by SMS');
  await expect(shownCode).toHaveCount(0);
  await codeCard.getByLabel('M-Pesa code').fill(claimed);
  await codeCard.getByRole('button', { name: 'Show my code' }).click();
  await expect(codeCard.getByRole('alert')).toHaveText("This is not the M-Pesa code of this order's payment. Check your M-Pesa SMS.");
  await codeCard.getByLabel('M-Pesa code').fill(receipt.toLowerCase());
  await codeCard.getByRole('button', { name: 'Show my code' }).click();
  await expect(shownCode).toHaveText(/^\d{6}$/);
  const code = (await shownCode.innerText()).trim();
  expect(await stillTheSameDocument(page), 'the page turned paid without a reload').toBe(true);
  expect(await seller.order(first.id)).toMatchObject({ status: 'paid', paymentConfirmed: true });

  // The payer opens the shared link again: the page arrives rendered with the code (the payer
  // cookie reaches the link's document, whose first read the server makes: decision 0059) and
  // reads nothing more.
  const reads: string[] = [];
  const noteRead = (request: { url(): string }) => {
    if (new URL(request.url()).pathname.startsWith('/api/buyer/orders/')) reads.push(request.url());
  };
  page.on('request', noteRead);
  await page.goto(pathOf(first.links.buyer));
  await expect(page.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('region', { name: 'Your delivery code' })).toContainText(code);
  await expect(page).toHaveURL(`/buyer/order/${first.id}`);
  expect(reads, 'the reopened page read the order again').toEqual([]);
  page.off('request', noteRead);

  // One M-Pesa payment cannot confirm two orders.
  await page.goto(pathOf(second.links.buyer));
  await page.getByLabel('M-Pesa confirmation code').fill(receipt);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Confirm Payment' }).click();
  await expect(page.getByRole('alert')).toHaveText('This M-Pesa confirmation code has already been used for another order');
  await expect(page.getByLabel('M-Pesa confirmation code')).toHaveValue(receipt);
  await expect(page.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
  expect((await seller.order(second.id)).paymentConfirmed).toBe(false);
});

test('live: the page follows the rider without a reload, to "Your Order is On The Way!"', async ({ page, rider: { order } }) => {
  // The payer's page (the code from the payment SMS): the rating form is theirs.
  await page.goto(codeLinkOf(order));
  await expect(page.getByRole('heading', { name: 'Rider is Preparing to Pick Up' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '50');
  // The live stream is open before the rider acts.
  await page.waitForLoadState('networkidle');

  const rider = await asRider(order.links.rider ?? '');
  await rider.accept();
  await rider.pickup();
  await expect(page.getByRole('heading', { name: 'Your Order is On The Way!' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '75');
  await expect(page.getByRole('img', { name: 'Photo the rider took at pickup' })).toBeVisible();

  // The rider enters the code: the rating form appears, still without a reload.
  await rider.complete(order.deliveryCode ?? '');
  await expect(page.getByRole('heading', { name: 'Delivered Successfully! Please Rate Your Experience' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rate the rider' })).toBeVisible();
  await rider.dispose();
});

test('rating after delivery: both ratings required, comment optional, locked once sent', async ({ page, rider: { order } }) => {
  const rider = await asRider(order.links.rider ?? '');
  await rider.accept();
  await rider.pickup();
  await rider.complete(order.deliveryCode ?? '');
  await rider.dispose();

  await page.goto(codeLinkOf(order));
  await expect(page.getByRole('heading', { name: 'Delivered Successfully! Please Rate Your Experience' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '100');
  // After delivery there is no code to give and no refund to ask for.
  await expect(page.getByRole('region', { name: 'Your delivery code' })).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Submit Feedback' });
  await page.getByRole('group', { name: 'Rate the rider' }).getByLabel('4 stars').check({ force: true });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please rate both the rider and seller');

  await page.getByRole('group', { name: 'Rate the seller' }).getByLabel('5 stars').check({ force: true });
  await page.getByLabel('Comment').fill('Fast and careful delivery');
  await submit.click();
  await expect(page.getByText('Thank you for your feedback!').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your rating' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(submit).toHaveCount(0);

  // Locked: a reload shows what was sent, never the form again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your rating' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Fast and careful delivery')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Feedback' })).toHaveCount(0);
});

test('the item does not match: a refund request with a reason', async ({ page, seller, paidOrder: order }) => {
  // The shared link alone (the seller has it too) offers no refund: that is the payer's.
  await page.goto(pathOf(order.links.buyer));
  await expect(page.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('region', { name: 'Your delivery code' })).toContainText('Sent by SMS to the phone that paid');
  await expect(page.getByRole('button', { name: 'Request a refund' })).toHaveCount(0);
  // The payer opens it with the code from the payment SMS.
  await page.goto(codeLinkOf(order));
  await expect(page.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible(FIRST_SCREEN);

  await page.getByRole('button', { name: 'Request a refund' }).click();
  const send = page.getByRole('button', { name: 'Request Refund' });
  await send.click();
  await expect(page.getByRole('alert')).toHaveText('Please tell us why you want a refund');
  await page.getByLabel('Why do you want a refund?').fill('Wrong colour: I ordered black, this is blue');
  await send.click();
  await expect(page.getByText('Your refund request was sent. An admin will review it and contact you.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Refund requested' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your delivery code' })).toContainText('do not give this code to anyone');

  // The seller sees the open request.
  const { refundRequest } = ((await (await seller.api.get(`/api/seller/orders/${order.id}`)).json()) as { data: { refundRequest: { reason: string } | null } }).data;
  expect(refundRequest?.reason).toBe('Wrong colour: I ordered black, this is blue');
});

test('a buyer or rider link arrives rendered with its order: readable without JavaScript, then live without a second read', async ({ browser, page, rider: { order } }) => {
  const buyerLink = pathOf(order.links.buyer);
  const riderLink = pathOf(order.links.rider ?? '');

  // No script runs at all: what a phone shows before the page's script has arrived (decision 0059).
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const still = await noScript.newPage();
    await still.goto(buyerLink);
    await expect(still.getByRole('heading', { level: 1, name: 'Samsung Galaxy A15' })).toBeVisible();
    await expect(still.getByRole('heading', { name: 'Rider is Preparing to Pick Up' })).toBeVisible();
    await still.goto(riderLink);
    await expect(still.getByRole('button', { name: 'Accept Job' })).toBeVisible();
  } finally {
    await noScript.close();
  }

  // With scripts the page takes over the server's render: no read of the order on load, and the
  // rider's step reaches the buyer's screen live.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/buyer/orders/')) reads.push(request.url());
  });
  await page.goto(buyerLink);
  await expect(page.getByRole('heading', { name: 'Rider is Preparing to Pick Up' })).toBeVisible(FIRST_SCREEN);
  await expect(page).toHaveURL(`/buyer/order/${order.id}`);
  expect(reads).toEqual([]);
  await markDocument(page);
  const rider = await asRider(order.links.rider ?? '');
  try {
    await rider.accept();
    await rider.pickup();
  } finally {
    await rider.dispose();
  }
  await expect(page.getByRole('heading', { name: 'Your Order is On The Way!' })).toBeVisible();
  expect(await stillTheSameDocument(page)).toBe(true);
});
