import { createServer } from 'node:net';
import { resetCodeEmail } from '@escrow/core';
import type { SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpNotifier } from '../src/index.js';
import { startMailCatcher, type MailCatcher } from '@escrow/test-kit/mail-catcher';

const FROM = 'Escrow Delivery <no-reply@escrow.example>';
let catcher: MailCatcher | undefined;
let notifier: SmtpNotifier | undefined;
afterEach(async () => {
  notifier?.close();
  await catcher?.close();
  catcher = undefined;
  notifier = undefined;
});

describe('SmtpNotifier against a real SMTP server', () => {
  it('delivers the reset-code email, and the code can be read out of the received mail', async () => {
    catcher = await startMailCatcher();
    notifier = new SmtpNotifier({ url: `smtp://127.0.0.1:${catcher.port}`, from: FROM });

    const outcome = await notifier.send(resetCodeEmail('amani@example.com', '042917'), 'outbox-1234');

    expect(outcome).toMatchObject({ ok: true });
    const mail = await catcher.waitFor((m) => m.envelopeTo.includes('amani@example.com'));
    expect(mail.parsed.subject).toBe('Your Escrow Delivery password reset code: 042917');
    expect(mail.parsed.from?.text).toBe('"Escrow Delivery" <no-reply@escrow.example>');
    expect(mail.parsed.messageId).toBe('<outbox-1234@escrow.example>');
    expect(/reset code is: (\d{6})/.exec(mail.parsed.text ?? '')?.[1]).toBe('042917');
  });

  it('authenticates with host, port, user and password', async () => {
    const logins: string[] = [];
    catcher = await startMailCatcher({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    notifier = new SmtpNotifier({ host: '127.0.0.1', port: catcher.port, secure: false, user: 'mailer', pass: 's3cret', from: FROM });

    expect(await notifier.send({ channel: 'email', to: 'baraka@example.com', subject: 'Hello', body: 'Body text' }, 'k-2')).toMatchObject({ ok: true });
    expect(logins).toEqual(['mailer:s3cret']);
    expect((await catcher.waitFor(() => true)).parsed.text?.trim()).toBe('Body text');
  });

  it('does not retry a recipient the server refuses for good (5xx)', async () => {
    catcher = await startMailCatcher({
      onRcptTo(address, _session, callback) {
        const refusal = Object.assign(new Error('No such user here'), { responseCode: 550 });
        if (address.address.startsWith('nobody@')) callback(refusal);
        else callback();
      },
    });
    notifier = new SmtpNotifier({ url: `smtp://127.0.0.1:${catcher.port}`, from: FROM });

    const outcome = await notifier.send({ channel: 'email', to: 'nobody@example.com', subject: 's', body: 'b' }, 'k-3');

    expect(outcome).toMatchObject({ ok: false, retryable: false });
    expect(catcher.mails).toHaveLength(0);
  });

  it('retries later when the server cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    notifier = new SmtpNotifier({ url: `smtp://127.0.0.1:${port}`, from: FROM });

    expect(await notifier.send({ channel: 'email', to: 'amani@example.com', subject: 's', body: 'b' }, 'k-4')).toMatchObject({ ok: false, retryable: true });
  });

  it('leaves SMS to another notifier, for good', async () => {
    notifier = new SmtpNotifier({ url: 'smtp://127.0.0.1:1', from: FROM });
    expect(await notifier.send({ channel: 'sms', to: '+254711111111', subject: 's', body: 'b' }, 'k-5')).toMatchObject({ ok: false, retryable: false });
  });

  it('sends many messages at once over a bounded pool of reused connections, each with its own Message-ID', async () => {
    let open = 0;
    let most = 0;
    let sessions = 0;
    catcher = await startMailCatcher({
      onConnect(_session, callback) {
        open += 1;
        sessions += 1;
        most = Math.max(most, open);
        callback();
      },
      onClose() {
        open -= 1;
      },
    });
    notifier = new SmtpNotifier({ url: `smtp://127.0.0.1:${catcher.port}`, from: FROM, maxConnections: 3 });

    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => notifier!.send({ channel: 'email', to: `seller${i}@example.com`, subject: `Order ${i}`, body: 'b' }, `outbox-${i}`)));

    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(catcher.mails).toHaveLength(40);
    expect(new Set(catcher.mails.map((m) => m.parsed.messageId))).toEqual(new Set(Array.from({ length: 40 }, (_, i) => `<outbox-${i}@escrow.example>`)));
    // Without a pool each send opens its own connection: 40 at once.
    expect(most).toBeLessThanOrEqual(3);
    expect(sessions).toBeLessThanOrEqual(3);
  });

  it('gives up on a server that accepts the connection but never greets, within the greeting timeout, as retryable', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      // The URL form: its timeouts apply too (nodemailer ignores options given beside a URL).
      notifier = new SmtpNotifier({ url: `smtp://127.0.0.1:${port}`, from: FROM, timeouts: { greetingMs: 500 } });
      const started = Date.now();
      expect(await notifier.send({ channel: 'email', to: 'amani@example.com', subject: 's', body: 'b' }, 'k-6')).toMatchObject({ ok: false, retryable: true });
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      silent.close();
    }
  });

  it('speaks TLS on its own connections: implicit (smtps://) and STARTTLS when the server offers it', async () => {
    const servers: [string, Partial<SMTPServerOptions>][] = [
      ['smtps', { secure: true }],
      ['smtp', { disabledCommands: [] }],
    ];
    for (const [scheme, serverOptions] of servers) {
      const secured: boolean[] = [];
      catcher = await startMailCatcher({
        ...serverOptions,
        onMailFrom(_address, session, callback) {
          secured.push(session.secure);
          callback();
        },
      });
      // The server's certificate is smtp-server's self-signed default.
      notifier = new SmtpNotifier({ url: `${scheme}://127.0.0.1:${catcher.port}?tls.rejectUnauthorized=false`, from: FROM });
      expect(await notifier.send({ channel: 'email', to: 'amani@example.com', subject: 's', body: 'b' }, `k-tls-${scheme}`)).toMatchObject({ ok: true });
      expect(secured).toEqual([true]);
      notifier.close();
      await catcher.close();
      catcher = undefined;
      notifier = undefined;
    }
  });

  it('keeps sending after its idle pooled connections time out and close', async () => {
    catcher = await startMailCatcher();
    notifier = new SmtpNotifier({ url: `smtp://127.0.0.1:${catcher.port}`, from: FROM, maxConnections: 2, timeouts: { socketMs: 200 } });
    for (let round = 0; round < 3; round += 1) {
      const outcomes = await Promise.all([0, 1, 2, 3].map((i) => notifier!.send({ channel: 'email', to: `seller${i}@example.com`, subject: `Round ${round}`, body: 'b' }, `idle-${round}-${i}`)));
      expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, true]);
      // Idle longer than the socket timeout: the pooled connections are closed, new ones opened next round.
      await new Promise((resolve) => setTimeout(resolve, 600));
    }
    expect(catcher.mails).toHaveLength(12);
  });
});
