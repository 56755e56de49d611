// The simulator's pages for a person's phone (apps/daraja-sim, started by playwright.config.ts),
// driven as a person does: /phone, where M-Pesa's PIN prompts are answered, and /phone/sms, the
// SMS inbox of one number, read as its text. Both refresh themselves every second.
//
// The simulator is one process shared by every worker, and it refuses a second prompt to a phone
// that has one pending: each test prompts a phone number of its own (ownPhone).
import type { Locator, Page } from '@playwright/test';
import { simUrl } from './daraja-sim.ts';
import { freshPhone } from '@escrow/test-kit';
import { expect } from './seller-support.ts';

/** The PIN the simulator's phone page takes; any other is M-Pesa's wrong PIN (2001). */
export const PIN = '1234';

/** A phone number nobody else prompts in this run: as typed (07...) and as M-Pesa names it (2547...). */
export function ownPhone(): { typed: string; msisdn: string } {
  const { local, msisdn } = freshPhone();
  return { typed: local, msisdn };
}

/** The simulator's phone page, on a page whose context's baseURL is the simulator (person({ baseURL: simUrl() })). */
export async function openPhonePage(person: (options?: { baseURL?: string }) => Promise<Page>): Promise<Page> {
  const phonePage = await person({ baseURL: simUrl() });
  await phonePage.goto('/phone');
  await expect(phonePage.getByRole('heading', { level: 1, name: /M-Pesa phone/ })).toBeVisible();
  return phonePage;
}

/** The pending prompt to this phone on the phone page (the page refreshes itself every second). */
export const pendingPromptOn = (phonePage: Page, msisdn: string): Locator =>
  phonePage.getByRole('region', { name: 'Payment requests' }).getByRole('article').filter({ hasText: `Phone ${msisdn}` });

/** The phone's finished prompts on the phone page. */
export const finishedPromptsOn = (phonePage: Page, msisdn: string): Locator => phonePage.getByRole('region', { name: 'Payment requests' }).getByRole('listitem').filter({ hasText: msisdn });

/** Answers the one pending prompt to this phone: the PIN and Approve, or Cancel. */
export async function answerOnPhone(phonePage: Page, msisdn: string, answer: { pin: string } | 'cancel'): Promise<void> {
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

/** 07XXXXXXXX or 2547XXXXXXXX as the inbox names it: +2547XXXXXXXX. */
const e164Of = (phone: string): string => `+254${phone.replace(/^(\+?254|0)/, '')}`;

/**
 * Opens the SMS inbox of `phone` (07..., 2547... or +2547...) on a page of the simulator and
 * answers it: the region listing that phone's SMS, newest first, refreshed every second.
 */
export async function openSmsInbox(page: Page, phone: string): Promise<Locator> {
  await page.goto(`/phone/sms?number=${encodeURIComponent(phone)}`);
  const inbox = page.getByRole('region', { name: `Messages to ${e164Of(phone)}` });
  await expect(inbox).toBeVisible();
  return inbox;
}

/** The SMS in an inbox whose text matches. */
export const smsIn = (inbox: Locator, text: string | RegExp): Locator => inbox.getByRole('listitem').filter({ hasText: text });

/**
 * The delivery code as the payer reads it (issue 16): from the text of the order's payment SMS
 * on the phone's inbox page, waiting for it to arrive (the API sends it through its outbox).
 */
export async function readDeliveryCodeOn(inbox: Locator, trackingNumber: string): Promise<string> {
  const sms = smsIn(inbox, `order ${trackingNumber}. Your delivery code is`);
  await expect(sms, `the delivery code SMS for ${trackingNumber}`).toHaveCount(1);
  const code = /Your delivery code is (\d{6})\./.exec(await sms.innerText())?.[1];
  expect(code, `a 6-digit code in: ${await sms.innerText()}`).toMatch(/^\d{6}$/);
  return code ?? '';
}
