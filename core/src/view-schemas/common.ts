import { z } from 'zod';
import { ORDER_ACTIONS } from '../orders/transitions.js';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../rules/order-statuses.js';

// The pieces every view schema is made of, as JSON carries them.

/** A time as the views write it: Date.toISOString(). */
export const isoTime = z.iso.datetime();
export const isoTimeOrNull = isoTime.nullable();
/** Integer cents: money is never a fraction of a cent, never negative. */
export const centsAmount = z.number().int().nonnegative();
export const textOrNull = z.string().nullable();

export const orderStatus = z.enum(ORDER_STATUSES);
export const paymentMethod = z.enum(PAYMENT_METHODS);
export const deliveryPaidBy = z.enum(['buyer', 'seller']);
export const orderActions = z.array(z.enum(ORDER_ACTIONS));
export const sellerPayoutMethod = z.enum(['direct_mpesa', 'paybill', 'till_number']);
export const refundStatus = z.enum(['open', 'refunded', 'rejected']);

/** order-progress.ts ProgressView: the status as every screen shows it. */
export const progressFields = {
  status: orderStatus,
  statusLabel: z.string(),
  progressPercent: z.number(),
  steps: z.array(z.strictObject({ label: z.string(), done: z.boolean() })),
};

/** A refund request as recorded for whoever asked (seller-answers.ts RefundRequestRecorded). */
export const recordedRefundRequest = z.strictObject({ id: z.string(), status: refundStatus, reason: z.string(), createdAt: isoTime });

/** An answer that is only the server's message. */
export const messageField = { message: z.string() };
