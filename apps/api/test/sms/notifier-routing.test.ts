import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDarajaSim, type DarajaSim } from '@escrow/daraja-sim';
import { cents, deliveryCodeSms, resetCodeEmail, riderPhoneCodeSms, smsNotification, type Notification } from '@escrow/core';
import { ConsoleNotifier } from '@escrow/notify-console';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@escrow/test-kit/mail-catcher';
import { loadConfig } from '../../src/config.js';
import { composeNotifier } from '../../src/notifications/compose-notifier.js';
import { notifierByChannel } from '../../src/notifications/notifier-by-channel.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { consoleNotifierMessages } from '../helpers/rider-code-sms.js';

/**
 * The routing notifier as the composition root builds it from the environment: email to SMTP
 * or the console, SMS to Africa's Talking or the console. Real providers: a real SMTP server
 * and the simulator over HTTP; the console is read where it prints.
 */
let sim: DarajaSim;
let mail: MailCatcher;
beforeAll(async () => {
  sim = await startDarajaSim();
  mail = await startMailCatcher();
});
afterAll(async () => {
  await sim.close();
  await mail.close();
});
afterEach(() => {
  sim.reset();
  vi.restoreAllMocks();
});

const PHONE = '+254712345678';
const AT_ENV = () => ({ AT_ENVIRONMENT: 'sandbox', AT_USERNAME: 'sandbox', AT_API_KEY: 'sim-at-api-key', AT_BASE_URL: sim.url });
const SMTP_ENV = () => ({ SMTP_URL: `smtp://127.0.0.1:${mail.port}`, SMTP_FROM: 'Escrow Delivery <no-reply@escrow.test>' });
const email: Notification = { channel: 'email', to: 'amani@example.com', subject: 'Payment confirmed', body: 'Assign a rider to proceed.' };
const sms = smsNotification(PHONE, 'Out for delivery', 'Your order is on its way.');
/** The delivery code's SMS as verifiedPaymentDecision writes it (enqueueSms: no subject, sensitive). */
const codeSms = (code: string): Notification => ({ channel: 'sms', to: PHONE, subject: '', body: deliveryCodeSms({ trackingNumber: 'ESC-7K3M9Q', price: cents(250_000), code }), sensitive: true });

/** What the console notifier printed during `work`. */
async function printed(work: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'info').mockImplementation((line: unknown) => void lines.push(String(line)));
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

function compose(env: NodeJS.ProcessEnv) {
  const logger = recordingLogger();
  const composed = composeNotifier(loadConfig({ DATA_DIR: '/tmp/unused', ...env }), logger);
  return { ...composed, logger };
}

