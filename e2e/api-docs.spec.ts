import { expect, test } from './kit/test.ts';

// The API reference page (decision 0071): Swagger UI served from our origin, under the site's
// CSP (script-src 'self', no inline script), reading /api/openapi.json. The console guard fails
// the test on any console error, a CSP refusal included.

test.describe('API reference', () => {
  test('/api/docs shows the API\'s title and its operations on a 360px-wide phone, under the CSP', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

    await expect(page.getByRole('heading', { name: /Escrow Delivery API/ })).toBeVisible();
    const health = page.locator('.opblock-summary', { hasText: '/api/health' }).first();
    await expect(health).toBeVisible();
    await expect(health).toContainText('Health: the database answers and a write commits');

    // Everything came from our origin: nothing from a CDN.
    const origin = new URL(page.url()).origin;
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(scripts.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  });
});
