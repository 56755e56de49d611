import { readSession, signOut } from '@escrow/api-client/session';
import { requestJson, type ApiResult } from '@escrow/api-client/request';
import type { SellerProfile } from '@escrow/api-client/contracts/seller';
import type { SessionEndpoints } from '@escrow/api-client/contracts/session';

export type { Account } from '@escrow/api-client/session';

// The seller record and where payouts go as GET /api/seller/profile answers them: the core's
// sellerProfileView through Wire (@escrow/api-client/contracts/seller), checked in development.
export type { SellerPayoutDetails as PayoutDetails, SellerProfile } from '@escrow/api-client/contracts/seller';
export type { SellerPayoutMethod as PayoutMethod } from '@escrow/core/validation';

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
  changePassword: (body: unknown, fallback: string) => requestJson<SessionEndpoints['POST /api/auth/change-password']>('POST', '/api/auth/change-password', body, { fallbackMessage: fallback }),
  signOut,
};
