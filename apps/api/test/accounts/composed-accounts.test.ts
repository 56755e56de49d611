import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@escrow/test-kit/mail-catcher';
import { compose, type Composed } from '../../src/composition-root.js';
import { loadConfig } from '../../src/config.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { sessionCookieOf, STRONG_PASSWORD } from './accounts-world.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

let catcher: MailCatcher | undefined;
let composed: Composed | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await composed?.close();
  await catcher?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  composed = undefined;
  catcher = undefined;
});

async function start(): Promise<{ request: (path: string, init?: { method?: string; body?: unknown; cookie?: string; form?: FormData }) => Promise<Response> }> {
  catcher = await startMailCatcher();
  dataDir = await mkdtemp(join(tmpdir(), 'escrow-api-accounts-'));
  const config = loadConfig({ DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent', SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, SMTP_FROM: 'Escrow Delivery <no-reply@escrow.example>' });
  // A long tick: mail must go out because the route asks the outbox to send at once.
  composed = await compose(config, recordingLogger(), { dispatchIntervalMs: 60_000 });
  const app = composed.app;
  return {
    request: (path, init = {}) => {
      const headers: Record<string, string> = { origin: 'http://shop.test' };
      if (init.cookie) headers['cookie'] = `session=${init.cookie}`;
      let body: FormData | string | undefined;
      if (init.form) body = init.form;
      else if (init.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
      return Promise.resolve(app.request(`http://shop.test${path}`, { method: init.method ?? 'GET', headers, ...(body ? { body } : {}) }));
    },
  };
}

describe('the composed API: accounts with email by SMTP', () => {
  it('emails the reset code through the SMTP server right away; the code read from the mail resets the password', async () => {
    const { request } = await start();
    expect((await request('/api/auth/sign-up', { method: 'POST', body: { email: 'amani@example.com', password: STRONG_PASSWORD } })).status).toBe(201);
    const welcome = await catcher!.waitFor((m) => m.parsed.subject === 'Welcome to Escrow Delivery');
    expect(welcome.envelopeTo).toEqual(['amani@example.com']);

    expect((await request('/api/auth/send-password-reset-code', { method: 'POST', body: { email: 'amani@example.com' } })).status).toBe(200);
    const mail = await catcher!.waitFor((m) => /password reset code/.test(m.parsed.subject ?? ''), 5_000);
    const code = /reset code is: (\d{6})/.exec(mail.parsed.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    expect((await request('/api/auth/verify-reset-code', { method: 'POST', body: { email: 'amani@example.com', code } })).status).toBe(200);
    const reset = await request('/api/auth/reset-password', { method: 'POST', body: { email: 'amani@example.com', code, password: 'Mpya$Siri99', confirmPassword: 'Mpya$Siri99' } });
    expect(reset.status).toBe(200);
    const signIn = await request('/api/auth/sign-in', { method: 'POST', body: { email: 'amani@example.com', password: 'Mpya$Siri99' } });
    expect(signIn.status).toBe(200);
    await catcher!.waitFor((m) => m.parsed.subject === 'Your Escrow Delivery password was changed');
  });

  it('serves an uploaded logo back by its URL, read-only, with its image type and nosniff', async () => {
    const { request } = await start();
    const token = sessionCookieOf((await request('/api/auth/sign-up', { method: 'POST', body: { email: 'amani@example.com', password: STRONG_PASSWORD } })).headers.getSetCookie()) ?? '';
    const created = await request('/api/seller/profile', {
      method: 'POST',
      cookie: token,
      body: { businessName: 'Amani Phones', location: 'Westlands', phone: '0712345678', paymentMethod: 'direct_mpesa', paymentNumber: '0712345678', termsAccepted: true },
    });
    expect(created.status).toBe(201);
    const form = new FormData();
    form.set('logo', new File([PNG], 'logo.png'));
    const uploaded = (await (await request('/api/seller/profile/logo', { method: 'PUT', cookie: token, form })).json()) as { data: { logoUrl: string } };

    const served = await request(uploaded.data.logoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await request(uploaded.data.logoUrl, { method: 'PUT', body: {} })).status).toBe(404);
    expect((await request('/uploads/order-photos/seller-logos/..%2f..%2fescrow.sqlite')).status).toBe(404);
  });
});