describe('the routing notifier', () => {
  it('with SMTP and Africa\'s Talking: email to the SMTP server, SMS to Africa\'s Talking, nothing on the console', async () => {
    const { notifier, close, logger } = compose({ ...AT_ENV(), ...SMTP_ENV() });
    try {
      const lines = await printed(async () => {
        expect(await notifier.send(email, 'route-email-1')).toMatchObject({ ok: true });
        expect(await notifier.send(sms, 'route-sms-1')).toEqual({ ok: true, providerId: sim.sms.messagesTo(PHONE)[0]?.messageId, cost: 'KES 0.8000' });
      });
      expect(lines).toEqual([]);
      expect((await mail.waitFor((m) => m.envelopeTo.includes('amani@example.com'))).parsed.subject).toBe('Payment confirmed');
      expect(sim.sms.messagesTo(PHONE).map((m) => m.message)).toEqual(['Escrow Delivery: Your order is on its way.']);
      expect(logger.entries.map((e) => e.message)).toEqual(['email: sending through SMTP', "SMS: sending through Africa's Talking"]);
      expect(logger.entries[1]?.fields).toEqual({ environment: 'sandbox', host: new URL(sim.url).host, username: 'sandbox' });
    } finally {
      close();
    }
  });

  it('with Africa\'s Talking only: SMS to Africa\'s Talking, email on the console', async () => {
    const { notifier, close } = compose(AT_ENV());
    try {
      const lines = await printed(async () => {
        expect(await notifier.send(email, 'route-email-2')).toEqual({ ok: true, providerId: 'console:route-email-2' });
        expect(await notifier.send(sms, 'route-sms-2')).toMatchObject({ ok: true, providerId: expect.stringMatching(/^ATXid_/) });
      });
      expect(lines).toEqual(['[notify:email] to=amani@example.com subject="Payment confirmed" body="Assign a rider to proceed."']);
    } finally {
      close();
    }
  });

  it('with no credentials (the embedded default): SMS "delivered" by printing, as email is, and Africa\'s Talking never called', async () => {
    const { notifier, close, logger } = compose({});
    try {
      const lines = await printed(async () => {
        expect(await notifier.send(sms, 'route-sms-3')).toEqual({ ok: true, providerId: 'console:route-sms-3' });
        expect(await notifier.send(email, 'route-email-3')).toEqual({ ok: true, providerId: 'console:route-email-3' });
      });
      expect(lines).toEqual([
        `[notify:sms] to=${PHONE} subject="Out for delivery" body="Escrow Delivery: Your order is on its way."`,
        '[notify:email] to=amani@example.com subject="Payment confirmed" body="Assign a rider to proceed."',
      ]);
      expect(sim.sms.sent()).toEqual([]);
      expect(logger.entries.map((e) => e.message)).toEqual(["SMS: no Africa's Talking credentials (AT_*); SMS are printed on the console"]);
    } finally {
      close();
    }
  });

  it('with no credentials in production: an SMS or email holding a code is printed without its text (who it went to, its length)', async () => {
    for (const env of [{ NODE_ENV: 'production' }]) {
      const { notifier, close } = compose(env);
      try {
        const lines = await printed(async () => {
          expect(await notifier.send(codeSms('482913'), 'route-code-1')).toEqual({ ok: true, providerId: 'console:route-code-1' });
          expect(await notifier.send(riderPhoneCodeSms(PHONE, '771204'), 'route-code-2')).toEqual({ ok: true, providerId: 'console:route-code-2' });
          expect(await notifier.send(resetCodeEmail('amani@example.com', '390155'), 'route-code-3')).toEqual({ ok: true, providerId: 'console:route-code-3' });
        });
        expect(lines).toEqual([
          `[notify:sms] to=${PHONE} length=${codeSms('482913').body.length} text withheld: sensitive`,
          `[notify:sms] to=${PHONE} length=${riderPhoneCodeSms(PHONE, '771204').body.length} text withheld: sensitive`,
          `[notify:email] to=amani@example.com length=${resetCodeEmail('amani@example.com', '390155').body.length} text withheld: sensitive`,
        ]);
        for (const code of ['482913', '771204', '390155']) expect(lines.join('\n')).not.toContain(code);
      } finally {
        close();
      }
    }
  });

  it('with no credentials outside production (a developer\'s `npm start` without SMTP): the whole text, so a reset code can be read', async () => {
    const { notifier, close } = compose({});
    try {
      const lines = await printed(async () => {
        await notifier.send(resetCodeEmail('amani@example.com', '390155'), 'route-code-dev');
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('390155');
    } finally {
      close();
    }
  });

  it('with no credentials in production: a warning at start that no SMS reaches a phone (not a refusal)', async () => {
    const { close, logger } = compose({ NODE_ENV: 'production' });
    close();
    expect(logger.entries).toEqual([
      {
        level: 'warn',
        message:
          "SMS: NOT DELIVERED: NODE_ENV=production without Africa's Talking credentials (AT_ENVIRONMENT, AT_USERNAME, AT_API_KEY): every SMS goes to the console, which sends nothing (a text holding a code is not printed); buyers get no delivery code and riders no phone code",
      },
    ]);
    // With credentials, or outside production, no warning.
    const live = compose({ NODE_ENV: 'production', ...AT_ENV() });
    live.close();
    expect(live.logger.entries.map((e) => e.level)).toEqual(['info']);
    const laptop = compose({});
    laptop.close();
    expect(laptop.logger.entries.map((e) => e.level)).toEqual(['info']);
  });

  it('NOTIFY_CONSOLE_FILE (development and tests, refused in production) keeps the whole text, codes included, and standard output gets nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-notifier-'));
    try {
      const file = join(dir, 'console-notifier.log');
      const { notifier, close } = compose({ NOTIFY_CONSOLE_FILE: file });
      try {
        const lines = await printed(async () => {
          await notifier.send(codeSms('482913'), 'route-file-1');
          await notifier.send(sms, 'route-file-2');
        });
        expect(lines).toEqual([]);
      } finally {
        close();
      }
      expect(consoleNotifierMessages(file)).toEqual([
        { channel: 'sms', to: PHONE, subject: '', body: codeSms('482913').body },
        { channel: 'sms', to: PHONE, subject: 'Out for delivery', body: 'Escrow Delivery: Your order is on its way.' },
      ]);
      expect(await readFile(file, 'utf8')).toContain('482913');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with SMTP only: SMS on the console, email to the SMTP server', async () => {
    const { notifier, close } = compose(SMTP_ENV());
    try {
      const lines = await printed(async () => {
        expect(await notifier.send(sms, 'route-sms-4')).toEqual({ ok: true, providerId: 'console:route-sms-4' });
        expect(await notifier.send({ ...email, to: 'baraka@example.com' }, 'route-email-4')).toMatchObject({ ok: true });
      });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[notify:sms\] /);
      await mail.waitFor((m) => m.envelopeTo.includes('baraka@example.com'));
    } finally {
      close();
    }
  });

  it('refuses, for good, a channel it has no notifier for', async () => {
    const notifier = notifierByChannel({ email: new ConsoleNotifier(() => undefined), sms: new ConsoleNotifier(() => undefined) });
    expect(await notifier.send({ ...email, channel: 'fax' } as unknown as Notification, 'k')).toEqual({ ok: false, retryable: false, reason: 'no notifier for channel fax' });
  });
});

