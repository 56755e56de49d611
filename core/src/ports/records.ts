import type { Locale } from '../i18n/locale.js';
import type { Actor } from '../orders/actor.js';
import type { SellerPayoutDetails } from '../payouts/seller-payout-details.js';

/** The parts of a seller the escrow flow needs (accounts own the rest). */
export interface SellerRef {
  readonly id: string;
  readonly userId: string;
  readonly businessName: string;
  readonly location: string;
  readonly phone: string;
  readonly email: string | null;
  /** How the seller chose to be told about their orders (decision 0048); see sellerNotifications. */
  readonly notifyBySms: boolean;
  readonly notifyByEmail: boolean;
  /**
   * Where the seller's payouts go (decision 0049), changed only with the password; never the
   * business `phone`. Read it through sellerPayoutDestination, which holds new details 24 hours.
   */
  readonly payoutDetails: SellerPayoutDetails;
  /**
   * The account's language (decision 0066): the seller's texts and emails about their orders are
   * written in it. Reads carry it; absent (a seller built before it existed) reads English.
   */
  readonly locale?: Locale;
}

export interface Rider {
  readonly id: string;
  readonly sellerId: string;
  readonly name: string;
  readonly phone: string;
  readonly motorbikePlate: string;
  readonly createdAt: Date;
}

export type RefundStatus = 'open' | 'refunded' | 'rejected';

export interface RefundRequest {
  readonly id: string;
  readonly orderId: string;
  readonly requestedBy: 'buyer' | 'seller' | 'rider';
  readonly reason: string;
  readonly status: RefundStatus;
  readonly createdAt: Date;
  readonly resolvedAt: Date | null;
  readonly resolvedBy: string | null;
  readonly mpesaReference: string | null;
  readonly resolutionNote: string | null;
}

export interface Feedback {
  readonly orderId: string;
  readonly buyerName: string;
  readonly riderRating: number;
  readonly sellerRating: number;
  readonly comment: string | null;
  readonly createdAt: Date;
}

export interface RiderPaymentConfirmation {
  readonly id: string;
  readonly orderId: string;
  readonly riderPhone: string;
  readonly paymentReceived: boolean;
  readonly paymentIssue: string | null;
  readonly createdAt: Date;
}

/** The audit trail: one row per change, written in the same transaction as the change. */
export interface OrderEvent {
  readonly id: string;
  readonly orderId: string;
  readonly action: string;
  readonly actor: string;
  readonly fromStatus: string | null;
  readonly toStatus: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly at: Date;
}

/** One delivery-code entry, right or wrong (every attempt is logged). */
export interface CodeAttempt {
  readonly id: string;
  readonly orderId: string;
  readonly actor: string;
  readonly success: boolean;
  readonly at: Date;
}

/** A side effect to run after commit (notification, payout), retried until done. */
export interface OutboxMessage {
  readonly id: string;
  readonly topic: 'notification';
  readonly payload: Readonly<Record<string, unknown>>;
  readonly createdAt: Date;
  /** Sends started (a claim counts one, so a dispatcher that died mid-send used one too). */
  readonly attempts: number;
  /** When it is due; while a dispatcher holds it, the end of that dispatcher's lease. */
  readonly nextAttemptAt: Date;
  readonly deliveredAt: Date | null;
  readonly lastError: string | null;
  /**
   * Set when the dispatcher gave up on it (a permanent refusal, or too many attempts): never
   * claimed again, kept for an operator (`escrow-admin outbox status`). Absent on a new message.
   */
  readonly givenUpAt?: Date | null;
  /**
   * What the provider called it when it accepted it (the SMTP Message-ID, Africa's Talking's
   * messageId): SMS delivery reports name it. Absent or null until delivered, or when the
   * provider gave none.
   */
  readonly providerId?: string | null;
  /**
   * What the provider said the message cost when it accepted it, as it wrote it (Africa's
   * Talking's per-recipient cost, "KES 0.8000"). Absent or null until delivered, or when it said none.
   */
  readonly providerCost?: string | null;
}

export function actorForAudit(actor: Actor): string {
  switch (actor.kind) {
    case 'seller':
      return `seller:${actor.sellerId}`;
    case 'admin':
      return `admin:${actor.userId}`;
    case 'rider':
      return `rider:${actor.phone}`;
    default:
      return actor.kind;
  }
}
