import { z } from 'zod';
import type { RiderJobView } from '../views/rider-job-view.js';
import type {
  RiderJobChanged,
  RiderJobsAnswer,
  RiderJobTaken,
  RiderPaymentRecorded,
  RiderPhoneCodeSent,
  RiderPhoneForgotten,
  RiderPhoneProven,
  RiderPickupConfirmed,
  RiderProvenPhone,
} from '../views/rider-answers.js';
import type { RefundRequestRecorded } from '../views/seller-answers.js';
import { centsAmount, deliveryPaidBy, isoTime, isoTimeOrNull, messageField, orderActions, orderStatus, paymentMethod, progressFields, recordedRefundRequest, textOrNull } from './common.js';
import { viewSchema } from './exact.js';

// The answers of /api/rider (views/rider-job-view.ts, views/rider-answers.ts), each held to its type by viewSchema.

export const riderJobViewSchema = viewSchema<RiderJobView>()(
  z.strictObject({
    id: z.string(),
    trackingNumber: z.string(),
    itemName: z.string(),
    productPhotoUrl: textOrNull,
    packagedPhotoUrl: textOrNull,
    pickupPhotoUrl: textOrNull,
    ...progressFields,
    riderName: textOrNull,
    accepted: z.boolean(),
    acceptedAt: isoTimeOrNull,
    pickedUpAt: isoTimeOrNull,
    deliveredAt: isoTimeOrNull,
    pickup: z.strictObject({ sellerBusinessName: textOrNull, location: z.string(), sellerLocation: textOrNull, sellerPhone: textOrNull }),
    delivery: z.strictObject({
      buyerDetailsHidden: z.boolean(),
      buyerName: textOrNull,
      buyerPhone: textOrNull,
      address: textOrNull,
      landmark: textOrNull,
      estate: textOrNull,
      houseNumber: textOrNull,
      pinLocationLink: textOrNull,
    }),
    estimatedDistanceKm: z.number().nullable(),
    estimatedTimeMinutes: z.number().nullable(),
    paymentMethod,
    paymentConfirmed: z.boolean(),
    deliveryCost: centsAmount,
    deliveryPaidBy,
    collectFromBuyer: z.strictObject({ deliveryFee: centsAmount.nullable(), cashAmount: centsAmount.nullable() }),
    riderPayout: centsAmount,
    codeLocked: z.boolean(),
    codeAttemptsLeft: z.number().int(),
    actions: orderActions,
  }),
);

export const riderJobsAnswerSchema = viewSchema<RiderJobsAnswer>()(
  z.strictObject({
    jobs: z.array(
      z.strictObject({
        id: z.string(),
        itemName: z.string(),
        status: orderStatus,
        statusLabel: z.string(),
        sellerBusinessName: textOrNull,
        pickupArea: z.string(),
        deliveryArea: textOrNull,
        deliveryCost: centsAmount,
        deliveryPaidBy,
        estimatedDistanceKm: z.number().nullable(),
        estimatedTimeMinutes: z.number().nullable(),
        accepted: z.boolean(),
        createdAt: isoTime,
      }),
    ),
  }),
);

const jobStatus = z.strictObject({ id: z.string(), ...progressFields, accepted: z.boolean(), codeLocked: z.boolean() });
export const riderJobChangedSchema = viewSchema<RiderJobChanged>()(z.strictObject({ job: jobStatus, ...messageField }));
export const riderPickupConfirmedSchema = viewSchema<RiderPickupConfirmed>()(z.strictObject({ job: jobStatus, pickupPhotoUrl: textOrNull, ...messageField }));
export const riderJobTakenSchema = viewSchema<RiderJobTaken>()(z.strictObject({ job: jobStatus, riderKey: textOrNull, riderLink: textOrNull, ...messageField }));
export const riderPaymentRecordedSchema = viewSchema<RiderPaymentRecorded>()(
  z.strictObject({ confirmation: z.strictObject({ id: z.string(), paymentReceived: z.boolean(), paymentIssue: textOrNull, createdAt: isoTime }), ...messageField }),
);
export const riderRefundRequestedSchema = viewSchema<RefundRequestRecorded>()(z.strictObject({ refundRequest: recordedRefundRequest, ...messageField }));

export const riderPhoneCodeSentSchema = viewSchema<RiderPhoneCodeSent>()(
  z.strictObject({ sent: z.literal(true), phone: z.string(), expiresAt: isoTime, resendAfterSeconds: z.number(), ...messageField }),
);
export const riderPhoneProvenSchema = viewSchema<RiderPhoneProven>()(z.strictObject({ phone: z.string(), expiresAt: isoTime, ...messageField }));
export const riderProvenPhoneSchema = viewSchema<RiderProvenPhone>()(z.strictObject({ phone: textOrNull }));
export const riderPhoneForgottenSchema = viewSchema<RiderPhoneForgotten>()(z.strictObject({ signedOut: z.literal(true), ...messageField }));
