// The buyer page's M-Pesa prompt ("Pay ... with M-Pesa"), as the buyer sees and taps it, for the
// browser tests where a person answers the prompt on the simulator's phone page (e2e/sim-phone.ts).
import type { Page } from '@playwright/test';
import { FIRST_SCREEN, pathOf } from './order-screens.ts';
import { expect } from './seller-support.ts';

/** The buyer page's words (core/src/payments/stk-result.ts), as the buyer reads them. */
export const SAID = {
  checkYourPhone: 'Check your phone: enter your M-Pesa PIN to pay.',
  paid: 'Payment received. Your money is held safely until you receive your item.',
  cancelled: 'You cancelled the M-Pesa request on your phone. No money was taken. You can try again.',
  wrongPin: 'The M-Pesa PIN entered was wrong. No money was taken. You can try again.',
} as const;

/** The price these tests sell at (KSh, as the seller's form takes it), and the buyer's button for it. */
export const PRICE = '2500';
export const PAY_BUTTON = 'Pay KSh 2,500.00 with M-Pesa';

/** Marks the document: a reload would lose the mark. */
export const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
export const stillTheSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

/** The buyer's page on the order (the link the seller sent), waiting for payment, with the phone field showing. */
export async function openBuyerPage(person: () => Promise<Page>, order: { readonly links: { readonly buyer: string } }): Promise<Page> {
  const buyer = await person();
  await buyer.goto(pathOf(order.links.buyer));
  await expect(buyer.getByRole('heading', { name: 'Waiting for Payment' })).toBeVisible(FIRST_SCREEN);
  await expect(buyer.getByLabel('M-Pesa phone number')).toBeVisible();
  await markDocument(buyer);
  return buyer;
}

/** Types the phone into the buyer's field and taps Pay: the "Check your phone" panel shows. */
export async function payFrom(buyer: Page, phone: { typed: string; msisdn: string }): Promise<void> {
  await buyer.getByLabel('M-Pesa phone number').fill(phone.typed);
  await buyer.getByRole('button', { name: PAY_BUTTON }).click();
  await expectWaiting(buyer, phone);
}

export async function expectWaiting(buyer: Page, phone: { msisdn: string }): Promise<void> {
  await expect(buyer.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(buyer.getByText(SAID.checkYourPhone)).toBeVisible();
  // The number prompted, masked by the server: 2547•••••123.
  await expect(buyer.getByText(`M-Pesa request sent to ${phone.msisdn.slice(0, 4)}•••••${phone.msisdn.slice(-3)}`)).toBeVisible();
}

/**
 * The buyer page once paid: the notice, the new status, and, since this browser started the paid
 * prompt, `code` (the one the paying phone got by SMS, issue 16) with where it was sent; no
 * payment form left, and no reload.
 */
export async function expectBuyerPaid(buyer: Page, phone: { msisdn: string }, code: string): Promise<void> {
  await expect(buyer.getByRole('heading', { name: 'Payment Confirmed - Assigning Rider' })).toBeVisible();
  await expect(buyer.getByRole('status').filter({ hasText: SAID.paid })).toBeVisible();
  await expect(buyer.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute('aria-valuenow', '25');
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toContainText(code);
  await expect(buyer.getByRole('region', { name: 'Your delivery code' })).toContainText(`0${phone.msisdn.slice(3, 4)}xx xxx ${phone.msisdn.slice(-3)}`);
  await expect(buyer.getByRole('button', { name: /with M-Pesa/ })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(await stillTheSameDocument(buyer), 'the buyer page reloaded').toBe(true);
}
