import { describe, expect, it } from 'vitest';
import { openSellerWorld } from '../escrow-seller/seller-world.js';

const REPORT = new URLSearchParams({ id: 'ATXid_url_test', status: 'Success', phoneNumber: '+254712345678' }).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the delivery report URL the operator sets in the dashboard', () => {
  it("sandbox without AT_CALLBACK_SECRET: a secret generated once per deployment, the whole URL logged at start, the route served on it and nowhere else", async () => {
    const env = { AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'k', AT_BASE_URL: 'http://127.0.0.1:9', PUBLIC_BASE_URL: 'https://escrow.example.co.ke' };
    const w = await openSellerWorld('sqlite', { env });
    try {
      const logged = w.logs.find((l) => l.message.startsWith('SMS delivery reports: set this URL'));
      const url = String(logged?.fields?.['url']);
      expect(url).toMatch(/^https:\/\/escrow\.example\.co\.ke\/api\/sms\/callbacks\/[0-9a-f]{64}\/delivery$/);
      const path = new URL(url).pathname;
      expect((await w.call('POST', path, { body: REPORT, headers: FORM })).status).toBe(200);
      expect((await w.call('POST', path.replace(/[0-9a-f](?=\/delivery$)/, (d) => (d === '0' ? '1' : '0')), { body: REPORT, headers: FORM })).status).toBe(404);
    } finally {
      await w.dispose();
    }
  });

  it('with AT_CALLBACK_SECRET: the URL logged without it', async () => {
    const secret = 'c0ffee'.repeat(6);
    const w = await openSellerWorld('sqlite', { env: { AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'k', AT_CALLBACK_SECRET: secret, PORT: '4321' } });
    try {
      expect(JSON.stringify(w.logs)).not.toContain(secret);
      expect(w.logs.find((l) => l.message.startsWith('SMS delivery reports'))?.fields).toEqual({ url: 'http://127.0.0.1:4321/api/sms/callbacks/<AT_CALLBACK_SECRET>/delivery' });
      expect((await w.call('POST', `/api/sms/callbacks/${secret}/delivery`, { body: REPORT, headers: FORM })).status).toBe(200);
    } finally {
      await w.dispose();
    }
  });

  it('without Africa\'s Talking or a secret: no route', async () => {
    const w = await openSellerWorld('sqlite');
    try {
      expect(w.logs.some((l) => l.message.startsWith('SMS delivery reports'))).toBe(false);
      expect((await w.call('POST', `/api/sms/callbacks/${'0'.repeat(64)}/delivery`, { body: REPORT, headers: FORM })).status).toBe(404);
    } finally {
      await w.dispose();
    }
  });
});
