import type { DeliveryOutcome, Notification, Notifier } from '@escrow/core';
import { normalizeKenyanPhone, phoneForLog } from '@escrow/core/validation';
import type { AfricasTalkingConfig } from './config.js';
import { recipientStatus, recipientStatusNamed, type RecipientStatus } from './recipient-status.js';
import { describeReplyIssues, sendReplySchema, type SendReplyRecipient } from './send-reply.js';

const NOT_KENYAN = 'not a Kenyan mobile number (07XXXXXXXX, 01XXXXXXXX, 2547XXXXXXXX or +2547XXXXXXXX)';

const refused = (reason: string): DeliveryOutcome => ({ ok: false, retryable: false, reason });
const retry = (reason: string): DeliveryOutcome => ({ ok: false, retryable: true, reason });

/**
 * A reply's text fit for a stored error: one line, at most 120 characters, and no run of 4 or
 * more digits (a phone number or a code Africa's Talking might echo).
 */
function snippet(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/\d{4,}/g, '####');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

function transportFailure(error: unknown, timeoutMs: number, to: string): DeliveryOutcome {
  // AbortSignal.timeout rejects with a DOMException named TimeoutError (not always an Error subclass).
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return retry(`Africa's Talking did not answer within ${timeoutMs} ms; the SMS to ${to} may have gone out and is sent again`);
  }
  // fetch says only "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, a TLS error...).
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : cause?.message;
  return retry(`could not reach Africa's Talking (${[error instanceof Error ? error.message : String(error), code].filter(Boolean).join(': ')})`);
}

function httpFailure(status: number, text: string): DeliveryOutcome {
  const said = snippet(text);
  const context = `HTTP ${status}${said ? `: "${said}"` : ''}`;
  // 401: a wrong or rotated key (AT_USERNAME/AT_API_KEY); retried so a fixed key lets the backlog through.
  if (status === 401) return retry(`Africa's Talking refused the username or API key (${context})`);
  if (status === 429 || status >= 500) return retry(`Africa's Talking is unavailable (${context})`);
  return refused(`Africa's Talking refused the request (${context})`);
}

/**
 * The recipient's cost as Africa's Talking wrote it ("KES 0.8000"), kept when it reads as a
 * currency and an amount: anything else (a missing "0", a changed format) is left out rather
 * than stored as a cost.
 */
function costOf(cost: string | undefined): { cost?: string } {
  const trimmed = cost?.trim() ?? '';
  return /^[A-Z]{3} \d{1,9}(\.\d{1,6})?$/.test(trimmed) ? { cost: trimmed } : {};
}

function outcomeOf(status: RecipientStatus, code: number, messageId: string, to: string, cost?: string): DeliveryOutcome {
  if (status.outcome === 'accepted') return { ok: true, ...(/^[\w.:-]{1,200}$/.test(messageId) && messageId !== 'None' ? { providerId: messageId } : {}), ...costOf(cost) };
  const reason = `Africa's Talking did not send the SMS to ${to}: ${code} ${status.name}, ${status.words}`;
  return status.outcome === 'retry' ? retry(reason) : refused(reason);
}

/**
 * The outbox's SMS notifier: Africa's Talking's bulk SMS API, one recipient per call, exactly as
 * the fact sheet says (POST {base}/version1/messaging, a form with username, to in E.164,
 * message, from, bulkSMSMode=1 and enqueue=1; headers apiKey, Accept: application/json). Every
 * reply is parsed with zod; every answer becomes a DeliveryOutcome (accepted, with Africa's
 * Talking's messageId as providerId and the recipient's cost; retried; or refused for good),
 * never a throw. The call ends within `timeoutMs`, reply included.
 *
 * Africa's Talking has no idempotency key: a send that timed out after it took the SMS is sent
 * again by the outbox, and the person may get it twice (decision 0045). Outcomes name the number
 * masked (+254******678) and never hold the text: the outbox keeps them as its last error.
 */
export class AfricasTalkingSmsNotifier implements Notifier {
  constructor(private readonly config: AfricasTalkingConfig) {}

  // The outbox's idempotency key has nowhere to go: the bulk SMS API takes none.
  async send(notification: Notification, _idempotencyKey?: string): Promise<DeliveryOutcome> {
    if (notification.channel !== 'sms') return refused(`the Africa's Talking notifier sends SMS, not ${String(notification.channel)}`);
    const to = normalizeKenyanPhone(notification.to);
    if (to === null) return refused(`${NOT_KENYAN}: ${phoneForLog(notification.to)}`);
    const masked = phoneForLog(to);
    if (typeof notification.body !== 'string' || notification.body.trim() === '') return refused(`the SMS to ${masked} has no text`);

    const form = new URLSearchParams({ username: this.config.username, to, message: notification.body });
    if (this.config.senderId) form.set('from', this.config.senderId);
    form.set('bulkSMSMode', '1');
    form.set('enqueue', '1');

    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.config.baseUrl}/version1/messaging`, {
        method: 'POST',
        headers: { apiKey: this.config.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        // One limit for the whole exchange, body included: a server that sends headers and then stalls is as stuck as one that never answers.
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return transportFailure(error, this.config.timeoutMs, masked);
    }
    if (status < 200 || status > 299) return httpFailure(status, text);

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Unread, the SMS may or may not have gone out: retried, like a time-out.
      return retry(`Africa's Talking answered HTTP ${status} with a body that is not JSON ("${snippet(text)}")`);
    }
    const reply = sendReplySchema.safeParse(json);
    if (!reply.success) return retry(`Africa's Talking answered HTTP ${status} with a reply this client cannot read (${describeReplyIssues(reply.error)})`);

    const { Message, Recipients } = reply.data.SMSMessageData;
    const recipient: SendReplyRecipient | undefined = Recipients.find((r) => r.number === to) ?? (Recipients.length === 1 ? Recipients[0] : undefined);
    if (!recipient) {
      // No recipient taken: Message says why ("InvalidSenderId", "InsufficientBalance"...).
      const named = recipientStatusNamed(Message.trim());
      if (named) return outcomeOf(named.status, named.code, 'None', masked);
      return retry(`Africa's Talking took no recipient for the SMS to ${masked} ("${snippet(Message)}")`);
    }
    const meaning = recipientStatus(recipient.statusCode);
    if (!meaning) return retry(`Africa's Talking answered an unknown statusCode ${recipient.statusCode} ("${snippet(recipient.status)}") for the SMS to ${masked}`);
    return outcomeOf(meaning, recipient.statusCode, recipient.messageId, masked, recipient.cost);
  }
}
