import { readSession, signOut, type Account } from '@escrow/api-client/session';
import { requestJson, type ApiResult } from '@escrow/ui/api/request-json';

export type { Account } from '@escrow/api-client/session';

export type PayoutMethod = 'direct_mpesa' | 'paybill' | 'till_number';

/** Where payouts go (decision 0049), as the owner reads it; `heldUntil`: changed less than 24 hours ago. */
export interface PayoutDetails {
  readonly method: 'mpesa_phone' | 'paybill' | 'till';
  readonly phone: string | null;
  readonly paybillNumber: string | null;
  readonly accountReference: string | null;
  readonly tillNumber: string | null;
  readonly changedAt: string | null;
  readonly heldUntil: string | null;
}

/** The seller record as GET /api/seller/profile answers it (apps/api sellerProfileView). */
export interface SellerProfile {
  readonly id: string;
  readonly businessName: string;
  readonly businessProfile: string | null;
  readonly location: string;
  readonly phone: string;
  readonly whatsapp: string | null;
  readonly logoUrl: string | null;
  readonly about: string | null;
  readonly paymentMethod: PayoutMethod;
  readonly paymentNumber: string;
  readonly termsAccepted: boolean;
  readonly termsAcceptedAt: string | null;
  /** The account's address, where email notifications go; null when there is none. */
  readonly email: string | null;
  readonly notifyBySms: boolean;
  readonly notifyByEmail: boolean;
  readonly payoutDetails: PayoutDetails;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const PROFILE = '/api/seller/profile';

export const sellerApi = {
  /** The signed-in account or null (the page's one session read; GET /api/auth/session answers 200 either way). */
  session: readSession,
  profile: (signal?: AbortSignal) => requestJson<SellerProfile>('GET', PROFILE, undefined, { fallbackMessage: '', ...(signal ? { signal } : {}) }),
  createProfile: (body: unknown, fallback: string) => requestJson<SellerProfile>('POST', PROFILE, body, { fallbackMessage: fallback }),
  updateBusinessDetails: (body: unknown, fallback: string) => requestJson<SellerProfile>('PUT', `${PROFILE}/business-details`, body, { fallbackMessage: fallback }),
  updateAbout: (body: unknown, fallback: string) => requestJson<SellerProfile>('PUT', `${PROFILE}/about`, body, { fallbackMessage: fallback }),
  updatePayoutDetails: (body: unknown, fallback: string) => requestJson<SellerProfile>('PUT', `${PROFILE}/payout-details`, body, { fallbackMessage: fallback }),
  updateNotifications: (body: unknown, fallback: string) => requestJson<SellerProfile>('PUT', `${PROFILE}/notifications`, body, { fallbackMessage: fallback }),
  uploadLogo: (file: File, fallback: string): Promise<ApiResult<SellerProfile>> => {
    const form = new FormData();
    form.set('logo', file);
    return requestJson<SellerProfile>('PUT', `${PROFILE}/logo`, form, { fallbackMessage: fallback });
  },
  removeLogo: (fallback: string) => requestJson<SellerProfile>('DELETE', `${PROFILE}/logo`, undefined, { fallbackMessage: fallback }),
  changePassword: (body: unknown, fallback: string) => requestJson<{ account: Account }>('POST', '/api/auth/change-password', body, { fallbackMessage: fallback }),
  signOut,
};
