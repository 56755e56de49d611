import { expect, test } from './kit/test.ts';

const HEADLINE = 'Sell Online with Confidence. Get Paid Securely.';

test.describe('public pages', () => {
  test('the landing page shows the headline and never downloads a remote', async ({ page }) => {
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/remotes/')) remoteRequests.push(request.url());
    });

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Selling Safely' })).toHaveAttribute('href', '/seller/signup');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');

    await page.waitForLoadState('networkidle');
    expect(remoteRequests).toEqual([]);
  });

  test('an unknown path answers 404 and shows the 404 page, whose link returns home', async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/no-such-page', 404);

    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  });

  test('the landing page fits a 360px-wide phone without horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();

    const widths = await page.evaluate(() => ({
      viewport: document.documentElement.clientWidth,
      content: document.documentElement.scrollWidth,
    }));
    expect(widths.viewport).toBe(360);
    expect(widths.content).toBeLessThanOrEqual(widths.viewport);

    // Tap targets: every link and button in view is at least 44px high.
    const smallTargets = await page.locator('a:visible, button:visible').evaluateAll((elements) =>
      elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.outerHTML),
    );
    expect(smallTargets).toEqual([]);
  });
});

test.describe('buyer order page', () => {
  test('a buyer link opens the lean page (no shell, no remote) and, without a code, asks for it', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    const response = await page.goto('/buyer/order/abc');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Delivery code required to view order' })).toBeVisible();
    await expect(page).toHaveTitle('Your Order | Escrow Delivery');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !path.startsWith('/pages/buyer/'))).toEqual([]);
  });

  test('in-app navigation inside the shell still loads the buyer remote', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const remoteEntry = page.waitForResponse((response) => new URL(response.url()).pathname === '/remotes/buyer/remoteEntry.js');
    await page.evaluate(() => {
      window.history.pushState(null, '', '/buyer/order/abc');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect((await remoteEntry).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Delivery code required to view order' })).toBeVisible();
  });

  test('a code in the link leaves the URL, the server reads the order with it, a refused code is not stored', async ({ page }) => {
    // No order 'abc': the API's 404 stands for a wrong code or order. Codes the server
    // accepts are stored (e2e/buyer-order.spec.ts; docs/decisions/0026).
    let reads = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/buyer/orders/abc') reads += 1;
    });

    const document = await page.goto('/buyer/order/abc?code=123456');

    // The server made the page's read with the link's code and sent the page rendered with its
    // answer (decision 0059): the browser does not read it again.
    expect(await document?.text()).toContain('Order not found or invalid delivery code');
    await expect(page.getByRole('heading', { name: 'Order not found or invalid delivery code' })).toBeVisible();
    expect(reads).toBe(0);
    await expect(page).toHaveURL('/buyer/order/abc');
    expect(await page.evaluate(() => localStorage.getItem('delivery-code:abc'))).toBeNull();

    // Back without the code in the link: nothing was kept, so the page asks for it.
    await page.goto('/buyer/abc');
    await expect(page.getByRole('heading', { name: 'Delivery code required to view order' })).toBeVisible();
  });
});

test.describe('when a remote cannot be loaded', () => {
  test('the visitor gets a friendly message and a way on, never a blank screen', async ({ page, consoleGuard }) => {
    consoleGuard.expectHttpError('/remotes/admin/remoteEntry.js', 503);
    consoleGuard.expectConsoleError(/^Error: \[ Federation Runtime \]: Failed to load script resources/);
    await page.route('**/remotes/admin/remoteEntry.js', (route) => route.fulfill({ status: 503, body: 'unavailable' }));

    await page.goto('/admin');

    await expect(page.getByRole('alert')).toContainText('This page could not be loaded');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
