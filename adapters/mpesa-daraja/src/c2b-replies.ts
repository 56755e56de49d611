/** C2B00011 MSISDN, 12 account number, 13 amount, 14 KYC details, 15 short code, 16 other. */
export type C2bRejectionCode = 'C2B00011' | 'C2B00012' | 'C2B00013' | 'C2B00014' | 'C2B00015' | 'C2B00016';

export const C2B_REJECTION_REASONS: Readonly<Record<C2bRejectionCode, string>> = {
  C2B00011: 'Invalid MSISDN',
  C2B00012: 'Invalid account number',
  C2B00013: 'Invalid amount',
  C2B00014: 'Invalid KYC details',
  C2B00015: 'Invalid short code',
  C2B00016: 'Other error',
};

// The exact bodies Safaricom expects. Note the types: the validation reply's ResultCode is a
// string, the confirmation acknowledgement's is the number 0.

/** Reply to a validation request to let the payment through (within about 8 s). */
export function c2bValidationAccept(): { ResultCode: '0'; ResultDesc: 'Accepted' } {
  return { ResultCode: '0', ResultDesc: 'Accepted' };
}

/** Reply to a validation request to refuse the payment; the customer's money is not taken. */
export function c2bValidationReject(code: C2bRejectionCode): { ResultCode: C2bRejectionCode; ResultDesc: 'Rejected' } {
  return { ResultCode: code, ResultDesc: 'Rejected' };
}

/** Reply to a confirmation; the payment has happened whatever this says. */
export function c2bConfirmationAck(): { ResultCode: 0; ResultDesc: 'Success' } {
  return { ResultCode: 0, ResultDesc: 'Success' };
}
