import { z } from 'zod';
import { optionalText } from './fields.js';
import { validationMessages } from './messages.js';
import { PAYMENT_ISSUE_MAX_LENGTH } from '../rules/text-limits.js';

const m = validationMessages.riderPayment;

/**
 * The rider's record of the delivery fee collected at the door: received, or an issue that
 * must say what went wrong. A description sent along with "received" is dropped, so a
 * stored confirmation is always one or the other.
 */
export const riderPaymentSchema = z
  .object({
    paymentReceived: z.boolean({ error: m.receivedRequired }),
    paymentIssue: optionalText({ max: PAYMENT_ISSUE_MAX_LENGTH, tooLong: m.issueTooLong, invalid: m.issueInvalid }),
  })
  .transform((value, ctx) => {
    if (value.paymentReceived) return { paymentReceived: true as const, paymentIssue: null };
    if (value.paymentIssue === null) {
      ctx.issues.push({ code: 'custom', message: m.issueRequired, input: value, path: ['paymentIssue'] });
      return z.NEVER;
    }
    return { paymentReceived: false as const, paymentIssue: value.paymentIssue };
  });

export type RiderPaymentInput = z.input<typeof riderPaymentSchema>;
export type RiderPaymentOutput = z.output<typeof riderPaymentSchema>;
