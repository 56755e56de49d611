// Payouts by M-Pesa on the admin screen (issue 17), on a 360 px phone, against the Daraja
// simulator that playwright.config.ts starts beside the API with MPESA_PAYOUTS=approval: the
// admin approves a delivered order's payout, M-Pesa (the simulator) pays it, its receipt shows and
// the order settles; a payout M-Pesa refuses shows why in words, stays in the reconciliation, and
// Retry pays it. Each test pays a seller number of its own, so the simulator's behaviour set for
// it touches no other test.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './kit/test.ts';
import { findOrder, openAdminDashboard, smallTapTargets } from './admin-page.ts';
import { expectNoHorizontalScroll } from './order-screens.ts';
import { payerOf, setPayoutBehaviour, simPayoutsFor } from './daraja-sim.ts';
import { seriousAxeViolations } from './public-site.ts';
import { ksh, PHONE } from './seller-support.ts';
import { freshPhone, uniqueId } from '@escrow/test-kit';
import { newSeller, payOrder, pricedOrder, requestRefund, riderCredentials, seedDeliveredOrder } from './kit/seed.ts';

/** Fits 360 px, tap targets of 44 px, and nothing axe calls serious or critical (once the last toast, which goes by itself, is gone). */
async function checkView(page: Page, what: string): Promise<void> {
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 20_000 });
  await expectNoHorizontalScroll(page);
  expect(await smallTapTargets(page), what).toEqual([]);
  expect(await seriousAxeViolations(page), what).toEqual([]);
}

const APPROVED = 'Payout approved. It goes to M-Pesa as soon as it is due; the order settles when M-Pesa confirms.';
const RETRIED = 'Payout queued again. M-Pesa will be asked to pay it with a new request.';
/** The simulator's Result for insufficient float (ResultCode 1), as the payout shows it. */
const NO_FLOAT = /does not hold enough money/;
/** M-Pesa's answer comes from the simulator's timer and the worker's round, on a busy 2-core machine. */
const MPESA = { timeout: 40_000 } as const;

/** 07XXXXXXXX, +2547XXXXXXXX or 2547XXXXXXXX as M-Pesa names it: 2547XXXXXXXX. */
const msisdnOf = (phone: string) => `254${phone.replace(/\D/g, '').slice(-9)}`;
/** Where the admin screen says a payout went: the number as stored. */
const sentTo = (phone: string) => `M-Pesa +${msisdnOf(phone)}`;

test.use({ viewport: PHONE });

