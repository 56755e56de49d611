// The simulator's page for a person's phone (apps/daraja-sim, started by playwright.config.ts),
// driven as a person does: /phone, where M-Pesa's PIN prompts are answered. It refreshes itself
// every second.
//
// The simulator is one process shared by every worker, and it refuses a second prompt to a phone
// that has one pending: each test prompts a phone number of its own (ownPhone).
import type { Locator, Page } from '@playwright/test';
import { simUrl } from './daraja-sim.ts';
import { expect, freshPhone } from './seller-support.ts';

/** The PIN the simulator's phone page takes; any other is M-Pesa's wrong PIN (2001). */
export const PIN = '1234';

/** A phone number nobody else prompts in this run: as typed (07...) and as M-Pesa names it (2547...). */
export function ownPhone(): { typed: string; msisdn: string } {
  const typed = freshPhone();
  return { typed, msisdn: `254${typed.slice(1)}` };
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
