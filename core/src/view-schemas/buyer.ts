import { z } from 'zod';
import type { StkPaymentView } from '../use-cases/payments/stk-payment-view.js';
import type { BuyerCodeResent, BuyerFeedbackSent, BuyerOrderAnswer, BuyerPaymentAnswer, PayerBrowserBound } from '../views/buyer-answers.js';
import type { RefundRequestRecorded } from '../views/seller-answers.js';
import { centsAmount, deliveryPaidBy, isoTime, isoTimeOrNull, messageField, orderActions, paymentMethod, progressFields, recordedRefundRequest, textOrNull } from './common.js';
import { viewSchema } from './exact.js';

// The answers of /api/buyer (views/buyer-order-view.ts, views/buyer-answers.ts), each held to its type by viewSchema.

export const buyerOrderAnswerSchema = viewSchema<BuyerOrderAnswer>()(
  z.strictObject({
    id: z.string(),
    trackingNumber: z.string(),
    itemName: z.string(),
    productPhotoUrl: textOrNull,
    packagedPhotoUrl: textOrNull,
    pickupPhotoUrl: textOrNull,
    sellerBusinessName: textOrNull,
    ...progressFields,
    paymentMethod,
    price: centsAmount,
    serviceFee: centsAmount,
    deliveryCost: centsAmount,
    deliveryPaidBy,
    buyerCashAmount: centsAmount.nullable(),
    paymentConfirmed: z.boolean(),
    paymentBeingVerified: z.boolean(),
    payment: z
      .discriminatedUnion('configured', [
        z.strictObject({ configured: z.literal(true), businessNumber: z.string(), accountName: z.string(), accountNumber: z.string(), amount: centsAmount }),
        z.strictObject({ configured: z.literal(false), message: z.string() }),
      ])
      .nullable(),
    delivery: z.strictObject({
      buyerName: z.string(),
      buyerPhone: z.string(),
      address: z.string(),
      landmark: textOrNull,
      estate: textOrNull,
      houseNumber: textOrNull,
      pinLocationLink: textOrNull,
    }),
    rider: z.strictObject({ name: textOrNull, phone: z.string() }).nullable(),
    refundRequested: z.boolean(),
    refund: z.strictObject({ state: z.enum(['on_its_way', 'delayed', 'sent']), amount: centsAmount, receipt: textOrNull, message: z.string() }).nullable(),
    deliveryCode: textOrNull,
    holdsCode: z.boolean(),
    codeSentTo: textOrNull,
    feedback: z.strictObject({ riderRating: z.number().int(), sellerRating: z.number().int(), comment: textOrNull, createdAt: isoTime }).nullable(),
    createdAt: isoTime,
    deliveredAt: isoTimeOrNull,
    actions: orderActions,
    mpesaPrompt: z.boolean(),
  }),
);

const stkPayment = z.strictObject({
  id: z.string(),
  state: z.enum(['waiting', 'paid', 'failed']),
  message: z.string(),
  canRetry: z.boolean(),
  resultCode: z.number().int().nullable(),
  amount: centsAmount,
  phone: z.string(),
  createdAt: isoTime,
});

/** POST /api/buyer/orders/:id/mpesa-prompt. */
export const stkPaymentViewSchema = viewSchema<StkPaymentView>()(stkPayment);
/** GET /api/buyer/orders/:id/mpesa-prompt: the latest prompt, null when none was sent. */
export const latestStkPaymentSchema = viewSchema<StkPaymentView | null>()(stkPayment.nullable());

export const buyerPaymentAnswerSchema = viewSchema<BuyerPaymentAnswer>()(
  z.strictObject({
    order: z.strictObject({ id: z.string(), ...progressFields, paymentConfirmed: z.boolean() }),
    ...messageField,
    deliveryCode: z.string().optional(),
  }),
);
export const buyerRefundRequestedSchema = viewSchema<RefundRequestRecorded>()(z.strictObject({ refundRequest: recordedRefundRequest, ...messageField }));
export const buyerFeedbackSentSchema = viewSchema<BuyerFeedbackSent>()(
  z.strictObject({ feedback: z.strictObject({ riderRating: z.number().int(), sellerRating: z.number().int(), comment: textOrNull, createdAt: isoTime }), ...messageField }),
);
export const buyerCodeResentSchema = viewSchema<BuyerCodeResent>()(z.strictObject({ sentTo: z.string(), renewed: z.boolean(), ...messageField }));
export const payerBrowserBoundSchema = viewSchema<PayerBrowserBound>()(z.strictObject({ bound: z.boolean() }));
