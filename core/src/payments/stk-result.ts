/**
 * What an STK result code means to the buyer, in plain words (issue 15), with whether trying
 * again can help. Codes from ../shared/reference/mpesa-daraja.md section 2.
 */
export interface StkResultMeaning {
  readonly kind: 'paid' | 'cancelled' | 'insufficient_funds' | 'wrong_pin' | 'expired' | 'unreachable' | 'limit' | 'duplicate' | 'not_permitted' | 'failed';
  readonly message: string;
  readonly canRetry: boolean;
}

export const stkResultMessages = {
  paid: 'Payment received. Your money is held safely until you receive your item.',
  cancelled: 'You cancelled the M-Pesa request on your phone. No money was taken. You can try again.',
  insufficientFunds: 'Your M-Pesa balance is not enough for this payment. No money was taken. Top up, then try again.',
  wrongPin: 'The M-Pesa PIN entered was wrong. No money was taken. You can try again.',
  expired: 'The M-Pesa request expired before it was answered. No money was taken. You can try again.',
  unreachable: 'We could not reach your phone. Check that it is on and has network, then try again.',
  limit: 'M-Pesa refused this payment because of a transaction limit on your account. No money was taken.',
  duplicate: 'M-Pesa refused a second payment of the same amount within two minutes. Wait two minutes, then try again.',
  notPermitted: 'M-Pesa did not allow this payment from your account. No money was taken.',
  failed: 'M-Pesa could not complete the payment. No money was taken. You can try again.',
  checkYourPhone: 'Check your phone: enter your M-Pesa PIN to pay.',
  stillChecking: 'We are confirming your payment with M-Pesa. This page updates by itself.',
  sendFailed: 'We could not send the M-Pesa request right now. Please try again in a minute.',
  phoneBusy: 'Your phone already has an M-Pesa request waiting. Answer or cancel it, then try again.',
} as const;

export function stkResultMeaning(resultCode: number): StkResultMeaning {
  const m = stkResultMessages;
  switch (resultCode) {
    case 0:
      return { kind: 'paid', message: m.paid, canRetry: false };
    case 1:
      return { kind: 'insufficient_funds', message: m.insufficientFunds, canRetry: true };
    case 2:
    case 3:
    case 4:
    case 8:
      return { kind: 'limit', message: m.limit, canRetry: false };
    case 17:
      return { kind: 'duplicate', message: m.duplicate, canRetry: true };
    case 1019:
      return { kind: 'expired', message: m.expired, canRetry: true };
    case 1032:
      return { kind: 'cancelled', message: m.cancelled, canRetry: true };
    case 1037:
      return { kind: 'unreachable', message: m.unreachable, canRetry: true };
    case 2001:
      return { kind: 'wrong_pin', message: m.wrongPin, canRetry: true };
    case 2028:
    case 8006:
      return { kind: 'not_permitted', message: m.notPermitted, canRetry: false };
    default:
      return { kind: 'failed', message: m.failed, canRetry: true };
  }
}