async function approve(page: Page, row: Locator, order: { itemName: string; trackingNumber: string; sellerPayout: number }): Promise<void> {
  await expect(row.getByRole('button', { name: /^Mark Paid/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Approve payout: ${order.itemName} (${order.trackingNumber})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve payout' });
  await expect(dialog).toContainText(ksh(order.sellerPayout));
  await expect(dialog).toContainText('Verified with M-Pesa');
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Approve payout' }).click();
  await expect(page.getByText(APPROVED)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("the admin approves a delivered order's payout on a phone: M-Pesa pays seller and rider, the receipt shows, the order settles; the seller reads it awaiting settlement meanwhile", async ({ admin: page, pageAs }) => {
  test.setTimeout(150_000);
  const phone = freshPhone().local;
  const seller = await newSeller(`Duka ${uniqueId('s')}`, { phone });
  // M-Pesa answers the seller's payout 30 s after accepting it: long enough to see it in flight on a busy machine.
  await setPayoutBehaviour(msisdnOf(phone), { outcome: 'success', resultDelayMs: 30_000 });
  // The seller pays delivery: the rider is paid at settlement too.
  const order = await seedDeliveredOrder(seller, pricedOrder({ priceKsh: '4000', deliveryKsh: '200', sellerPaysDelivery: true }));

  await openAdminDashboard(page);
  const row = await findOrder(page, order.trackingNumber);
  await approve(page, row, order);

  // Approved: the row shows each payout's state instead of the button, and follows M-Pesa.
  const states = row.getByRole('list', { name: `Payouts of ${order.trackingNumber}` });
  await expect(states).toContainText(/Seller: (Queued|Sent to M-Pesa)/);
  await expect(states).toContainText('Rider:');
  await expect(row.getByRole('button', { name: /^Approve payout/ })).toHaveCount(0);
  await expect(row).toContainText('Awaiting Escrow Payment');

  // The seller's order page while M-Pesa has the payout: delivered, awaiting settlement, not yet paid.
  const sellerPage = await pageAs(seller, { viewport: PHONE });
  await sellerPage.goto(`/order/${order.id}`);
  await expect(sellerPage.getByText('Delivered - awaiting settlement').first()).toBeVisible({ timeout: 20_000 });
  const settlementFact = sellerPage.locator('.money-row').filter({ has: sellerPage.getByText('Settlement', { exact: true }) });
  await expect(settlementFact).toContainText('Not yet');
  const payoutNote = sellerPage.getByRole('status').filter({ hasText: /^Payout:/ });
  await expect(payoutNote).toHaveText('Payout: Your payout is on its way to your M-Pesa.');

  // M-Pesa's Result: both paid, the order settled, on the admin's row without a reload.
  await expect(row).toContainText('Paid ✓', MPESA);
  await expect(row).toContainText('Settlement Paid');
  const paid = await simPayoutsFor(order.trackingNumber);
  expect(paid.map((p) => ({ receiver: p.receiver, amount: p.amount, status: p.status })).sort((a, b) => b.amount - a.amount)).toEqual([
    { receiver: msisdnOf(phone), amount: Math.floor(order.sellerPayout / 100), status: 'completed' },
    { receiver: msisdnOf(riderCredentials(order.links.rider ?? '').phone), amount: Math.floor(order.riderPayout / 100), status: 'completed' },
  ]);
  const sellerReceipt = paid.find((p) => p.receiver === msisdnOf(phone))?.receipt ?? '';
  expect(sellerReceipt).toMatch(/^[A-Z0-9]{10}$/);

  // The payouts with their receipts, one tap away.
  await row.getByRole('button', { name: `Payouts: ${order.itemName} (${order.trackingNumber})` }).click();
  const payouts = page.getByRole('dialog', { name: 'Payouts' });
  await expect(payouts).toContainText('Every payout is paid: the order is settled.');
  const sellerCard = payouts.getByRole('article', { name: 'Seller payout' });
  await expect(sellerCard).toContainText(sellerReceipt);
  await expect(sellerCard.locator('.admin-payout-state')).toHaveText('Paid');
  await expect(sellerCard).toContainText(sentTo(phone));
  await expect(payouts.getByRole('article', { name: 'Rider payout' }).locator('.admin-payout-state')).toHaveText('Paid');
  await expect(payouts.getByRole('button', { name: /^(Retry|Record M-Pesa reference)/ })).toHaveCount(0);
  await checkView(page, 'the payouts dialog');
  await payouts.getByRole('button', { name: 'Close' }).click();

  // The seller's page follows live: settled, paid.
  await expect(settlementFact).toContainText('Paid to you', MPESA);
  await expect(sellerPage.getByText('Settled').first()).toBeVisible();
  await expect(payoutNote).toHaveText(`Payout: Paid to your M-Pesa: receipt ${sellerReceipt}.`);
  await expectNoHorizontalScroll(sellerPage);
  await seller.api.dispose();
});

test('a payout M-Pesa refuses shows why in words and stays in the reconciliation until Retry pays it', async ({ admin: page }) => {
  test.setTimeout(150_000);
  const phone = freshPhone().local;
  const seller = await newSeller(`Duka ${uniqueId('s')}`, { phone });
  // The business account lacks float for the first payout to this seller; the next one goes through.
  await setPayoutBehaviour(msisdnOf(phone), { outcome: 'insufficient_funds', times: 1 });
  const order = await seedDeliveredOrder(seller, pricedOrder({ priceKsh: '2500', deliveryKsh: '150' }));

  await openAdminDashboard(page);
  const row = await findOrder(page, order.trackingNumber);
  await approve(page, row, order);
  const states = row.getByRole('list', { name: `Payouts of ${order.trackingNumber}` });
  await expect(states).toContainText('Seller: Failed', MPESA);
  await expect(row).toContainText('Awaiting Escrow Payment');

  // The Payouts tab: the failure first, in words, with Retry; the reconciliation names it.
  await page.getByRole('tab', { name: 'Payouts' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payouts' });
  const failed = panel.getByRole('list', { name: 'Failed and unknown payouts' }).getByRole('article', { name: `Seller payout of ${order.trackingNumber}` });
  await expect(failed.locator('.admin-payout-state')).toHaveText('Failed');
  await expect(failed).toContainText(NO_FLOAT);
  await expect(failed).toContainText(sentTo(phone));
  await expect(failed).toContainText(ksh(order.sellerPayout));
  const unmatched = panel.getByRole('list', { name: 'Unmatched' }).getByRole('listitem').filter({ hasText: `Seller payout of ${order.trackingNumber}` });
  await expect(unmatched).toContainText('Failed and not paid:');
  await expect(unmatched).toContainText(NO_FLOAT);
  await checkView(page, 'the Payouts tab with a failed payout');

  // Record M-Pesa reference (a payout paid by hand) checks the reference before sending; cancelled here.
  await failed.getByRole('button', { name: `Record M-Pesa reference: Seller payout of ${order.trackingNumber}` }).click();
  const record = page.getByRole('dialog', { name: 'Record M-Pesa reference' });
  await record.getByLabel('M-Pesa reference of the payout').fill('QK12');
  await record.getByRole('button', { name: 'Record reference' }).click();
  await expect(record.getByRole('alert')).toHaveText('Enter the 10-character M-Pesa reference of the payout');
  await checkView(page, 'the Record M-Pesa reference dialog');
  await record.getByRole('button', { name: 'Cancel' }).click();
  await expect(record).toBeHidden();

  await failed.getByRole('button', { name: `Retry: Seller payout of ${order.trackingNumber}` }).click();
  await expect(page.getByText(RETRIED)).toBeVisible();

  // M-Pesa pays the retry: out of the failed list and the reconciliation, paid with its receipt.
  await expect(failed).toHaveCount(0, MPESA);
  const latest = panel.getByRole('list', { name: 'Latest payouts' }).getByRole('article', { name: `Seller payout of ${order.trackingNumber}` });
  await expect(latest.locator('.admin-payout-state')).toHaveText('Paid', MPESA);
  const sent = await simPayoutsFor(order.trackingNumber);
  expect(sent.map((p) => p.status)).toEqual(['failed', 'completed']);
  await expect(latest).toContainText(sent[1]?.receipt ?? '?');
  await expect(latest).toContainText('attempt 2');
  await expect(panel.getByRole('listitem').filter({ hasText: NO_FLOAT })).toHaveCount(0);

  // And the order is settled.
  await page.getByRole('tab', { name: 'Orders' }).click();
  const settledRow = await findOrder(page, order.trackingNumber);
  await expect(settledRow).toContainText('Paid ✓');
  await expect(settledRow).toContainText('Settlement Paid');
  await seller.api.dispose();
});

test('a refund the admin approves without a reference: M-Pesa sends it to the phone that paid, and the buyer page says so', async ({ admin: page, browser }) => {
  test.setTimeout(150_000);
  const seller = await newSeller(`Duka ${uniqueId('s')}`);
  const order = await seller.createOrder(pricedOrder({ priceKsh: '1800', deliveryKsh: '150' }));
  await payOrder(order);
  await requestRefund(order, 'The seller cannot deliver this week');

  await openAdminDashboard(page);
  const request = page.getByRole('article', { name: `Refund request: ${order.itemName}` });
  await request.getByRole('button', { name: `Refund: ${order.itemName} (${order.trackingNumber})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund the buyer' });
  await expect(dialog).toContainText('M-Pesa sends the buyer everything paid into escrow, to the phone that paid.');
  await expectNoHorizontalScroll(page);
  // A double tap sends one refund.
  await dialog.getByRole('button', { name: 'Send Refund by M-Pesa' }).dblclick();
  await expect(page.getByText('Refund approved. M-Pesa is sending it to the phone that paid; the order is cancelled.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // M-Pesa (the simulator) pays the phone that paid, once, in whole shillings.
  await expect.poll(async () => (await simPayoutsFor(order.trackingNumber)).map((p) => p.status), MPESA).toEqual(['completed']);
  const [refund] = await simPayoutsFor(order.trackingNumber);
  expect(refund).toMatchObject({ receiver: payerOf(order), amount: Math.floor(order.price / 100) });

  // The buyer's page: the refund sent, with M-Pesa's receipt.
  const buyerContext = await browser.newContext({ viewport: PHONE });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/buyer/order/${order.id}?code=${order.deliveryCode}`);
  await expect(buyerPage.locator('.refund-state')).toContainText(`was sent to your M-Pesa`, MPESA);
  await expect(buyerPage.locator('.refund-state')).toContainText(refund?.receipt ?? '?');
  await expectNoHorizontalScroll(buyerPage);
  await buyerContext.close();
  await seller.api.dispose();
});
