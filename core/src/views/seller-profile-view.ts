import type { SellerProfile } from '../accounts/account-records.js';
import { payoutDetailsHeldUntil } from '../payouts/seller-payout-details.js';
import { isoOrNull } from './order-progress.js';

/**
 * Where the owner's payouts go (decision 0049), whole: only the owner reads it, over a
 * no-store answer. `heldUntil`: payouts to details changed in the last 24 hours wait until then.
 */
export function payoutDetailsView(profile: SellerProfile, now: Date) {
  const d = profile.payoutDetails;
  return {
    method: d.method,
    phone: d.phone,
    paybillNumber: d.paybillNumber,
    accountReference: d.accountReference,
    tillNumber: d.tillNumber,
    changedAt: isoOrNull(d.changedAt),
    heldUntil: isoOrNull(payoutDetailsHeldUntil(d, now)),
  };
}

export type PayoutDetailsView = ReturnType<typeof payoutDetailsView>;

/** The seller record as its owner sees it (GET /api/seller/profile; every update answers with it). */
export function sellerProfileView(p: SellerProfile, now: Date) {
  return {
    id: p.id,
    businessName: p.businessName,
    businessProfile: p.businessProfile,
    location: p.location,
    phone: p.phone,
    whatsapp: p.whatsapp,
    logoUrl: p.logoUrl,
    about: p.about,
    paymentMethod: p.paymentMethod,
    paymentNumber: p.paymentNumber,
    termsAccepted: p.termsAccepted,
    termsAcceptedAt: isoOrNull(p.termsAcceptedAt),
    // The account's own address, where email notifications go (null: the SMS is the only way).
    email: p.email,
    notifyBySms: p.notifyBySms,
    notifyByEmail: p.notifyByEmail,
    payoutDetails: payoutDetailsView(p, now),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export type SellerProfileView = ReturnType<typeof sellerProfileView>;
