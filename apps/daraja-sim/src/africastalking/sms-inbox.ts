import { randomBytes } from 'node:crypto';
import type { CallbackPoster } from '../callbacks/callback-poster.js';
import type { ResolvedOptions } from '../config/resolve-options.js';
import type { SimSms, SmsDeliveryStatus } from '../public-types.js';
import type { Scheduler } from '../time/scheduler.js';
import { isKenyanE164, kenyanE164 } from './kenyan-number.js';
import type { SmsBehaviourBook } from './sms-behaviour-book.js';
import { smsSegments } from './sms-segments.js';
import { isAcceptedStatus, SMS_STATUS_NAMES } from './sms-status-codes.js';

/** One bulk SMS request, its form fields as sent. */
export interface SmsRequest {
  username: string;
  /** The `to` field split on commas, each as sent. */
  to: string[];
  message: string;
  from: string | null;
  bulkSMSMode: string | null;
  enqueue: string | null;
}

export interface SmsInboxDeps {
  options: Pick<ResolvedOptions, 'sms'>;
  scheduler: Scheduler;
  callbacks: CallbackPoster;
  behaviours: SmsBehaviourBook;
}

// The cost per SMS part on Africa's Talking's Kenyan price list (its sample replies say KES 0.8000).
const PRICE_PER_PART = 0.8;
// The network that delivers: Safaricom for its ranges, Airtel for the rest (63902 / 63903 in reports).
const networkCodeOf = (e164: string): string => (/^\+254(7[0-2]|7[49]|11[0-5])/.test(e164) ? '63902' : '63903');

/** Every SMS the simulator took or refused, what each phone received, and the delivery reports. */
export class SmsInbox {
  private messages: SimSms[] = [];
  private reportUrl: string | null;

  constructor(private readonly deps: SmsInboxDeps) {
    this.reportUrl = deps.options.sms.deliveryReportUrl;
  }

  /** Answers a request recipient by recipient, as Africa's Talking does, and schedules the delivery reports. */
  send(request: SmsRequest, now = new Date()): SimSms[] {
    const parts = smsSegments(request.message);
    const answered = request.to.map((number): SimSms => {
      const answer = isKenyanE164(number) ? this.deps.behaviours.take(number) : { statusCode: 403 as const, deliveryReports: [], failureReason: '' };
      const accepted = isAcceptedStatus(answer.statusCode);
      const sms: SimSms = {
        messageId: accepted ? `ATXid_${randomBytes(16).toString('hex')}` : null,
        number,
        message: request.message,
        from: request.from,
        username: request.username,
        bulkSMSMode: request.bulkSMSMode,
        enqueue: request.enqueue,
        statusCode: answer.statusCode,
        status: accepted ? 'Success' : SMS_STATUS_NAMES[answer.statusCode],
        cost: accepted ? `KES ${(PRICE_PER_PART * parts).toFixed(4)}` : '0',
        receivedAt: now.toISOString(),
        deliveryReports: [],
      };
      if (accepted) this.scheduleReports(sms, answer.deliveryReports, answer.failureReason);
      return sms;
    });
    this.messages.push(...answered);
    return answered.map((sms) => structuredClone(sms));
  }

  private scheduleReports(sms: SimSms, statuses: readonly SmsDeliveryStatus[], failureReason: string): void {
    const { deliveryReportDelayMs } = this.deps.options.sms;
    const { scheduler, callbacks } = this.deps;
    const epoch = callbacks.epoch;
    void (async () => {
      for (const status of statuses) {
        if (!(await scheduler.sleep(deliveryReportDelayMs)) || callbacks.epoch !== epoch) return;
        sms.deliveryReports.push({ status, at: new Date().toISOString() });
        const url = this.reportUrl;
        if (url === null || sms.messageId === null) continue;
        const body: Record<string, string> = {
          id: sms.messageId,
          status,
          phoneNumber: sms.number,
          networkCode: networkCodeOf(sms.number),
          retryCount: '0',
          ...(status === 'Failed' || status === 'Rejected' ? { failureReason } : {}),
        };
        await callbacks.post('sms_delivery_report', url, body, sms.messageId, 'form');
      }
    })();
  }

  messagesTo(number: string): SimSms[] {
    const e164 = kenyanE164(number);
    return this.messages
      .filter((sms) => sms.number === e164 && isAcceptedStatus(sms.statusCode))
      .reverse()
      .map((sms) => structuredClone(sms));
  }

  sent(): SimSms[] {
    return structuredClone(this.messages);
  }

  /** The numbers that received an SMS, the latest first. */
  recipients(): string[] {
    const seen = new Set<string>();
    for (let i = this.messages.length - 1; i >= 0; i -= 1) {
      const sms = this.messages[i];
      if (sms && isAcceptedStatus(sms.statusCode)) seen.add(sms.number);
    }
    return [...seen];
  }

  setDeliveryReportUrl(url: string | null): void {
    this.reportUrl = url;
  }

  deliveryReportUrl(): string | null {
    return this.reportUrl;
  }

  reset(): void {
    this.messages = [];
  }
}