describe('configuration', () => {
  it('a half-configured Africa\'s Talking refuses to start, naming each variable', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/unused', AT_API_KEY: 'k' })).toThrow(/AT_ENVIRONMENT: required[\s\S]*AT_USERNAME: required/);
  });

  it('production needs AT_CALLBACK_SECRET: the dashboard URL holds it, so the operator must know it', () => {
    const live = { DATA_DIR: '/tmp/unused', AT_ENVIRONMENT: 'production', AT_USERNAME: 'escrowdelivery', AT_API_KEY: 'atsk_live' };
    expect(() => loadConfig(live)).toThrow(/AT_CALLBACK_SECRET: required with AT_ENVIRONMENT=production/);
    expect(loadConfig({ ...live, AT_CALLBACK_SECRET: 'ab'.repeat(16), PUBLIC_BASE_URL: 'https://escrow.example.co.ke' })).toMatchObject({
      sms: { africasTalking: { baseUrl: 'https://api.africastalking.com' }, callbackBaseUrl: 'https://escrow.example.co.ke' },
      smsCallbackSecret: 'ab'.repeat(16),
    });
    expect(() => loadConfig({ ...live, AT_CALLBACK_SECRET: 'not-hex' })).toThrow(/AT_CALLBACK_SECRET: must be 32 to 128 lower-case hex digits/);
  });

  it('production needs PUBLIC_BASE_URL: riders get their job\'s link by SMS, and localhost opens nothing on a phone', () => {
    const live = { DATA_DIR: '/tmp/unused', AT_ENVIRONMENT: 'production', AT_USERNAME: 'escrowdelivery', AT_API_KEY: 'atsk_live', AT_CALLBACK_SECRET: 'ab'.repeat(16) };
    expect(() => loadConfig(live)).toThrow(/PUBLIC_BASE_URL: required with AT_ENVIRONMENT=production/);
    expect(loadConfig({ ...live, PUBLIC_BASE_URL: 'https://escrow.example.co.ke/' }).linkBase).toBe('https://escrow.example.co.ke');
  });

  it('links in SMS on a laptop open this server; a port picked at start gives no links', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).linkBase).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: '/tmp/unused', HOST: '127.0.0.1', PORT: '4100' }).linkBase).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ DATA_DIR: '/tmp/unused', HOST: '::1', PORT: '4100' }).linkBase).toBe('http://[::1]:4100');
    expect(loadConfig({ DATA_DIR: '/tmp/unused', PORT: '0' }).linkBase).toBeUndefined();
  });
});
