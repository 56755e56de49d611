import { actionsFor } from '../orders/access.js';
import { adminStatusLabel } from '../orders/progress.js';
import type { AdminOrderListRow, AdminSellerRow, AdminSummaryFigures, ContactMessageRow } from '../ports/admin-queries.js';
import type { EffectivePaymentConfig } from '../use-cases/admin/payment-config.js';
import { isoOrNull } from './order-progress.js';

/**
 * A row of the admin Orders tab (spec section 2: Item, Seller or 'N/A', Buyer, Price, Seller
 * Payout, Rider Payout, status label, Created, 'Mark Paid' or 'Paid ✓'). Money in integer
 * cents; `sellerBusinessName` null means the screen shows 'N/A'. No delivery code, no rider key.
 */
export function adminOrderListRowView(row: AdminOrderListRow) {
  const actions = actionsFor(row, 'admin');
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    itemName: row.itemName,
    sellerId: row.sellerId,
    sellerBusinessName: row.sellerBusinessName,
    /** Where 'Mark Paid' sends the seller's payout (admins only; null when the seller is gone). */
    sellerPaymentMethod: row.sellerPaymentMethod,
    sellerPaymentNumber: row.sellerPaymentNumber,
    buyerName: row.buyerName,
    buyerPhone: row.buyerPhone,
    paymentMethod: row.paymentMethod,
    price: row.price,
    serviceFee: row.serviceFee,
    sellerPayout: row.sellerPayout,
    riderPayout: row.riderPayout,
    deliveryCost: row.deliveryCost,
    deliveryPaidBy: row.deliveryPaidBy,
    status: row.status,
    statusLabel: adminStatusLabel(row.status),
    paymentConfirmed: row.paymentConfirmed,
    settlementPaid: row.settlementPaid,
    paymentVerifiedBy: row.paymentVerifiedBy,
    /** The buyer typed a receipt M-Pesa has not confirmed yet (a claim, never escrow). */
    paymentBeingVerified: !row.paymentConfirmed && row.paymentClaimedAt !== null && row.status !== 'cancelled',
    /** 'Mark Paid' (confirm_settlement) for delivered orders not yet settled whose payment M-Pesa verified (cash has none to verify). */
    canMarkPaid: actions.includes('confirm_settlement'),
    riderName: row.riderName,
    riderPhone: row.riderPhone,
    codeLocked: row.codeLockedAt !== null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: isoOrNull(row.deliveredAt),
    settledAt: isoOrNull(row.settledAt),
    /** What an admin may do now, by the transition table (decision 0062); display only. */
    actions,
  };
}

export type AdminOrderListRowView = ReturnType<typeof adminOrderListRowView>;

/** The six summary cards; money in integer cents (the names say so, as the screen's contract asks). */
export function adminSummaryView(figures: AdminSummaryFigures) {
  return {
    totalOrders: figures.totalOrders,
    revenueCents: figures.revenue,
    awaitingSettlement: { count: figures.awaitingSettlementCount, payoutCents: figures.awaitingSettlementPayout, owedCents: figures.awaitingSettlementOwed },
    completed: figures.completedOrders,
    totalSellers: figures.totalSellers,
    pendingContacts: figures.pendingContacts,
  };
}

export type AdminSummaryView = ReturnType<typeof adminSummaryView>;

/** A row of the Sellers tab (read only). */
export function adminSellerView(row: AdminSellerRow) {
  return {
    id: row.id,
    businessName: row.businessName,
    location: row.location,
    phone: row.phone,
    whatsapp: row.whatsapp,
    paymentMethod: row.paymentMethod,
    paymentNumber: row.paymentNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

export type AdminSellerView = ReturnType<typeof adminSellerView>;

/** A card of the Contacts tab. */
export function contactMessageView(row: ContactMessageRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    resolved: row.resolved,
    resolvedAt: isoOrNull(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    resolvedByEmail: row.resolvedByEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ContactMessageView = ReturnType<typeof contactMessageView>;

/** The Paybill in force (Admin tab, Payment Configuration dialog). Unset defaults are null. */
export function paymentConfigView(config: EffectivePaymentConfig) {
  return {
    businessNumber: config.businessNumber,
    accountNumber: config.accountNumber,
    accountName: config.accountName,
    updatedAt: isoOrNull(config.updatedAt),
    updatedBy: config.updatedBy,
    updatedByEmail: config.updatedByEmail,
    source: config.source,
  };
}

export type PaymentConfigView = ReturnType<typeof paymentConfigView>;
