import { z } from 'zod';
import type {
  AdminContactsAnswer,
  AdminOrderChanged,
  AdminOrdersAnswer,
  AdminRefundRequestsAnswer,
  AdminSellersAnswer,
  ContactResolved,
  PaymentConfigAnswer,
  PaymentConfigSaved,
  PayoutChanged,
  PayoutReconciliationAnswer,
  PayoutsAnswer,
  UnmatchedPaymentRefunded,
  UnverifiedPaymentsAnswer,
} from '../views/admin-answers.js';
import type { AdminSummaryView } from '../views/admin-area-views.js';
import type { AdminOrderView } from '../views/admin-order-view.js';
import type { PayoutView } from '../views/admin-payout-view.js';
import { centsAmount, deliveryPaidBy, isoTime, isoTimeOrNull, messageField, orderActions, orderStatus, paymentMethod, refundStatus, sellerPayoutMethod, textOrNull } from './common.js';
import { viewSchema } from './exact.js';

// The answers of /api/admin (views/admin-*.ts and views/admin-answers.ts), each held to its type by viewSchema.

const payoutMode = z.enum(['automatic', 'approval', 'manual']);
const listPage = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int() };

export const payoutViewSchema = viewSchema<PayoutView>()(
  z.strictObject({
    id: z.string(),
    orderId: z.string(),
    trackingNumber: z.string().optional(),
    itemName: z.string().optional(),
    purpose: z.enum(['seller', 'rider', 'refund']),
    amount: centsAmount,
    state: z.enum(['awaiting_approval', 'queued', 'sending', 'sent', 'unknown', 'succeeded', 'failed', 'recorded']),
    stateLabel: z.string(),
    destination: textOrNull,
    receipt: textOrNull,
    receiverName: textOrNull,
    problem: textOrNull,
    attempt: z.number().int(),
    originatorConversationId: textOrNull,
    nextAttemptAt: isoTimeOrNull,
    createdAt: isoTime,
    updatedAt: isoTime,
    completedAt: isoTimeOrNull,
    canRetry: z.boolean(),
    canRecordReference: z.boolean(),
  }),
);

/** The fields an order row and an order's page share. */
const orderFields = {
  id: z.string(),
  trackingNumber: z.string(),
  itemName: z.string(),
  sellerId: z.string(),
  sellerBusinessName: textOrNull,
  buyerName: z.string(),
  buyerPhone: z.string(),
  paymentMethod,
  price: centsAmount,
  serviceFee: centsAmount,
  sellerPayout: centsAmount,
  riderPayout: centsAmount,
  deliveryCost: centsAmount,
  deliveryPaidBy,
  status: orderStatus,
  statusLabel: z.string(),
  paymentConfirmed: z.boolean(),
  settlementPaid: z.boolean(),
  paymentVerifiedBy: textOrNull,
  paymentBeingVerified: z.boolean(),
  canMarkPaid: z.boolean(),
  riderName: textOrNull,
  riderPhone: textOrNull,
  codeLocked: z.boolean(),
  createdAt: isoTime,
  deliveredAt: isoTimeOrNull,
  settledAt: isoTimeOrNull,
  actions: orderActions,
};

export const adminOrdersAnswerSchema = viewSchema<AdminOrdersAnswer>()(
  z.strictObject({
    orders: z.array(z.strictObject({ ...orderFields, sellerPaymentMethod: sellerPayoutMethod.nullable(), sellerPaymentNumber: textOrNull, payouts: z.array(payoutViewSchema) })),
    ...listPage,
    payoutMode,
  }),
);

export const adminOrderViewSchema = viewSchema<AdminOrderView>()(
  z.strictObject({
    ...orderFields,
    mpesaReceipt: textOrNull,
    paymentReceived: centsAmount.nullable(),
    paymentClaimReceipt: textOrNull,
    paymentClaimCheck: textOrNull,
    settlementReference: textOrNull,
    codeAttempts: z.number().int(),
  }),
);

export const adminSummaryViewSchema = viewSchema<AdminSummaryView>()(
  z.strictObject({
    totalOrders: z.number().int(),
    revenueCents: centsAmount,
    awaitingSettlement: z.strictObject({ count: z.number().int(), payoutCents: centsAmount, owedCents: centsAmount }),
    completed: z.number().int(),
    totalSellers: z.number().int(),
    pendingContacts: z.number().int(),
  }),
);

