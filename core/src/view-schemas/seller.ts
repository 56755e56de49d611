import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import type { PublicTrackingView } from '../views/public-tracking-view.js';
import type {
  FeePolicyAnswer,
  RefundRequestRecorded,
  RiderAdded,
  RiderDeleted,
  RidersAnswer,
  SellerDashboardAnswer,
  SellerOrderChanged,
  SellerOrderCreated,
  SellerOrdersAnswer,
} from '../views/seller-answers.js';
import type { SellerOrderView } from '../views/seller-order-view.js';
import type { SellerProfileView } from '../views/seller-profile-view.js';
import { centsAmount, deliveryPaidBy, isoTime, isoTimeOrNull, messageField, orderActions, paymentMethod, progressFields, recordedRefundRequest, refundStatus, sellerPayoutMethod, textOrNull } from './common.js';
import { viewSchema } from './exact.js';

// The answers of /api/seller and /api/public (views/seller-*.ts, views/seller-answers.ts), each held to its type by viewSchema.

const orderSummaryFields = {
  id: z.string(),
  trackingNumber: z.string(),
  itemName: z.string(),
  ...progressFields,
  paymentMethod,
  price: centsAmount,
  serviceFee: centsAmount,
  sellerPayout: centsAmount,
  riderPayout: centsAmount,
  deliveryCost: centsAmount,
  paymentConfirmed: z.boolean(),
  settlementPaid: z.boolean(),
  buyerName: z.string(),
  riderName: textOrNull,
  riderPhone: textOrNull,
  codeLocked: z.boolean(),
  createdAt: isoTime,
};
const orderSummary = z.strictObject(orderSummaryFields);
const orderLinks = z.strictObject({ buyer: z.string(), seller: z.string(), rider: textOrNull });

export const sellerOrderViewSchema = viewSchema<SellerOrderView>()(
  z.strictObject({
    ...orderSummaryFields,
    productPhotoUrl: textOrNull,
    packagedPhotoUrl: textOrNull,
    pickupPhotoUrl: textOrNull,
    buyerCashAmount: centsAmount.nullable(),
    buyerPhone: z.string(),
    buyerAddress: z.string(),
    buyerLocale: z.enum(LOCALES),
    pinLocationLink: textOrNull,
    landmark: textOrNull,
    houseNumber: textOrNull,
    estate: textOrNull,
    pickupLocation: z.string(),
    codeSentTo: textOrNull,
    deliveryPaidBy,
    feeBasisPoints: z.number().int(),
    paymentConfirmedAt: isoTimeOrNull,
    mpesaReceipt: textOrNull,
    paymentBeingVerified: z.boolean(),
    paymentClaimReceipt: textOrNull,
    paymentVerifiedBy: textOrNull,
    settledAt: isoTimeOrNull,
    riderAssignedAt: isoTimeOrNull,
    riderAcceptedAt: isoTimeOrNull,
    pickedUpAt: isoTimeOrNull,
    deliveredAt: isoTimeOrNull,
    cancelledAt: isoTimeOrNull,
    codeAttempts: z.number().int(),
    codeAttemptsLeft: z.number().int(),
    codeLockedAt: isoTimeOrNull,
    estimatedDistanceKm: z.number().nullable(),
    estimatedTimeMinutes: z.number().nullable(),
    updatedAt: isoTime,
    links: orderLinks,
    seller: z.strictObject({ id: z.string(), businessName: z.string(), location: z.string(), phone: z.string() }).nullable(),
    feedback: z.strictObject({ buyerName: z.string(), riderRating: z.number().int(), sellerRating: z.number().int(), comment: textOrNull, createdAt: isoTime }).nullable(),
    refundRequest: z
      .strictObject({
        id: z.string(),
        requestedBy: z.enum(['buyer', 'seller', 'rider']),
        reason: z.string(),
        status: refundStatus,
        createdAt: isoTime,
        resolvedAt: isoTimeOrNull,
        mpesaReference: textOrNull,
        resolutionNote: textOrNull,
      })
      .nullable(),
    riderPayments: z.array(z.strictObject({ riderPhone: z.string(), paymentReceived: z.boolean(), paymentIssue: textOrNull, createdAt: isoTime })),
    payout: z.strictObject({ state: z.enum(['paid', 'delayed', 'held', 'awaiting_approval', 'on_its_way']), amount: centsAmount, receipt: textOrNull, message: z.string() }).nullable(),
    actions: orderActions,
  }),
);

export const sellerDashboardAnswerSchema = viewSchema<SellerDashboardAnswer>()(
  z.strictObject({
    stats: z.strictObject({
      totalOrders: z.number().int(),
      pendingOrders: z.number().int(),
      completedOrders: z.number().int(),
      settledOrders: z.number().int(),
      revenue: centsAmount,
      averageOrderValue: centsAmount,
      completionRateBasisPoints: z.number().int(),
      sellerRatingCount: z.number().int(),
      averageSellerRatingTenths: z.number().int().nullable(),
      completionRatePercent: z.number(),
      averageSellerRating: z.number().nullable(),
    }),
    recentOrders: z.array(orderSummary),
  }),
);

export const sellerOrdersAnswerSchema = viewSchema<SellerOrdersAnswer>()(
  z.strictObject({ orders: z.array(orderSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
);

export const feePolicyAnswerSchema = viewSchema<FeePolicyAnswer>()(z.strictObject({ feeBasisPoints: z.number().int() }));

const rider = z.strictObject({ id: z.string(), name: z.string(), phone: z.string(), motorbikePlate: z.string(), createdAt: isoTime });
export const ridersAnswerSchema = viewSchema<RidersAnswer>()(z.strictObject({ riders: z.array(rider) }));
export const riderAddedSchema = viewSchema<RiderAdded>()(z.strictObject({ rider, ...messageField }));
export const riderDeletedSchema = viewSchema<RiderDeleted>()(z.strictObject({ riderId: z.string(), ...messageField }));

export const sellerOrderCreatedSchema = viewSchema<SellerOrderCreated>()(z.strictObject({ order: sellerOrderViewSchema, ...messageField }));
export const sellerOrderChangedSchema = viewSchema<SellerOrderChanged>()(z.strictObject({ order: orderSummary, links: orderLinks, message: z.string().optional() }));
export const refundRequestRecordedSchema = viewSchema<RefundRequestRecorded>()(z.strictObject({ refundRequest: recordedRefundRequest, ...messageField }));

export const sellerProfileViewSchema = viewSchema<SellerProfileView>()(
  z.strictObject({
    id: z.string(),
    businessName: z.string(),
    businessProfile: textOrNull,
    location: z.string(),
    phone: z.string(),
    whatsapp: textOrNull,
    logoUrl: textOrNull,
    about: textOrNull,
    paymentMethod: sellerPayoutMethod,
    paymentNumber: z.string(),
    termsAccepted: z.boolean(),
    termsAcceptedAt: isoTimeOrNull,
    email: textOrNull,
    notifyBySms: z.boolean(),
    notifyByEmail: z.boolean(),
    payoutDetails: z.strictObject({
      method: z.enum(['mpesa_phone', 'paybill', 'till']),
      phone: textOrNull,
      paybillNumber: textOrNull,
      accountReference: textOrNull,
      tillNumber: textOrNull,
      changedAt: isoTimeOrNull,
      heldUntil: isoTimeOrNull,
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
);

export const publicTrackingViewSchema = viewSchema<PublicTrackingView>()(z.strictObject({ id: z.string(), itemName: z.string(), ...progressFields, paymentConfirmed: z.boolean() }));
