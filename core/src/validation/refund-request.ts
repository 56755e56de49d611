import { z } from 'zod';
import { validationMessages } from './messages.js';
import { isStorableText } from './storable-text.js';
import { REFUND_REASON_MAX_LENGTH, REFUND_REASON_MIN_LENGTH } from '../rules/text-limits.js';

const m = validationMessages.refund;

/** The buyer's refund request (product decisions: refunds); an admin reads the reason. */
export const refundRequestSchema = z.object({
  reason: z
    .string({ error: m.reasonRequired })
    .trim()
    .min(1, { error: m.reasonRequired, abort: true })
    .min(REFUND_REASON_MIN_LENGTH, { error: m.reasonTooShort })
    .max(REFUND_REASON_MAX_LENGTH, { error: m.reasonTooLong })
    .refine(isStorableText, { error: m.reasonInvalid }),
});

export type RefundRequestInput = z.input<typeof refundRequestSchema>;
export type RefundRequestOutput = z.output<typeof refundRequestSchema>;
