// Seeding in a page's own browser context: the session cookie is the context's, so the page opens
// the seller's or the admin's screens signed in. The requests are @escrow/test-kit's http-seed,
// sent by `page.request` from an address of its own (never the 127.0.0.1 every test shares).
import type { Page } from '@playwright/test';
import * as http from '@escrow/test-kit';
import { freshAddress, freshEmail, freshPhone, type OrderInput, type SeedOrder, type SeedRider, type SeedTransport } from '@escrow/test-kit';
import { baseUrl, grantAdmin, playwrightTransport } from './seed.ts';

/** An order as its seller's view answers it, every field readable. */
export type PageOrder = SeedOrder & { readonly buyerPhone: string; readonly buyerAddress: string; readonly productPhotoUrl: string | null; readonly [field: string]: unknown };

/** The order the seller screens' tests make unless told otherwise (as the create-order form takes it). */
export const ORDER = { itemName: 'Samsung Galaxy A54', price: '42000', buyerName: 'Achieng Odhiambo', buyerPhone: '0722 000 111', buyerAddress: 'Kileleshwa, Othaya Road, Flat 3B', deliveryCost: '300' } as const;

/** Requests in the page's context (its cookies), with Origin (the CSRF check) and the given client address. */
const pageClient = (page: Page, address: string): SeedTransport => playwrightTransport(page.request, { Origin: baseUrl(), 'X-Forwarded-For': address });

/** Signs up a new account in the page's context (the browser holds the session); answers its email. */
export async function signUpInPage(page: Page, label: string): Promise<string> {
  const email = freshEmail(label);
  await http.signUp(pageClient(page, freshAddress()), email);
  return email;
}

/**
 * A signed-in seller in the page's browser context, made through the real sign-up and
 * seller-profile routes. `tour: false` (the default) marks the dashboard tour as seen, for tests
 * about something else.
 */
export async function signedInSeller(page: Page, businessName: string, options: { readonly tour?: boolean } = {}): Promise<{ email: string; sellerId: string }> {
  const email = freshEmail(businessName);
  const { sellerId } = await http.signUpSeller(pageClient(page, freshAddress()), email, { businessName });
  if (options.tour !== true) await page.addInitScript(() => localStorage.setItem('seller-dashboard:tour-done', 'true'));
  return { email, sellerId };
}

/** Signs up in the page's context and makes the account an admin with the admin CLI; answers its email. */
export async function signInAsNewAdmin(page: Page): Promise<string> {
  const email = await signUpInPage(page, 'admin');
  await grantAdmin(email);
  return email;
}

/** An order of the page's signed-in seller (ORDER unless `input` says otherwise). */
export const createOrder = (page: Page, input: OrderInput = {}): Promise<PageOrder> => http.createOrder(pageClient(page, freshAddress()), input, ORDER) as Promise<PageOrder>;

/** The order as the page's seller sees it now. */
export const sellerOrder = (page: Page, orderId: string): Promise<PageOrder> => http.sellerOrder(pageClient(page, freshAddress()), orderId) as Promise<PageOrder>;

/** A rider on the page's seller's list (a fresh phone, as typed, unless given). */
export const addRider = (page: Page, name: string, phone = freshPhone().local): Promise<SeedRider> => http.addRider(pageClient(page, freshAddress()), name, phone, 'KMDA 123A');
