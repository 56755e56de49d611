import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';
import nodemailer, { type Transporter } from 'nodemailer';

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
}

// A slow or silent server must not hold an outbox round for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function createTransport(settings: SmtpSettings): Transporter {
  if (settings.url) return nodemailer.createTransport(settings.url, { ...TIMEOUTS });
  if (!settings.host) throw new Error('SMTP needs a URL or a host');
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port ?? (settings.secure ? 465 : 587),
    secure: settings.secure ?? false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? '' } } : {}),
    ...TIMEOUTS,
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

/** Sends the outbox's email notifications through an SMTP server (nodemailer). */
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

  close(): void {
    this.transport.close();
  }
}