export const adminRefundRequestsAnswerSchema = viewSchema<AdminRefundRequestsAnswer>()(
  z.strictObject({
    refundRequests: z.array(
      z.strictObject({
        id: z.string(),
        requestedBy: z.enum(['buyer', 'seller', 'rider']),
        reason: z.string(),
        status: refundStatus,
        createdAt: isoTime,
        resolvedAt: isoTimeOrNull,
        mpesaReference: textOrNull,
        resolutionNote: textOrNull,
        order: adminOrderViewSchema,
        paidWithoutRiderFor72Hours: z.boolean(),
      }),
    ),
    ...listPage,
    payoutMode,
  }),
);

export const adminSellersAnswerSchema = viewSchema<AdminSellersAnswer>()(
  z.strictObject({
    sellers: z.array(
      z.strictObject({
        id: z.string(),
        businessName: z.string(),
        location: z.string(),
        phone: z.string(),
        whatsapp: textOrNull,
        paymentMethod: sellerPayoutMethod,
        paymentNumber: z.string(),
        createdAt: isoTime,
      }),
    ),
    ...listPage,
  }),
);

const contactMessage = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: textOrNull,
  message: z.string(),
  resolved: z.boolean(),
  resolvedAt: isoTimeOrNull,
  resolvedBy: textOrNull,
  resolvedByEmail: textOrNull,
  createdAt: isoTime,
});

export const adminContactsAnswerSchema = viewSchema<AdminContactsAnswer>()(z.strictObject({ contacts: z.array(contactMessage), ...listPage }));

const paymentConfig = z.strictObject({
  businessNumber: textOrNull,
  accountNumber: textOrNull,
  accountName: textOrNull,
  updatedAt: isoTimeOrNull,
  updatedBy: textOrNull,
  updatedByEmail: textOrNull,
  source: z.enum(['saved', 'default']),
});

export const paymentConfigAnswerSchema = viewSchema<PaymentConfigAnswer>()(z.strictObject({ config: paymentConfig }));

export const payoutsAnswerSchema = viewSchema<PayoutsAnswer>()(z.strictObject({ payouts: z.array(payoutViewSchema), mode: payoutMode }));

export const payoutReconciliationAnswerSchema = viewSchema<PayoutReconciliationAnswer>()(
  z.strictObject({
    checkedAt: isoTime,
    clearingInLedger: z.number().int(),
    inFlight: z.number().int(),
    payouts: z.strictObject({ total: z.number().int(), inFlight: z.number().int(), succeeded: z.number().int(), failed: z.number().int() }),
    unmatched: z.array(z.strictObject({ payoutId: textOrNull, orderId: textOrNull, problem: z.string() })),
  }),
);

const unmatchedPayment = z.strictObject({
  transId: z.string(),
  billRefNumber: z.string(),
  amount: centsAmount,
  payerName: z.string(),
  transTime: z.string(),
  receivedAt: isoTime,
  note: textOrNull,
  status: z.enum(['matched', 'unmatched', 'attached', 'refunded']),
});

export const unverifiedPaymentsAnswerSchema = viewSchema<UnverifiedPaymentsAnswer>()(
  z.strictObject({
    orders: z.array(
      z.strictObject({
        orderId: z.string(),
        trackingNumber: z.string(),
        price: centsAmount,
        kind: z.enum(['claim', 'unverified_paid']),
        receipt: textOrNull,
        since: isoTime,
        flagged: z.boolean(),
        check: textOrNull,
      }),
    ),
    unmatched: z.array(unmatchedPayment),
  }),
);

export const adminOrderChangedSchema = viewSchema<AdminOrderChanged>()(z.strictObject({ order: adminOrderViewSchema, ...messageField }));
export const payoutChangedSchema = viewSchema<PayoutChanged>()(z.strictObject({ payout: payoutViewSchema, ...messageField }));
export const unmatchedPaymentRefundedSchema = viewSchema<UnmatchedPaymentRefunded>()(z.strictObject({ payment: unmatchedPayment, ...messageField }));
export const contactResolvedSchema = viewSchema<ContactResolved>()(z.strictObject({ contact: contactMessage, ...messageField }));
export const paymentConfigSavedSchema = viewSchema<PaymentConfigSaved>()(z.strictObject({ config: paymentConfig, ...messageField }));
