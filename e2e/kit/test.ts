// The browser tests' one `test` and `expect`: Playwright's, with the console guard (e2e/fixtures.ts),
// people on phones (e2e/people.ts) and the seeded people of an escrow order, each made through the
// real API only when a test asks for it:
//
//   seller     a new seller ('Amani Phones') with its API client (e2e/kit/seed.ts Seller);
//              seller.newPage() opens a page of its own, signed in as that seller
//   paidOrder  the seller's order (DEFAULT_ORDER), paid through the simulator's Paybill; its
//              deliveryCode is the one the payer got by SMS
//   rider      a rider from the seller's list assigned to paidOrder: { ...rider, order, link, path }
//   admin      the test's own page, signed in as a new admin made with the admin CLI
//   pageAs     pageAs(seller, { viewport }): a page of its own signed in as any seeded seller
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { freshAddress } from '@escrow/test-kit';
import { expect } from '../fixtures.ts';
import { test as people } from '../people.ts';
import { signInAsNewAdmin } from './page-session.ts';
import { newSeller, payOrder, type SeedOrder, type SeedRider, type Seller } from './seed.ts';

export interface SellerFixture extends Seller {
  /** A page of its own signed in as this seller (see pageAs). */
  newPage(options?: PageAsOptions): Promise<Page>;
}

export interface PageAsOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
}

export interface RiderFixture extends SeedRider {
  /** paidOrder with this rider assigned: `links.rider` is the rider link. */
  readonly order: SeedOrder;
  /** The rider link (phone and key). */
  readonly link: string;
  /** The rider link without its origin, for page.goto. */
  readonly path: string;
}

export interface KitFixtures {
  /**
   * A page in a browser context of its own (own address, console-guarded, closed after the test)
   * holding the session of a seeded client (a Seller's `api`), the seller's dashboard tour marked seen.
   */
  pageAs: (client: { readonly api: APIRequestContext }, options?: PageAsOptions) => Promise<Page>;
  seller: SellerFixture;
  paidOrder: SeedOrder;
  rider: RiderFixture;
  admin: Page;
}

export const test = people.extend<KitFixtures>({
  pageAs: async ({ browser, baseURL, viewport, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (client, options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport: options.viewport ?? viewport,
        storageState: await client.api.storageState(),
        extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() },
      });
      contexts.push(context);
      // Not on the context's first about:blank, which has no storage of its own.
      await context.addInitScript(() => location.protocol.startsWith('http') && localStorage.setItem('seller-dashboard:tour-done', 'true'));
      consoleGuard.watch(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
  seller: async ({ pageAs }, use) => {
    const seller = await newSeller();
    await use({ ...seller, newPage: (options) => pageAs(seller, options) });
    await seller.dispose();
  },
  paidOrder: async ({ seller }, use) => {
    const order = await seller.createOrder();
    await payOrder(order);
    await use(order);
  },
  rider: async ({ seller, paidOrder }, use) => {
    const rider = await seller.addRider();
    const assigned = await seller.assignRider(paidOrder.id, rider.id);
    const link = assigned.links.rider;
    if (!link) throw new Error(`order ${paidOrder.trackingNumber}: no rider link after assigning`);
    const url = new URL(link);
    await use({ ...rider, order: { ...assigned, deliveryCode: paidOrder.deliveryCode ?? '' }, link, path: url.pathname + url.search });
  },
  admin: async ({ page }, use) => {
    await signInAsNewAdmin(page);
    await use(page);
  },
});

export { expect };
