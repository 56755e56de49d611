import type { StkRequest } from '../../payments/stk-request.js';
import { stkResultMeaning, stkResultMessages } from '../../payments/stk-result.js';

/** What the buyer page shows of an STK Push: where it stands, in plain words. */
export interface StkPaymentView {
  readonly id: string;
  /** `waiting`: the phone is being prompted or M-Pesa is being asked; `paid`; `failed` (see `canRetry`). */
  readonly state: 'waiting' | 'paid' | 'failed';
  readonly message: string;
  readonly canRetry: boolean;
  readonly resultCode: number | null;
  readonly amount: number;
  /** The phone prompted, masked: 2547•••••678. */
  readonly phone: string;
  readonly createdAt: string;
}

export function maskMsisdn(msisdn: string): string {
  return msisdn.length >= 7 ? `${msisdn.slice(0, 4)}•••••${msisdn.slice(-3)}` : '•••';
}

export function stkPaymentView(request: StkRequest): StkPaymentView {
  const base = { id: request.id, amount: request.amount, phone: maskMsisdn(request.msisdn), createdAt: request.createdAt.toISOString(), resultCode: request.resultCode };
  switch (request.status) {
    case 'paid':
      return { ...base, state: 'paid', message: stkResultMessages.paid, canRetry: false };
    case 'failed': {
      if (request.resultCode === null) return { ...base, state: 'failed', message: request.resultDesc === 'busy' ? stkResultMessages.phoneBusy : stkResultMessages.sendFailed, canRetry: true };
      const meaning = stkResultMeaning(request.resultCode);
      return { ...base, state: 'failed', message: meaning.message, canRetry: meaning.canRetry };
    }
    case 'sending':
    case 'pending':
    case 'unknown':
      // A callback that said "paid" is not money until the query agrees: still waiting, in words that say so.
      return { ...base, state: 'waiting', message: request.callbackResultCode === 0 || request.status === 'unknown' ? stkResultMessages.stillChecking : stkResultMessages.checkYourPhone, canRetry: false };
  }
}
