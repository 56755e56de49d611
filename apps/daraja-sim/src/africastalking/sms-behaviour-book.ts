import { z } from 'zod';
import { SimControlError } from '../controls/sim-control-error.js';
import type { SmsBehaviour, SmsDeliveryStatus, SmsStatusCode } from '../public-types.js';
import { kenyanE164 } from './kenyan-number.js';
import { SMS_STATUS_CODES } from './sms-status-codes.js';

export const SMS_DELIVERY_STATUSES = ['Sent', 'Submitted', 'Buffered', 'Rejected', 'Success', 'Failed'] as const satisfies readonly SmsDeliveryStatus[];

export const smsBehaviourSchema = z.strictObject({
  statusCode: z
    .number()
    .int()
    .refine((code) => (SMS_STATUS_CODES as number[]).includes(code), { message: `statusCode must be one of ${SMS_STATUS_CODES.join(', ')}` })
    .transform((code) => code as SmsStatusCode)
    .optional(),
  times: z.number().int().min(1).optional(),
  deliveryReports: z.array(z.enum(SMS_DELIVERY_STATUSES)).max(10).optional(),
  failureReason: z.string().regex(/^[A-Za-z]{1,40}$/, 'failureReason must be a word such as DeliveryFailure').optional(),
});

interface Rule {
  statusCode: SmsStatusCode;
  /** SMS left that get `statusCode`; null: every one. */
  left: number | null;
  deliveryReports: SmsDeliveryStatus[];
  failureReason: string;
}

export interface SmsAnswer {
  statusCode: SmsStatusCode;
  deliveryReports: SmsDeliveryStatus[];
  failureReason: string;
}

const DEFAULT_ANSWER: SmsAnswer = { statusCode: 101, deliveryReports: ['Success'], failureReason: 'DeliveryFailure' };

/** How each number answers the SMS sent to it. */
export class SmsBehaviourBook {
  private readonly byNumber = new Map<string, Rule>();

  set(number: string, behaviour: SmsBehaviour): void {
    const e164 = kenyanE164(number);
    if (!e164) throw new SimControlError('invalid', 'number must be a Kenyan mobile number such as 0712345678 or +254712345678');
    const parsed = smsBehaviourSchema.safeParse(behaviour);
    if (!parsed.success) throw new SimControlError('invalid', `invalid SMS behaviour: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'behaviour'} ${i.message}`).join('; ')}`);
    const b = parsed.data;
    this.byNumber.set(e164, {
      statusCode: b.statusCode ?? DEFAULT_ANSWER.statusCode,
      left: b.times ?? null,
      deliveryReports: b.deliveryReports ?? DEFAULT_ANSWER.deliveryReports,
      failureReason: b.failureReason ?? DEFAULT_ANSWER.failureReason,
    });
  }

  /** The answer for the next SMS to `e164`, counting it against `times`. */
  take(e164: string): SmsAnswer {
    const rule = this.byNumber.get(e164);
    if (!rule) return { ...DEFAULT_ANSWER, deliveryReports: [...DEFAULT_ANSWER.deliveryReports] };
    if (rule.left !== null) {
      rule.left -= 1;
      if (rule.left <= 0) this.byNumber.delete(e164);
    }
    return { statusCode: rule.statusCode, deliveryReports: [...rule.deliveryReports], failureReason: rule.failureReason };
  }

  reset(): void {
    this.byNumber.clear();
  }
}
