import { connect, type Socket } from 'node:net';
import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';
import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type * as NodemailerShared from 'nodemailer/lib/shared/index.js';

/** nodemailer is loaded when an SMTP notifier is made, so a process without SMTP never loads it (issue 18: cold start). */
const requireHere = createRequire(import.meta.url);
const loadNodemailer = () => requireHere('nodemailer') as typeof nodemailer;
const parseConnectionUrl = (url: string) => (requireHere('nodemailer/lib/shared/index.js') as typeof NodemailerShared).parseConnectionUrl(url);

/** How to reach the mail server: a URL (`smtp://user:pass@host:587`, `smtps://...`) or its parts. */
export interface SmtpSettings {
  readonly url?: string;
  readonly host?: string;
  readonly port?: number;
  /** Implicit TLS (port 465). Otherwise STARTTLS is used when the server offers it. */
  readonly secure?: boolean;
  readonly user?: string;
  readonly pass?: string;
  /** The sender, e.g. `Escrow Delivery <no-reply@example.co.ke>`. */
  readonly from: string;
  /**
   * Connections kept open to the server and used in turn (default 5). The outbox sends many
   * messages at once; they queue for these instead of each opening its own connection.
   */
  readonly maxConnections?: number;
  /** Overrides of the timeouts below (tests). */
  readonly timeouts?: Partial<SmtpTimeouts>;
}

export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  readonly connectionMs: number;
  /** For the server's greeting once connected. */
  readonly greetingMs: number;
  /** Of silence on an open connection (mid-command, or idle in the pool: then it is closed). */
  readonly socketMs: number;
}

// A slow or silent server must not hold an outbox sender for minutes: a send ends within about
// a minute whatever the server does. The outbox extends the message's 20 s lease while the send
// lasts (OUTBOX_LEASE_MS, decision 0074), so no other process sends it meanwhile.
const TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };
export const SMTP_DEFAULT_MAX_CONNECTIONS = 5;

/** Where to connect: the URL's parts (its query may carry nodemailer options, as before) or the settings' own. */
function serverOptions(settings: SmtpSettings): SMTPConnection.Options {
  if (settings.url) return parseConnectionUrl(settings.url);
  if (!settings.host) throw new Error('SMTP needs a URL or a host');
  return {
    host: settings.host,
    port: settings.port ?? (settings.secure ? 465 : 587),
    secure: settings.secure ?? false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
  };
}

/**
 * Opens each pooled connection with Nagle's algorithm off (nodemailer leaves it on). With it
 * on, a message's last small write waits for the server's delayed ACK (about 40 ms on Linux):
 * measured on loopback, 5 connections carried ~100 messages/s with it and ~1,100 without.
 * nodemailer then speaks SMTP on the socket as on its own (TLS included: `smtps` is set up on
 * top, STARTTLS as offered).
 */
function socketWithoutDelay(connectionMs: number) {
  return (options: { host?: string | undefined; port?: number | undefined }, callback: (error: Error | null, socketOptions?: { connection: Socket }) => void): void => {
    const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? 587, noDelay: true });
    const fail = (error: Error): void => {
      socket.off('connect', connected).off('error', fail).off('timeout', timedOut);
      socket.destroy();
      callback(error);
    };
    const timedOut = (): void => fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
    // Connected: from here nodemailer owns the socket, its errors and its timeouts; none of these listeners may fire again.
    const connected = (): void => {
      socket.off('error', fail).off('timeout', timedOut);
      socket.setTimeout(0);
      callback(null, { connection: socket });
    };
    socket.setTimeout(connectionMs);
    socket.once('timeout', timedOut);
    socket.once('error', fail);
    socket.once('connect', connected);
  };
}

function createTransport(settings: SmtpSettings): Transporter {
  const timeouts = { ...TIMEOUTS, ...settings.timeouts };
  return loadNodemailer().createTransport({
    ...serverOptions(settings),
    getSocket: socketWithoutDelay(timeouts.connectionMs),
    pool: true,
    maxConnections: Math.max(1, Math.trunc(settings.maxConnections ?? SMTP_DEFAULT_MAX_CONNECTIONS)),
    // A connection is replaced after this many messages (servers limit messages per session).
    maxMessages: 100,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
}

/** `<key@domain>`: a retried message keeps its Message-ID, so mail clients can drop the copy. */
function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'escrow-delivery.invalid';
  return `<${idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '')}@${domain}>`;
}

/**
 * A permanent refusal (an SMTP 5xx reply, a rejected address) is not retried; anything else
 * (4xx, timeouts, a server that is down) is, by the outbox's backoff.
 */
function outcomeOf(error: unknown): DeliveryOutcome {
  const e = error as { responseCode?: unknown; code?: unknown; message?: unknown };
  const reason = typeof e?.message === 'string' ? e.message : String(error);
  const permanent = (typeof e?.responseCode === 'number' && e.responseCode >= 500) || e?.code === 'EENVELOPE';
  return { ok: false, retryable: !permanent, reason };
}

/**
 * Sends the outbox's email notifications through an SMTP server (nodemailer), on a pool of at
 * most `maxConnections` connections: concurrent sends queue for a free one.
 */
export class SmtpNotifier implements Notifier {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = createTransport(settings);
  }

  async send(notification: Notification, idempotencyKey: string): Promise<DeliveryOutcome> {
    if (notification.channel !== 'email') return { ok: false, retryable: false, reason: `the SMTP notifier sends email, not ${notification.channel}` };
    try {
      const info = (await this.transport.sendMail({
        from: this.settings.from,
        to: notification.to,
        subject: notification.subject,
        text: notification.body,
        messageId: messageIdFor(idempotencyKey, this.settings.from),
      })) as { messageId?: string };
      return { ok: true, ...(info.messageId ? { providerId: info.messageId } : {}) };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  /** Connects and authenticates once; for a start-up check. Throws with the server's reason. */
  async verify(): Promise<void> {
    await this.transport.verify();
  }

  /** Closes the pooled connections (a send still queued fails, and is retried by the outbox). */
  close(): void {
    this.transport.close();
  }
}
