import { expect, test } from './kit/test.ts';
import { HEADLINE, openPage, pageMeta, PUBLIC_PAGES } from './public-site.ts';

const TERMS_SECTIONS = [
  '1. Acceptance of Terms',
  '2. Service Description',
  '3. Eligibility',
  '4. Seller Responsibilities',
  '5. Buyer Responsibilities',
  '6. Payment Terms',
  '7. Delivery Process',
  '8. Refunds and Disputes',
  '9. Privacy and Data Protection',
  '10. Limitation of Liability',
  '11. Prohibited Activities',
  '12. Termination',
  '13. Changes to These Terms',
  '14. Governing Law',
  '15. Contact Us',
];

test.describe('/about', () => {
  test('tells the mission, who we are, what we do and why choose us, with Back to Home and Start Selling', async ({ page }) => {
    await openPage(page, '/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Our Mission', 'Who We Are', 'What We Do', 'Why Choose Us', 'Product', 'Legal', 'Get Started']);
    await expect(page.getByRole('region', { name: 'What We Do' }).getByRole('heading', { level: 3 })).toHaveText([
      'Escrow protection',
      'Product verification',
      'Instant settlements',
    ]);
    await expect(page.getByRole('region', { name: 'Why Choose Us' })).toContainText('2.5% of the product price');

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page).toHaveURL('/');
  });
});

test.describe('/terms', () => {
  test('has the 15 sections in order, last updated October 2025', async ({ page }) => {
    await openPage(page, '/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated October 2025')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(TERMS_SECTIONS);
  });

  test('says what the product decided: the fee, refunds, the delivery code, data deletion, age and Kenyan law', async ({ page }) => {
    await openPage(page, '/terms');
    const section = (id: string) => page.locator(`section#${id}`);
    await expect(section('eligibility')).toContainText('at least 18 years old');
    await expect(section('payment-terms')).toContainText('2.5% of the product price');
    await expect(section('payment-terms')).toContainText('deducted from the seller\'s payout');
    await expect(section('payment-terms')).toContainText('The service fee is non-refundable');
    await expect(section('delivery')).toContainText('6-digit delivery code');
    await expect(section('delivery')).toContainText('After 5 wrong code entries');
    await expect(section('refunds')).toContainText('the buyer gets back everything they paid into escrow');
    await expect(section('refunds')).toContainText('72 hours');
    await expect(section('privacy')).toContainText('does not sign in for 6 months, we permanently delete the account');
    await expect(section('privacy')).toContainText('admins cannot change them');
    await expect(section('governing-law')).toContainText('governed by the laws of Kenya');
  });

  test('has a contents list whose every entry takes the reader to its section', async ({ page }) => {
    await openPage(page, '/terms');
    const contents = page.getByRole('navigation', { name: 'Terms contents' });
    await expect(contents).toBeHidden();
    await page.getByText('Contents', { exact: true }).click();
    await expect(contents.getByRole('link')).toHaveText(TERMS_SECTIONS.map((title) => title.replace(/^\d+\. /, '')));
    const links = await contents.getByRole('link').all();
    for (const [index, link] of links.entries()) {
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      await expect(page).toHaveURL(`/terms${href}`);
      await expect(page.locator(href)).toBeFocused();
      await expect(page.getByRole('heading', { level: 2, name: TERMS_SECTIONS[index] })).toBeInViewport();
    }
  });

  test('opens at the section a link names, also when it is the first page loaded', async ({ page }) => {
    await openPage(page, '/terms#refunds');
    await expect(page.locator('#refunds')).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: '8. Refunds and Disputes' })).toBeInViewport();
  });

  test('the footer\'s Privacy and Refunds links reach their sections from the terms page itself', async ({ page }) => {
    await openPage(page, '/terms');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Refunds' }).click();
    await expect(page).toHaveURL('/terms#refunds');
    await expect(page.locator('#refunds')).toBeFocused();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL('/terms#privacy');
    await expect(page.locator('#privacy')).toBeFocused();
  });
});

test.describe('an unknown path', () => {
  for (const path of ['/no-such-page', '/seller', '/about/team', '/buyer/order/o-1/extra']) {
    test(`${path} answers 404 with the 404 page, its title, and a way home`, async ({ page, consoleGuard }) => {
      consoleGuard.expectHttpError(path, 404);
      const response = await openPage(page, path);
      expect(response?.status()).toBe(404);
      expect(await response?.text()).toContain('<title>Page not found | Escrow Delivery</title>');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found | Escrow Delivery');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
      await expect(page).toHaveTitle('Sell Online with Confidence | Escrow Delivery');
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    });
  }

  test('the public pages answer 200', async ({ request }) => {
    for (const { path } of PUBLIC_PAGES) expect((await request.get(path)).status(), path).toBe(200);
  });
});

test.describe('titles, descriptions and link previews', () => {
  const meta = pageMeta();

  for (const { path, title } of PUBLIC_PAGES) {
    test(`${path}: the server sends its own title, description and Open Graph tags, and the shell keeps them`, async ({ page, request }) => {
      const description = meta.pages[path]?.description ?? '';
      // What WhatsApp and other link previews read: the HTML as sent, before any script runs.
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toContain(`<meta property="og:type" content="website" />`);
      expect(html.match(/<title>/g)).toHaveLength(1);

      await openPage(page, path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
    });
  }

  test('in-app navigation updates the title, the description and the Open Graph tags', async ({ page }) => {
    const footerLink: Record<string, string> = { '/how-it-works': 'How It Works', '/about': 'About Us', '/terms': 'Terms of Service', '/contact': 'Contact Us' };
    await openPage(page, '/');
    for (const { path, title } of PUBLIC_PAGES.slice(1)) {
      await page.getByRole('contentinfo').getByRole('link', { name: footerLink[path] ?? '' }).click();
      await expect(page).toHaveURL(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.pages[path]?.description ?? '');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    }
  });

  test('a buyer link previews as "Your Order", stays out of search engines and never repeats the code', async ({ request }) => {
    const html = await (await request.get('/buyer/order/o-123?code=654321')).text();
    expect(html).toContain('<title>Your Order | Escrow Delivery</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('654321');
  });
});
